"""The template tags read no database: the views and the tournament menu's context
processor (tourney/navigation.py) put what the pages need in their context."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.test import Client, RequestFactory

from tests import builders
from tourney.models import RoundStatus
from tourney.navigation import menu_facts
from tourney.roles import appoint
from tourney.templatetags import tourney_tags

pytestmark = pytest.mark.django_db

# What a tag would need to read the database.
DATABASE_MODULES = ("django.db", "tourney.models", "tourney.access", "tourney.roles", "tourney.services")


def test_the_tag_module_imports_nothing_that_reads_the_database() -> None:
    tree = ast.parse(Path(tourney_tags.__file__).read_text())
    imported = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)] + [
        alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    ]
    assert not [m for m in imported if m.startswith(DATABASE_MODULES)], imported


def test_the_menu_renders_without_a_query(django_assert_num_queries) -> None:
    t = builders.tournament(players=4, rounds=1)
    builders.round_with(t, 1, "1-3 1-0, 2-4 0-1", status=RoundStatus.CLOSED)
    menu = {"can": {"manage": False, "direct": True, "register": True}, "over": True}
    with django_assert_num_queries(0):
        html = render_to_string("tourney/_tournament_nav.html", {"tournament": t, "tournament_menu": menu})
    assert "Final standings" in html and "report-check-link" in html


def test_the_menu_facts_are_the_users_roles_and_whether_the_event_is_over(django_user_model) -> None:
    t = builders.tournament(players=4, rounds=1)
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    request = RequestFactory().get(f"/t/{t.pk}/")
    request.user = user
    request.resolver_match = type("Match", (), {"kwargs": {"tournament_id": t.pk}})()
    assert menu_facts(request) == {"can": {"manage": False, "direct": True, "register": True}, "over": False}
    builders.round_with(t, 1, "1-3 1-0, 2-4 0-1", status=RoundStatus.CLOSED)
    assert menu_facts(request)["over"] is True


def test_the_round_desk_shows_the_check_in_link_and_the_arbiters_menu(django_user_model) -> None:
    t = builders.tournament(players=4, rounds=2)
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert 'id="checkin-link"' in page and "Registration" in page  # the menu with the arbiter's links

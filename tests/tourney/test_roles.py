"""Organizer and arbiter roles exist after migrate, with their permissions."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from tourney.roles import ARBITERS, ORGANIZERS, ensure_role_groups

pytestmark = pytest.mark.django_db


def _codenames(name: str) -> set[str]:
    return set(Group.objects.get(name=name).permissions.values_list("codename", flat=True))


def test_arbiters_may_direct_a_tournament_but_not_organise_it() -> None:
    codenames = _codenames(ARBITERS)
    assert {"direct_tournament", "change_game", "add_bye", "change_round"} <= codenames
    assert "manage_tournament" not in codenames and "delete_tournament" not in codenames


def test_organizers_may_organise_but_not_enter_results() -> None:
    codenames = _codenames(ORGANIZERS)
    assert {"manage_tournament", "change_tournament", "add_player"} <= codenames
    assert "direct_tournament" not in codenames and "change_game" not in codenames


def test_ensuring_the_groups_twice_changes_nothing() -> None:
    before = _codenames(ARBITERS)
    ensure_role_groups()
    assert _codenames(ARBITERS) == before and Group.objects.filter(name=ARBITERS).count() == 1

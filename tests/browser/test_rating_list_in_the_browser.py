"""A 5,000-player FIDE list in Debian's chromium: an organizer-at-large uploads it (XML, in
FIDE's published form, written by tourney/rating_list/generator.py), the page follows the
import to its end, and the tournament's organizer registers a listed player from the
search box's suggestions."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from tests import builders
from tourney.models import RatingListEntry
from tourney.rating_list.generator import random_players, write_xml
from tourney.roles import ORGANIZERS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_list_of_5000_players_is_imported_and_a_player_registered_from_it(
    browser, live_server, sign_in, django_user_model, eager_celery, tmp_path: Path, settings
) -> None:
    settings.RATING_LIST_DIR = tmp_path / "lists"
    path = tmp_path / "standard_sep26frl_xml.xml"
    with path.open("w", encoding="utf-8") as out:
        write_xml(random_players(5000), out, kind="standard")
    organizer = django_user_model.objects.create_user("organizer-at-large")
    organizer.groups.add(Group.objects.get_or_create(name=ORGANIZERS)[0])
    client = Client()
    client.force_login(organizer)
    context = browser.new_context()
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/rating-list/")
    page.set_input_files("input[name=file]", str(path))
    page.click("button.primary")
    page.wait_for_selector("#rating-list-job .success", timeout=120_000)
    assert "5000 players imported" in page.inner_text("#rating-list-job")
    assert RatingListEntry.objects.count() == 5000
    assert RatingListEntry.objects.filter(standard_month=date(2026, 9, 1)).count() == 5000

    t = builders.tournament(players=0)
    arbiter = browser.new_context()
    sign_in(arbiter, t, roles=("organizer",), username="own-organizer")
    registration = arbiter.new_page()
    registration.goto(f"{live_server.url}/t/{t.pk}/registration/")
    registration.fill("input[name=q]", "100042")
    registration.wait_for_selector("#list-suggestions li form button")
    registration.click("#list-suggestions li form button")
    registration.wait_for_url(f"**/t/{t.pk}/registration/#players")
    listed = RatingListEntry.objects.get(fide_id=100042)
    assert t.players.get().name == listed.name
    assert listed.name in registration.inner_text("#players")
    context.close()
    arbiter.close()

"""The tie-break list from the settings and the creation form, the nav's "Standings" during
the event, the desk's results table on a phone."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from tests import builders
from tests.web.test_setup import SETTINGS
from tourney.caching import public_change
from tourney.models import RoundStatus, Tournament
from tourney.roles import ORGANIZERS, appoint
from tourney.services.rounds import close_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(django_user_model):
    user = django_user_model.objects.create_user("org")
    user.groups.add(Group.objects.get(name=ORGANIZERS))
    client = Client()
    client.force_login(user)
    return client, user


def test_the_creation_form_takes_the_tie_break_list(organizer) -> None:
    client, _user = organizer
    page = client.get("/new/").content.decode()
    assert 'name="tiebreaks-codes"' in page and 'name="tiebreaks-preset"' in page
    client.post("/new/", {**SETTINGS, "tiebreaks-codes": "BH/C1 BH SB DE"})
    assert Tournament.objects.get(name="Spring Open").tiebreaks == ["BH/C1", "BH", "SB", "DE"]


def test_the_creation_form_refuses_an_unknown_tie_break_and_creates_nothing(organizer) -> None:
    client, _user = organizer
    page = client.post("/new/", {**SETTINGS, "tiebreaks-codes": "BH XYZ"}).content.decode()
    assert "XYZ is not a tie-break code this program knows" in page
    assert not Tournament.objects.exists()


def test_the_creation_form_takes_a_preset(organizer) -> None:
    client, _user = organizer
    client.post("/new/", {**SETTINGS, "tiebreaks-preset": "swiss"})
    assert Tournament.objects.get().tiebreaks  # the preset's codes, written out


def test_the_settings_show_the_tie_breaks_and_lead_to_their_page(organizer) -> None:
    client, user = organizer
    t = builders.tournament(players=4, tiebreaks=["BH", "SB"])
    appoint(t, user, "organizer")
    page = client.get(f"/t/{t.pk}/settings/").content.decode()
    assert '<span id="tiebreak-codes">BH SB</span>' in page
    assert f'href="/t/{t.pk}/tiebreaks/"' in page


def test_the_nav_says_standings_during_the_event_and_final_standings_after_it(
    django_capture_on_commit_callbacks,
) -> None:
    t = builders.tournament(players=4, rounds=2)
    builders.round_with(t, 1, "1-3 1-0, 2-4 =", status=RoundStatus.CLOSED)
    nav = Client().get(f"/t/{t.pk}/").content.decode().split("</nav>")[1]
    assert ">Standings</a>" in nav and "Final standings" not in nav
    builders.round_with(t, 2, "1-2 1-0, 3-4 =", status=RoundStatus.CLOSED)
    with django_capture_on_commit_callbacks(execute=True):
        public_change(t.pk, round_number=2, status=True)  # written behind the services: tell the cache
    nav = Client().get(f"/t/{t.pk}/").content.decode().split("</nav>")[1]
    assert ">Final standings</a>" in nav


def test_the_nav_says_standings_in_italian_during_the_event() -> None:
    t = builders.tournament(players=4, rounds=2)
    client = Client()
    client.cookies["django_language"] = "it"
    nav = client.get(f"/t/{t.pk}/").content.decode().split("</nav>")[1]
    assert ">Classifica</a>" in nav and "Classifica finale" not in nav


def test_the_desk_marks_its_results_table_for_the_phone_layout(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert 'class="grid pairing desk"' in page and '<td class="num">' in page
    public = Client().get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "pairing desk" not in public


def test_closing_the_last_round_renews_every_cached_page_for_the_final_standings(
    desk, django_capture_on_commit_callbacks
) -> None:
    t, _client, user = desk  # three rounds
    builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.CLOSED)
    builders.round_with(t, 2, "4-1 1-0, 5-2 =, 6-3 0-1", byes="7 zero", status=RoundStatus.CLOSED)
    builders.round_with(t, 3, "1-2 1-0, 3-4 =, 5-6 0-1", byes="7 zero", status=RoundStatus.PUBLISHED)
    with django_capture_on_commit_callbacks(execute=True):
        public_change(t.pk, round_number=3, status=True, base=True)
    page = Client().get(f"/t/{t.pk}/rounds/1/").content.decode()  # cached now
    assert ">Standings</a>" in page
    with django_capture_on_commit_callbacks(execute=True):
        close_round(round_id=t.round_set.get(number=3).pk, user=user)
    assert ">Final standings</a>" in Client().get(f"/t/{t.pk}/rounds/1/").content.decode()

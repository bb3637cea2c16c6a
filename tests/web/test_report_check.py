"""The FIDE report's settings (arbiters and organizer with FIDE IDs, the round schedule) and
the pre-report check page, which lists what FIDE will reject with a link to fix each."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from tests import builders
from tests.web.test_setup import SETTINGS
from tourney.models import AuditEntry, Player, Tournament

pytestmark = pytest.mark.django_db


def test_creation_generates_the_round_schedule_in_the_tournament_zone(organizer) -> None:
    data = {
        **SETTINGS,
        "time_zone": "Europe/Rome",
        "first_round_at": "2026-05-01T15:00",
        "rounds_per_day": "2",
        "hours_between_rounds": "5",
    }
    assert organizer.post("/new/", data).status_code == 302
    t = Tournament.objects.get()
    assert t.round_schedule == [
        "2026-05-01T15:00",
        "2026-05-01T20:00",
        "2026-05-02T15:00",
        "2026-05-02T20:00",
        "2026-05-03T15:00",
    ]
    assert t.scheduled_start(3).utcoffset() == datetime.timedelta(hours=2)  # CEST


def test_the_settings_edit_each_round_and_audit_it(organizer) -> None:
    organizer.post("/new/", {**SETTINGS, "first_round_at": "2026-05-01T15:00"})
    t = Tournament.objects.get()
    page = organizer.get(f"/t/{t.pk}/settings/").content.decode()
    assert "2026-05-02 15:00" in page  # the list shows the schedule, one line per round
    schedule = "2026-05-01 15:00\n2026-05-01 20:00\n\n2026-05-04 09:30\n"
    data = {**SETTINGS, "schedule": schedule, "chief_arbiter": "Rossi", "chief_arbiter_fide_id": "812345"}
    assert organizer.post(f"/t/{t.pk}/settings/", data).status_code == 302
    t.refresh_from_db()
    assert t.round_schedule == ["2026-05-01T15:00", "2026-05-01T20:00", "", "2026-05-04T09:30"]
    assert (t.chief_arbiter, t.chief_arbiter_fide_id) == ("Rossi", "812345")
    assert "round_schedule=" in AuditEntry.objects.filter(action="change settings").latest("at").new_value


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("chief_arbiter_fide_id", "81A345", "is not a FIDE ID: digits only, at most 10"),
        ("organizer_fide_id", "12345678901", "at most 10"),
        ("deputy_arbiter_fide_ids", "823456; x1", "x1 is not a FIDE ID"),
        ("deputy_arbiter_fide_ids", "823456; 834567", "2 FIDE IDs for 1 deputy arbiters"),
        ("schedule", "2026-05-01 15:00\n1 May", "round 2: 1 May is not a date and time"),
        ("schedule", "2026-05-02 15:00\n2026-05-01 15:00", "round 2 starts before the round before it"),
        ("schedule", "\n".join(["2026-05-01 15:00"] * 6), "6 lines for 5 rounds"),
    ],
)
def test_the_settings_refuse_a_bad_fide_id_or_schedule(organizer, field: str, value: str, message: str) -> None:
    data = {**SETTINGS, "deputy_arbiters": "Bianchi", field: value}
    if value.endswith("x1"):
        data["deputy_arbiters"] = "Bianchi; Verdi"
    page = organizer.post("/new/", data).content.decode()
    assert message in page and not Tournament.objects.exists()


def test_the_check_lists_each_problem_with_a_link_to_fix_it(desk) -> None:
    t, client, _user = desk
    t.chief_arbiter, t.deputy_arbiters, t.deputy_arbiter_fide_ids = "Rossi", "Bianchi; Verdi", "; 834567"
    t.round_schedule = ["2026-05-01T15:00"]
    t.start_date = datetime.date(2026, 5, 2)
    t.save()
    Player.objects.filter(tournament=t).update(fide_id="1234", federation="ITA")
    Player.objects.filter(tournament=t, pairing_number=1).update(fide_id="", federation="")
    Player.objects.filter(tournament=t, pairing_number=2).update(fide_id="", rating=0)
    builders.round_with(t, 1, "1-2 1-0, 3-4 =, 5-6 0-1", byes="7 pab")
    builders.round_with(t, 2, "3-1 *, 2-4 1-0, 6-7 =", byes="5 pab")
    page = client.get(f"/t/{t.pk}/export/trf/check/").content.decode()
    settings, alice = f"/t/{t.pk}/settings/", f"/t/{t.pk}/registration/{builders.player(t, 1).pk}/"
    for text in [
        "The city (record 022) is missing.",
        "The chief arbiter Rossi has no FIDE ID (record 102).",
        "The deputy arbiter Bianchi has no FIDE ID (record 112).",
        "Round 1 is dated 2026-05-01, outside the tournament&#x27;s dates.",
        "Round 2 has no date (record 132).",
        "Round 2, board 1 (Carla - Alice) has no result.",
        "Player 1 Alice is rated 2500 but has no FIDE ID.",
        "Player 1 Alice has no federation.",
        "Player 2 Bruno has no FIDE ID: FIDE rates only players registered with it.",
        f'href="{settings}#officials"',
        f'href="{settings}#schedule"',
        f'href="{alice}"',
        f'href="/t/{t.pk}/rounds/2/"',
        f'href="/t/{t.pk}/export/trf/?format=trf26"',
    ]:
        assert text in page, text
    assert "Round 3 is not paired yet" in page and "Round 3 has no date (record 132)." in page
    assert "Verdi has no FIDE ID" not in page and "Player 3" not in page


def test_a_complete_report_has_nothing_to_fix(desk) -> None:
    t, client, _user = desk
    t.place, t.federation, t.time_control = "Pisa", "ITA", "90+30"
    t.start_date, t.end_date = datetime.date(2026, 5, 1), datetime.date(2026, 5, 2)
    t.chief_arbiter, t.chief_arbiter_fide_id = "Rossi", "812345"
    t.round_schedule = ["2026-05-01T15:00", "2026-05-01T20:00", "2026-05-02T10:00"]
    t.save()
    Player.objects.filter(tournament=t).update(federation="ITA", fide_id="1000")
    builders.round_with(t, 1, "1-2 1-0, 3-4 =, 5-6 0-1", byes="7 pab")
    builders.round_with(t, 2, "3-1 =, 2-4 1-0, 6-7 =", byes="5 pab")
    builders.round_with(t, 3, "1-4 =, 7-2 1-0, 5-3 =", byes="6 pab")
    page = client.get(f"/t/{t.pk}/export/trf/check/").content.decode()
    assert "Nothing FIDE would reject was found." in page


def test_the_check_is_the_arbiters_page(desk, django_user_model) -> None:
    t, client, _user = desk
    assert Client().get(f"/t/{t.pk}/export/trf/check/").status_code in (302, 403)
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("stranger"))
    assert stranger.get(f"/t/{t.pk}/export/trf/check/").status_code == 403
    page = client.get(f"/t/{t.pk}/").content.decode()
    assert f'href="/t/{t.pk}/export/trf/check/"' in page  # beside the TRF download

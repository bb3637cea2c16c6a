"""The organizer's and the arbiter's pages with Django's test client: setting up,
registration, pairing, publication, keyboard results, closing, public pages, audit."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests import builders
from tourney.models import AuditEntry, Bye, ByeKind, Game, Player, Result, Round, RoundStatus, Tournament
from tourney.roles import ORGANIZERS, appoint

pytestmark = pytest.mark.django_db

SETTINGS = {
    "name": "Spring Open",
    "place": "Pisa",
    "rounds": "5",
    "pairing_system": "dutch",
    "acceleration": "none",
    "acceleration_group_a_min": "2000",
    "acceleration_group_c_below": "1600",
    "points_win": "1",
    "points_draw": "0.5",
    "points_loss": "0",
    "points_pairing_bye": "1",
    "points_forfeit_win": "1",
    "points_forfeit_loss": "0",
    "points_full_bye": "1",
    "points_half_bye": "0.5",
    "correction_policy": "deadline",
    "correction_window_minutes": "60",
    "status": "registration",
}


@pytest.fixture
def organizer(django_user_model):
    user = django_user_model.objects.create_user("org")
    user.groups.add(Group.objects.get(name=ORGANIZERS))
    client = Client()
    client.force_login(user)
    return client


def test_an_organizer_creates_a_tournament_and_becomes_its_organizer(organizer) -> None:
    response = organizer.post("/new/", SETTINGS)
    t = Tournament.objects.get(name="Spring Open")
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/registration/"
    assert (t.points_draw, t.points_half_bye, t.rounds) == (5, 5, 5)
    assert t.appointments.get().role == "organizer"
    assert organizer.get(f"/t/{t.pk}/settings/").status_code == 200


def test_settings_refuse_a_progressive_group_c_above_group_a(organizer) -> None:
    data = {**SETTINGS, "acceleration": "progressive", "acceleration_group_a_min": "1500"}
    page = organizer.post("/new/", data).content.decode()
    assert "group C must lie below group A" in page and not Tournament.objects.exists()


def test_players_get_pairing_numbers_in_initial_order(organizer) -> None:
    organizer.post("/new/", SETTINGS)
    t = Tournament.objects.get()
    # C.04.2.B.2: rating, then title (GM before IM), then name.
    for name, rating, title in [("Zeta", 2400, "IM"), ("Alpha", 2400, "IM"), ("Beta", 2400, "GM"), ("Gamma", 2500, "")]:
        response = organizer.post(f"/t/{t.pk}/registration/add/", {"name": name, "rating": rating, "title": title})
        assert response.status_code == 302
    assert list(t.players.values_list("name", flat=True)) == ["Gamma", "Beta", "Alpha", "Zeta"]


def test_a_csv_upload_registers_all_rows_or_none(organizer) -> None:
    organizer.post("/new/", SETTINGS)
    t = Tournament.objects.get()
    good = "name;rating;title;federation\nRossi, Mario;2100;FM;ita\nBianchi, Anna;2200;WIM;ITA\n"
    organizer.post(f"/t/{t.pk}/registration/csv/", {"file": SimpleUploadedFile("p.csv", good.encode())})
    assert list(t.players.values_list("name", "pairing_number", "federation")) == [
        ("Bianchi, Anna", 1, "ITA"),
        ("Rossi, Mario", 2, "ITA"),
    ]
    bad = "name,rating\nVerdi,2000\nNeri,lots\n"
    page = organizer.post(f"/t/{t.pk}/registration/csv/", {"file": SimpleUploadedFile("p.csv", bad.encode())})
    assert "line 3" in page.content.decode() and t.players.count() == 2


def test_a_trf_import_creates_a_tournament(organizer, fixtures_dir) -> None:
    trf = next(fixtures_dir.glob("trf/*.trf*"), None) or next(fixtures_dir.rglob("*.tr*"))
    response = organizer.post("/import/", {"file": SimpleUploadedFile("t.trf", trf.read_bytes())})
    t = Tournament.objects.get()
    assert response.status_code == 302 and t.players.exists() and t.appointments.get().role == "organizer"


def test_a_malformed_trf_names_the_line(organizer) -> None:
    page = organizer.post("/import/", {"file": SimpleUploadedFile("t.trf", b"012 X\n001 oops\n")}).content.decode()
    assert "line 2" in page and not Tournament.objects.exists()


@pytest.fixture
def desk(django_user_model):
    """A 7-player tournament, its arbiter logged in."""
    t = builders.tournament(players=7, rounds=3)
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return t, client, user


def _htmx(client: Client, url: str, data: dict | None = None):
    return client.post(url, data or {}, headers={"HX-Request": "true"})


def test_the_round_cycle_with_keyboard_results(desk, eager_celery, django_capture_on_commit_callbacks) -> None:
    t, client, _user = desk
    with django_capture_on_commit_callbacks(execute=True):
        _htmx(client, f"/t/{t.pk}/rounds/1/pair/")
    rnd = Round.objects.get(tournament=t, number=1)
    assert rnd.status == RoundStatus.PAIRED and rnd.games.count() == 3
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "pts · pref · floats" in page  # the draft explains itself
    assert "Pairing-allocated bye" in page

    _htmx(client, f"/t/{t.pk}/rounds/1/publish/")
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED

    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1 1-0"}).content.decode()
    assert "Board 1: 1-0" in answer and 'id="board-1"' in answer and "hx-swap-oob" in answer
    _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "2 +-"})
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"board": "3", "result": "--"}).content.decode()
    assert "all results in" in answer
    assert list(rnd.games.order_by("board").values_list("result", flat=True)) == [
        Result.WHITE_WINS,
        Result.WHITE_WINS_FORFEIT,
        Result.DOUBLE_FORFEIT,
    ]
    assert "is not a result" in _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1 2-0"}).content.decode()
    assert "has no board 9" in _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "9 1-0"}).content.decode()

    _htmx(client, f"/t/{t.pk}/rounds/1/close/")
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.CLOSED and rnd.correction_deadline is not None

    public = Client()
    standings = public.get(f"/t/{t.pk}/rounds/1/standings/").content.decode()
    assert "Standings and AROs after round 1" in standings
    first = Game.objects.get(round=rnd, board=1)
    card = public.get(f"/t/{t.pk}/players/{first.white.pk}/").content.decode()
    assert first.black.name in card and "White" in card

    audit = client.get(f"/t/{t.pk}/audit/").content.decode()
    assert "result" in audit and "publish pairing" in audit and "arb" in audit


def test_a_correction_after_the_deadline_is_refused_and_logged(desk) -> None:
    from datetime import timedelta

    from django.utils import timezone

    t, client, user = desk
    rnd = builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.CLOSED)
    Round.objects.filter(pk=rnd.pk).update(correction_deadline=timezone.now() + timedelta(minutes=5))
    assert "Board 1: 0-1" in _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1 0-1"}).content.decode()
    Round.objects.filter(pk=rnd.pk).update(correction_deadline=timezone.now() - timedelta(minutes=1))
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "2 1-0"}).content.decode()
    assert "Refused" in answer and "deadline" in answer
    assert Game.objects.get(round=rnd, board=2).result == Result.DRAW
    refused = AuditEntry.objects.get(action="refused result")
    assert (refused.user, refused.old_value, refused.new_value) == (user, Result.DRAW, Result.WHITE_WINS)
    assert AuditEntry.objects.get(action="correct result").old_value == Result.WHITE_WINS


def test_late_entry_withdrawal_and_requested_bye(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.CLOSED)
    # A late entry rated above everyone takes number 1 (renumbering before round 4, C.04.2.B.3).
    client.post(f"/t/{t.pk}/registration/add/", {"name": "Late", "rating": "2600"})
    late = Player.objects.get(name="Late")
    assert (late.pairing_number, late.entry_round) == (1, 2)
    alice = Player.objects.get(tournament=t, name="Alice")
    assert alice.pairing_number == 2
    client.post(f"/t/{t.pk}/registration/{alice.pk}/withdraw/", {"from_round": "3"})
    alice.refresh_from_db()
    assert alice.withdrawal_round == 3
    bruno = Player.objects.get(tournament=t, name="Bruno")
    client.post(f"/t/{t.pk}/byes/", {"player": bruno.pk, "round": "2", "kind": "half"})
    bye = Bye.objects.get(player=bruno)
    assert (bye.round.number, bye.kind, bye.requested) == (2, ByeKind.HALF_POINT, True)
    # Round 1 is paired: a bye for it is refused with the reason.
    page = client.post(f"/t/{t.pk}/byes/", {"player": bruno.pk, "round": "1", "kind": "zero"}).content.decode()
    assert "already paired" in page
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"late entry", "renumber players", "withdraw", "request bye"} <= actions


def test_numbers_are_final_once_round_4_is_paired(desk) -> None:
    t, client, _user = desk
    Tournament.objects.filter(pk=t.pk).update(rounds=6)
    for n in range(1, 5):
        Round.objects.create(tournament=t, number=n, status=RoundStatus.CLOSED if n < 4 else RoundStatus.PAIRED)
    client.post(f"/t/{t.pk}/registration/add/", {"name": "Very Late", "rating": "2700", "entry_round": "5"})
    assert Player.objects.get(name="Very Late").pairing_number == 8
    assert Player.objects.get(tournament=t, name="Alice").pairing_number == 1


def test_public_pages_hide_the_management_links(desk) -> None:
    t, client, _user = desk
    page = Client().get(f"/t/{t.pk}/").content.decode()
    assert "Registration" not in page and "Audit" not in page
    assert Client().get(f"/t/{t.pk}/audit/").status_code == 302  # to the login page
    page = client.get(f"/t/{t.pk}/").content.decode()
    assert re.search(r'href="/t/\d+/audit/"', page)

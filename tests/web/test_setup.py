"""The organizer's pages: creating and importing a tournament, settings, the tie-break
list, registration (entries, files, withdrawals, byes), appointments."""

from __future__ import annotations

import zoneinfo

import pytest
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests import builders
from tourney.models import AuditEntry, Bye, ByeKind, Player, Round, RoundStatus, Tournament
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
def import_trf(organizer, eager_celery, django_capture_on_commit_callbacks):
    """POST the import form as the organizer, run the job it queues, and answer with the
    job's page the POST leads to (or the form, refused)."""

    def post(data: dict[str, object]):
        with django_capture_on_commit_callbacks(execute=True):
            response = organizer.post("/import/", data)
        return organizer.get(response["Location"]) if response.status_code == 302 else response

    return post


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


def test_a_trf_import_creates_a_tournament(import_trf, fixtures_dir) -> None:
    trf = next(fixtures_dir.glob("trf/*.trf*"), None) or next(fixtures_dir.rglob("*.tr*"))
    page = import_trf({"file": SimpleUploadedFile("t.trf", trf.read_bytes())}).content.decode()
    t = Tournament.objects.get()
    assert t.players.exists() and t.appointments.get().role == "organizer"
    assert f"{t.players.count()} players" in page and t.get_absolute_url() in page


def test_a_malformed_trf_names_the_line(import_trf) -> None:
    page = import_trf({"file": SimpleUploadedFile("t.trf", b"012 X\n001 oops\n")}).content.decode()
    assert "line 2" in page and not Tournament.objects.exists()


def test_late_entry_withdrawal_and_requested_bye(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.CLOSED)
    # A late entry rated above everyone takes number 1 (renumbering before round 4, C.04.2.B.3).
    client.post(f"/t/{t.pk}/registration/add/", {"name": "Late", "rating": "2600"})
    late = Player.objects.get(name="Late")
    assert (late.pairing_number, late.entry_round) == (1, 2)
    alice = Player.objects.get(tournament=t, name="Alice")
    assert alice.pairing_number == 2
    client.post(f"/t/{t.pk}/registration/{alice.pk}/withdraw/", {"from_round": "3", "confirmed": "1"})
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


@pytest.fixture
def seed_organizer(django_user_model, seed: Tournament):
    """The organizer of the seed example (logged out)."""
    user = django_user_model.objects.create_user("organizer")
    appoint(seed, user, "organizer")
    return user


def test_the_organizer_picks_a_preset(client, seed: Tournament, seed_organizer) -> None:
    client.force_login(seed_organizer)
    url = reverse("tiebreak_settings", kwargs={"tournament_id": seed.pk})
    standings = reverse("standings", kwargs={"tournament_id": seed.pk})
    assert "Choose the tie-breaks" in client.get(standings).content.decode()
    # The seed example has started: the change after round 1 is confirmed (C.07 4.1).
    response = client.post(url, {"preset": "swiss-rated", "codes": "", "confirmed": "1"})
    assert response.status_code == 302
    seed.refresh_from_db()
    assert seed.tiebreaks == ["ARO/C1", "BH/C1", "BH", "DE", "WIN"]
    entry = AuditEntry.objects.get(tournament=seed, action="change tie-breaks after start")
    assert (entry.old_value, entry.new_value) == ("BH/C1 BH SB DE", "ARO/C1 BH/C1 BH DE WIN")
    assert ">ARO-C1</abbr>" in client.get(standings).content.decode()


def test_the_organizer_types_his_own_list(client, seed: Tournament, seed_organizer) -> None:
    client.force_login(seed_organizer)
    url = reverse("tiebreak_settings", kwargs={"tournament_id": seed.pk})
    client.post(url, {"preset": "", "codes": "ps/c1, bh/m1 de", "confirmed": "1"})
    seed.refresh_from_db()
    assert seed.tiebreaks == ["PS/C1", "BH/M1", "DE"]
    page = client.post(url, {"preset": "", "codes": "BH KOYA BH", "confirmed": "1"}).content.decode()
    assert "KOYA is not a tie-break code this program knows" in page and "a tie-break is listed twice" in page
    seed.refresh_from_db()
    assert seed.tiebreaks == ["PS/C1", "BH/M1", "DE"]


def test_only_the_organizer_changes_the_list(client, seed: Tournament, arbiter) -> None:
    url = reverse("tiebreak_settings", kwargs={"tournament_id": seed.pk})
    assert client.get(url).status_code == 302  # to the login page
    assert client.post(url, {"preset": "swiss"}).status_code == 403
    client.force_login(arbiter)
    assert client.post(url, {"preset": "swiss"}).status_code == 403
    seed.refresh_from_db()
    assert seed.tiebreaks == ["BH/C1", "BH", "SB", "DE"]


# ---------------------------------------------------------------- each write, the database after it


@pytest.fixture
def running(django_user_model):
    """A 6-player tournament with round 1 closed; its organizer and arbiter logged in."""
    t = builders.tournament(players=6, rounds=5)
    builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", status=RoundStatus.CLOSED)
    user = django_user_model.objects.create_user("boss")
    appoint(t, user, "organizer")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return t, client, user


def _messages(response) -> list[str]:
    return [str(m) for m in response.wsgi_request._messages]


def test_it_withdraws_a_player_from_a_round_not_yet_paired(running) -> None:
    t, client, user = running
    carla = builders.player(t, 3)
    response = client.post(f"/t/{t.pk}/registration/{carla.pk}/withdraw/", {"from_round": "3", "confirmed": "1"})
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/registration/#players"
    carla.refresh_from_db()
    assert carla.withdrawal_round == 3
    entry = AuditEntry.objects.get(tournament=t, action="withdraw")
    assert (entry.new_value, entry.user, entry.reason) == ("3", user, "C.04.2.D.3")
    assert "Carla withdrawn from round 3 (C.04.2.D.3)." in _messages(response)


def test_it_refuses_a_withdrawal_from_a_round_already_paired(running) -> None:
    t, client, _user = running
    builders.round_with(t, 2, "1-2, 4-5, 3-6")
    carla = builders.player(t, 3)
    response = client.post(f"/t/{t.pk}/registration/{carla.pk}/withdraw/", {"from_round": "2", "confirmed": "1"})
    assert _messages(response) == ["round 2 is already paired: the withdrawal can take effect from round 3"]
    carla.refresh_from_db()
    assert carla.withdrawal_round is None
    assert not AuditEntry.objects.filter(tournament=t, action="withdraw").exists()


def test_it_refuses_a_withdrawal_without_a_round(running) -> None:
    t, client, _user = running
    carla = builders.player(t, 3)
    response = client.post(f"/t/{t.pk}/registration/{carla.pk}/withdraw/", {"from_round": "x", "confirmed": "1"})
    assert _messages(response) == ["give the first round the player is no longer paired in"]
    carla.refresh_from_db()
    assert carla.withdrawal_round is None


def test_it_reinstates_a_withdrawn_player(running) -> None:
    t, client, user = running
    carla = builders.player(t, 3)
    Player.objects.filter(pk=carla.pk).update(withdrawal_round=3)
    response = client.post(f"/t/{t.pk}/registration/{carla.pk}/reinstate/")
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/registration/#players"
    carla.refresh_from_db()
    assert carla.withdrawal_round is None
    entry = AuditEntry.objects.get(tournament=t, action="cancel withdrawal")
    assert (entry.old_value, entry.user) == ("3", user)
    assert _messages(response) == ["Withdrawal of Carla cancelled."]


def test_it_refuses_to_reinstate_a_player_once_rounds_were_paired_without_him(running) -> None:
    t, client, _user = running
    carla = builders.player(t, 3)
    Player.objects.filter(pk=carla.pk).update(withdrawal_round=2)
    builders.round_with(t, 2, "1-2, 4-5")
    response = client.post(f"/t/{t.pk}/registration/{carla.pk}/reinstate/")
    assert _messages(response) == ["rounds after the withdrawal are already paired without the player"]
    carla.refresh_from_db()
    assert carla.withdrawal_round == 2
    assert not AuditEntry.objects.filter(tournament=t, action="cancel withdrawal").exists()


def test_it_records_a_requested_bye(running) -> None:
    t, client, user = running
    davide = builders.player(t, 4)
    response = client.post(f"/t/{t.pk}/byes/", {"player": davide.pk, "round": "3", "kind": "zero"})
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/registration/#byes"
    bye = Bye.objects.get(player=davide)
    assert (bye.round.number, bye.kind, bye.requested, bye.created_by) == (3, ByeKind.ZERO_POINT, True, user)
    entry = AuditEntry.objects.get(tournament=t, action="request bye")
    assert (entry.object_id, entry.user) == (str(bye.pk), user)


def test_it_refuses_a_bye_beyond_the_last_round(running) -> None:
    t, client, _user = running
    davide = builders.player(t, 4)
    page = client.post(f"/t/{t.pk}/byes/", {"player": davide.pk, "round": "9", "kind": "half"}).content.decode()
    assert "the tournament has rounds 1 to 5" in page
    assert not Bye.objects.filter(player=davide).exists()
    assert not AuditEntry.objects.filter(tournament=t, action="request bye").exists()


def test_it_cancels_a_requested_bye(running) -> None:
    t, client, user = running
    davide = builders.player(t, 4)
    client.post(f"/t/{t.pk}/byes/", {"player": davide.pk, "round": "3", "kind": "half"})
    bye = Bye.objects.get(player=davide)
    response = client.post(f"/t/{t.pk}/byes/{bye.pk}/cancel/")
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/registration/#byes"
    assert not Bye.objects.filter(pk=bye.pk).exists()
    entry = AuditEntry.objects.get(tournament=t, action="cancel bye")
    assert (entry.object_id, entry.user) == (str(bye.pk), user)


def test_it_refuses_to_cancel_the_bye_of_a_paired_round(running) -> None:
    t, client, _user = running
    rnd = builders.round_with(t, 2, "1-2, 4-5", status=RoundStatus.PAIRED)
    bye = Bye.objects.create(round=rnd, player=builders.player(t, 3), kind=ByeKind.HALF_POINT, requested=True)
    response = client.post(f"/t/{t.pk}/byes/{bye.pk}/cancel/")
    assert _messages(response) == ["only a requested bye of a round not yet paired can be cancelled"]
    assert Bye.objects.filter(pk=bye.pk).exists()
    assert not AuditEntry.objects.filter(tournament=t, action="cancel bye").exists()


def test_it_appoints_an_arbiter(running, django_user_model) -> None:
    t, client, user = running
    django_user_model.objects.create_user("deputy")
    response = client.post(f"/t/{t.pk}/appointments/", {"username": "deputy", "role": "arbiter"})
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/appointments/"
    appointment = t.appointments.get(user__username="deputy")
    assert (appointment.role, appointment.appointed_by) == ("arbiter", user)
    entry = AuditEntry.objects.get(tournament=t, action="appoint")
    assert (entry.new_value, entry.user) == ("deputy arbiter", user)
    assert _messages(response) == ["deputy appointed Arbiter."]


def test_it_refuses_to_appoint_an_unknown_user(running) -> None:
    t, client, _user = running
    page = client.post(f"/t/{t.pk}/appointments/", {"username": "nobody", "role": "arbiter"}).content.decode()
    assert "no user nobody" in page
    assert t.appointments.count() == 2
    assert not AuditEntry.objects.filter(tournament=t, action="appoint").exists()


def test_it_dismisses_an_arbiter(running, django_user_model) -> None:
    t, client, user = running
    appointment = appoint(t, django_user_model.objects.create_user("deputy"), "arbiter")
    described = str(appointment)
    response = client.post(f"/t/{t.pk}/appointments/{appointment.pk}/dismiss/")
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/appointments/"
    assert not t.appointments.filter(pk=appointment.pk).exists()
    entry = AuditEntry.objects.get(tournament=t, action="dismiss")
    assert (entry.old_value, entry.user) == (described, user)


def test_it_refuses_that_an_organizer_dismisses_himself(running) -> None:
    t, client, user = running
    own = t.appointments.get(user=user, role="organizer")
    response = client.post(f"/t/{t.pk}/appointments/{own.pk}/dismiss/")
    assert _messages(response) == ["An organizer cannot dismiss himself."]
    assert t.appointments.filter(pk=own.pk).exists()
    assert not AuditEntry.objects.filter(tournament=t, action="dismiss").exists()


def test_it_saves_the_settings_and_audits_what_changed(running) -> None:
    t, client, user = running
    data = {**SETTINGS, "name": "Test Open", "place": "Lucca", "rounds": "7", "pairing_system": t.pairing_system}
    response = client.post(f"/t/{t.pk}/settings/", data)
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/settings/"
    t.refresh_from_db()
    assert (t.place, t.rounds) == ("Lucca", 7)
    entry = AuditEntry.objects.get(tournament=t, action="change settings")
    assert "place=Lucca" in entry.new_value and "rounds=7" in entry.new_value and "rounds=5" in entry.old_value
    assert "name=" not in entry.new_value
    assert entry.user == user
    assert _messages(response) == ["Settings saved."]


def test_it_refuses_fewer_rounds_than_those_already_paired(running) -> None:
    t, client, _user = running
    builders.round_with(t, 2, "1-2, 4-5")
    data = {**SETTINGS, "name": "Test Open", "rounds": "1", "pairing_system": t.pairing_system}
    page = client.post(f"/t/{t.pk}/settings/", data).content.decode()
    assert "round 2 is already paired" in page
    t.refresh_from_db()
    assert t.rounds == 5
    assert not AuditEntry.objects.filter(tournament=t, action="change settings").exists()


def test_it_saves_the_tiebreak_list_once(running) -> None:
    t, client, user = running
    url = f"/t/{t.pk}/tiebreaks/"
    response = client.post(url, {"preset": "", "codes": "BH/C1 SB", "confirmed": "1"})  # after round 1
    assert response.status_code == 302 and response.url == url
    t.refresh_from_db()
    assert t.tiebreaks == ["BH/C1", "SB"]
    client.post(url, {"preset": "", "codes": "BH/C1 SB"})  # the same list again: nothing to record or confirm
    entry = AuditEntry.objects.get(tournament=t, action="change tie-breaks after start")
    assert (entry.new_value, entry.user) == ("BH/C1 SB", user)


def test_a_dismissed_arbiter_reads_no_draft(running, django_user_model) -> None:
    t, client, _user = running
    builders.round_with(t, 2, "1-2 *, 3-4 *, 5-6 *", status=RoundStatus.PAIRED)
    deputy = django_user_model.objects.create_user("deputy")
    appointment = appoint(t, deputy, "arbiter")
    client.post(f"/t/{t.pk}/appointments/{appointment.pk}/dismiss/")
    former = Client()
    former.force_login(deputy)
    assert "Bruno" not in former.get(f"/t/{t.pk}/rounds/2/").content.decode()
    assert former.get(f"/t/{t.pk}/rounds/2/print/pairing/").status_code == 404
    assert former.get(f"/t/{t.pk}/export/trf/arbiter/").status_code == 403


def test_a_one_off_organizer_creates_and_imports_no_tournament_of_his_own(running, django_user_model) -> None:
    t, client, _user = running
    guest = django_user_model.objects.create_user("guest")
    client.post(f"/t/{t.pk}/appointments/", {"username": "guest", "role": "organizer"})
    guest_client = Client()
    guest_client.force_login(guest)
    assert guest_client.get(f"/t/{t.pk}/settings/").status_code == 200  # his tournament
    assert guest_client.get("/new/").status_code == 403
    assert guest_client.post("/new/", SETTINGS).status_code == 403
    assert guest_client.get("/import/").status_code == 403
    appointment = t.appointments.get(user=guest)
    client.post(f"/t/{t.pk}/appointments/{appointment.pk}/dismiss/")
    assert guest_client.get(f"/t/{t.pk}/settings/").status_code == 403
    assert guest_client.get("/new/").status_code == 403
    assert Tournament.objects.count() == 1


@pytest.mark.parametrize("target", ["https://evil.example/phish", "//evil.example/", "/\\evil.example"])
def test_the_colour_draw_does_not_redirect_to_another_site(target, django_user_model) -> None:
    t = builders.tournament(players=4, initial_colour="")
    user = django_user_model.objects.create_user("boss")
    appoint(t, user, "organizer")
    client = Client()
    client.force_login(user)
    response = client.post(f"/t/{t.pk}/draw-colour/", {"next": target})
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/registration/"


def test_the_colour_draw_returns_to_the_page_it_came_from(django_user_model) -> None:
    t = builders.tournament(players=4, initial_colour="")
    user = django_user_model.objects.create_user("boss")
    appoint(t, user, "organizer")
    client = Client()
    client.force_login(user)
    response = client.post(f"/t/{t.pk}/draw-colour/", {"next": f"/t/{t.pk}/settings/"})
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/settings/"


def test_a_withdrawal_asks_for_a_confirmation_first(running) -> None:
    t, client, _user = running
    carla = builders.player(t, 3)
    response = client.post(f"/t/{t.pk}/registration/{carla.pk}/withdraw/", {"from_round": "3"})
    page = response.content.decode()
    assert response.status_code == 200 and "Withdraw Carla from round 3?" in page
    assert '<input type="hidden" name="from_round" value="3">' in page and 'name="confirmed" value="1"' in page
    carla.refresh_from_db()
    assert carla.withdrawal_round is None
    assert not AuditEntry.objects.filter(tournament=t, action="withdraw").exists()


def test_the_organizer_gives_the_tournament_its_time_zone(running) -> None:
    t, client, _user = running
    assert 'name="time_zone"' in client.get(f"/t/{t.pk}/settings/").content.decode()
    data = {**SETTINGS, "name": "Test Open", "pairing_system": t.pairing_system, "time_zone": "Europe/Rome"}
    response = client.post(f"/t/{t.pk}/settings/", data)
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.time_zone == "Europe/Rome"
    assert "time_zone=Europe/Rome" in AuditEntry.objects.get(tournament=t, action="change settings").new_value
    page = client.post(f"/t/{t.pk}/settings/", {**data, "time_zone": "Mars/Olympus"}).content.decode()
    assert "Mars/Olympus is not a time zone (e.g. Europe/Rome)" in page
    t.refresh_from_db()
    assert t.time_zone == "Europe/Rome"


def test_the_bye_form_offers_the_next_round_to_pair(running) -> None:
    t, client, _user = running
    t.rounds = 2
    t.save(update_fields=["rounds"])
    page = client.get(f"/t/{t.pk}/registration/").content.decode()
    assert '<input type="number" name="round" value="2" min="1" max="2" required id="id_round">' in page
    builders.round_with(t, 2, "4-1, 5-2, 6-3")
    page = client.get(f"/t/{t.pk}/registration/").content.decode()  # every round is paired
    assert '<input type="number" name="round" min="1" max="2" required id="id_round">' in page


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Rossi\nMario", "control character U+000A"),
        ("Rossi\tMario", "control character U+0009"),
        ("Rossi\x1b[31m", "control character U+001B"),
        ("Rossi\x00", "Null characters are not allowed."),  # Django's own check comes first
    ],
)
def test_the_forms_refuse_a_control_character(organizer, name: str, message: str) -> None:
    organizer.post("/new/", SETTINGS)
    t = Tournament.objects.get()
    page = organizer.post(f"/t/{t.pk}/registration/add/", {"name": name, "rating": 2000}).content.decode()
    assert message in page and not t.players.exists()
    assert "control character" in organizer.post("/new/", {**SETTINGS, "name": "Open\r\n012 X"}).content.decode()
    assert Tournament.objects.count() == 1


def test_a_birth_date_may_be_typed_the_iso_way(organizer) -> None:
    organizer.post("/new/", SETTINGS)
    t = Tournament.objects.get()
    organizer.post(f"/t/{t.pk}/registration/add/", {"name": "Rossi", "rating": 2000, "birth_date": "1990-05-17"})
    assert t.players.get().birth_date == "1990/05/17"
    player = t.players.get()
    data = {"name": "Rossi", "rating": 2000, "birth_date": "1991-06-18"}
    organizer.post(f"/t/{t.pk}/registration/{player.pk}/", data)
    assert t.players.get().birth_date == "1991/06/18"


def test_the_import_reads_a_file_with_cr_line_ends_and_a_byte_order_mark(import_trf, fixtures_dir) -> None:
    text = (fixtures_dir / "trf" / "dutch-seed-example.trf").read_bytes().replace(b"\n", b"\r")
    import_trf({"file": SimpleUploadedFile("t.trf", b"\xef\xbb\xbf" + text)})
    t = Tournament.objects.get()
    assert t.players.count() == 14 and t.round_set.count() == 6


def test_the_import_refuses_random_bytes_naming_line_and_column(import_trf) -> None:
    page = import_trf({"file": SimpleUploadedFile("t.trf", bytes(range(256)) * 4)}).content.decode()
    assert "line 1, column 1: control character U+0000" in page and not Tournament.objects.exists()


def test_the_import_asks_for_the_round_count_a_file_does_not_declare(import_trf, fixtures_dir) -> None:
    text = (fixtures_dir / "trf" / "dutch-seed-example.trf").read_text().replace("XXR 6\n", "")
    page = import_trf({"file": SimpleUploadedFile("t.trf", text.encode())}).content.decode()
    assert "the file does not declare the number of rounds (XXR or record 142)" in page
    assert not Tournament.objects.exists()
    import_trf({"file": SimpleUploadedFile("t.trf", text.encode()), "rounds": "9"})
    assert Tournament.objects.get().rounds == 9
    beyond = text.replace("XXC white1", "XXR 5\nXXC white1")
    page = import_trf({"file": SimpleUploadedFile("t.trf", beyond.encode())}).content.decode()
    assert "round 6 is beyond the 5 rounds the file declares (XXR/142)" in page


def test_an_imported_tournament_says_its_initial_colour_came_from_the_file(organizer, import_trf, fixtures_dir) -> None:
    trf = (fixtures_dir / "trf" / "dutch-seed-example.trf").read_bytes()
    import_trf({"file": SimpleUploadedFile("t.trf", trf)})
    t = Tournament.objects.get()
    assert (t.initial_colour, t.initial_colour_from_file) == ("white", True)
    for url in (f"/t/{t.pk}/", f"/t/{t.pk}/settings/", f"/t/{t.pk}/registration/"):
        page = organizer.get(url).content.decode()
        assert "from the imported file" in page.lower() and "drawn by lot:" not in page.lower(), url
        assert "(drawn by lot)" not in page, url


def test_a_colour_drawn_here_still_says_drawn_by_lot(organizer) -> None:
    organizer.post("/new/", SETTINGS)
    t = Tournament.objects.get()
    organizer.post(f"/t/{t.pk}/draw-colour/", {})
    t.refresh_from_db()
    assert t.initial_colour and not t.initial_colour_from_file
    assert "(drawn by lot)" in organizer.get(f"/t/{t.pk}/").content.decode()


def test_a_new_tournament_is_paired_by_the_rules_in_force_today_unless_the_organizer_chooses(organizer) -> None:
    organizer.post("/new/", SETTINGS)
    organizer.post("/new/", {**SETTINGS, "name": "Old rules Open", "rules_edition": "2017"})
    organizer.post("/new/", {**SETTINGS, "name": "Lim Open", "pairing_system": "lim"})
    editions = dict(Tournament.objects.values_list("name", "rules_edition"))
    assert editions == {"Spring Open": "2026", "Old rules Open": "2017", "Lim Open": "2026"}


def test_the_form_refuses_an_edition_the_system_does_not_have(organizer, monkeypatch) -> None:
    from tourney import editions

    known = editions.editions  # every system has both editions today: one without 2026
    monkeypatch.setattr(editions, "editions", lambda system: ("2017",) if system == "lim" else known(system))
    page = organizer.post("/new/", {**SETTINGS, "pairing_system": "lim", "rules_edition": "2026"}).content.decode()
    assert "The Lim system has no 2026 edition in this program yet: choose 2017." in page
    assert not Tournament.objects.exists()


def test_changing_the_edition_after_round_one_asks_for_a_confirmation_first(running) -> None:
    t, client, user = running
    data = {**SETTINGS, "name": t.name, "pairing_system": t.pairing_system, "rules_edition": "2026"}
    page = client.post(f"/t/{t.pk}/settings/", data)
    assert page.status_code == 200
    assert "Change the rules edition after round 1 was paired?" in page.content.decode()
    assert 'name="confirmed" value="1"' in page.content.decode()
    t.refresh_from_db()
    assert t.rules_edition == "2017"
    assert not AuditEntry.objects.filter(tournament=t, action="change rules edition").exists()

    response = client.post(f"/t/{t.pk}/settings/", {**data, "confirmed": "1"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.rules_edition == "2026"
    entry = AuditEntry.objects.get(tournament=t, action="change rules edition")
    assert (entry.old_value, entry.new_value, entry.user) == ("2017", "2026", user)


def test_the_round_page_and_the_printout_say_which_edition_paired_the_event(running) -> None:
    t, client, _ = running
    for url in (f"/t/{t.pk}/rounds/1/", f"/t/{t.pk}/rounds/1/print/pairing/", f"/t/{t.pk}/print/standings/"):
        page = client.get(url).content.decode()
        assert "2017 edition: the texts in force until 31 January 2026" in page, url
    anonymous = Client().get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "2017 edition: the texts in force until 31 January 2026" in anonymous


def test_the_organizer_keeps_two_players_apart_and_the_engine_honours_it(running) -> None:
    t, client, _ = running
    one, two = builders.player(t, 1), builders.player(t, 2)
    response = client.post(
        f"/t/{t.pk}/prohibited/", {"player": one.pk, "other": two.pk, "first_round": "2", "last_round": ""}
    )
    assert response.status_code == 302 and response.url.endswith("#prohibited")
    prohibited = t.prohibited_pairings.get()
    assert (prohibited.player, prohibited.other, prohibited.first_round, prohibited.last_round) == (one, two, 2, None)
    assert AuditEntry.objects.filter(tournament=t, action="prohibit pairing").exists()
    assert "1. " + one.name in client.get(f"/t/{t.pk}/registration/").content.decode()

    from pairing import adapter

    rnd = Round.objects.create(tournament=t, number=2)
    assert adapter.state_for_round(rnd).forbidden == ((1, 2),)

    client.post(f"/t/{t.pk}/prohibited/{prohibited.pk}/allow/")
    assert not t.prohibited_pairings.exists()
    assert AuditEntry.objects.filter(tournament=t, action="allow pairing").exists()


def test_a_prohibited_pairing_for_a_round_already_paired_is_refused(running) -> None:
    t, client, _ = running
    one, two = builders.player(t, 1), builders.player(t, 2)
    page = client.post(f"/t/{t.pk}/prohibited/", {"player": one.pk, "other": two.pk, "first_round": "1"})
    assert "round 1 is already paired" in page.content.decode()
    page = client.post(f"/t/{t.pk}/prohibited/", {"player": one.pk, "other": one.pk, "first_round": "2"})
    assert "choose two different players of this tournament" in page.content.decode()
    assert not t.prohibited_pairings.exists()


def test_a_trf16_import_takes_the_rules_edition_the_organizer_names(import_trf, fixtures_dir) -> None:
    text = (fixtures_dir / "trf" / "dutch-seed-example.trf").read_bytes()  # 042 2026/01/01, no 192
    import_trf({"file": SimpleUploadedFile("seed.trf", text), "name": "x"})
    response = import_trf({"file": SimpleUploadedFile("seed.trf", text), "edition": "2026"})
    assert response.status_code == 200
    assert list(Tournament.objects.order_by("pk").values_list("rules_edition", flat=True)) == ["2017", "2026"]


def test_a_round_says_the_edition_that_paired_it_after_the_edition_changes(organizer, django_user_model) -> None:
    from pairing.job import pair_round
    from tourney.services import setup as setup_service

    t = builders.tournament(players=6, rounds=5)
    pair_round(round_id=Round.objects.create(tournament=t, number=1).pk)
    user = django_user_model.objects.create_user("boss")
    setup_service.update_settings(tournament_id=t.pk, values={"rules_edition": "2026"}, user=user, confirmed=True)
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "2017 edition: the texts in force until 31 January 2026" in page
    printout = client.get(f"/t/{t.pk}/rounds/1/print/pairing/").content.decode()
    assert "2017 edition: the texts in force until 31 January 2026" in printout
    assert Round.objects.get(tournament=t, number=1).rules_edition == "2017"


def test_the_edition_field_offers_each_choice_once(organizer, running) -> None:
    page = organizer.get("/new/").content.decode()
    assert page.count("The rules in force today (2026)") == 1
    assert page.count('value="2017"') == page.count('value="2026"') == 1
    t, client, _ = running
    settings_page = client.get(f"/t/{t.pk}/settings/").content.decode()
    assert "The rules in force today (2026)" not in settings_page
    assert '<option value="2017" selected>' in settings_page


# ---------------------------------------------------------------- the lot and the warnings FIDE asks for


def test_the_settings_and_registration_pages_show_the_seed_of_the_lot(organizer, monkeypatch) -> None:
    from tourney.services import setup

    monkeypatch.setattr(setup, "new_seed", lambda: "0123456789abcdef")
    organizer.post("/new/", {**SETTINGS, "time_zone": "Europe/Rome"})
    t = Tournament.objects.get()
    organizer.post(f"/t/{t.pk}/draw-colour/", {})
    t.refresh_from_db()
    at = t.lot_drawn_at.astimezone(zoneinfo.ZoneInfo("Europe/Rome")).strftime("%Y-%m-%d %H:%M")
    for url in (f"/t/{t.pk}/settings/", f"/t/{t.pk}/registration/"):
        page = organizer.get(url).content.decode()
        assert (
            f"Initial colour: White for pairing number 1, drawn by lot with seed 0123456789abcdef at {at} CET by org."
            in page
        ), url
        assert 'SHA-256("initial-colour:0123456789abcdef") even gives White' in page, url
    italian = organizer.get(f"/t/{t.pk}/settings/", headers={"Accept-Language": "it-IT,it;q=0.9"}).content.decode()
    assert (
        "Colore iniziale: Bianco per il numero di abbinamento 1, sorteggiato con il seme 0123456789abcdef "
        f"il {at} CET da org."
    ) in italian


def test_changing_the_tiebreaks_after_round_one_asks_for_a_confirmation_first(running) -> None:
    t, client, user = running
    url = f"/t/{t.pk}/tiebreaks/"
    page = client.post(url, {"preset": "", "codes": "SB BH"}).content.decode()
    assert "Change the tie-breaks after round 1 was paired?" in page
    assert '<input type="hidden" name="codes" value="SB BH">' in page and 'name="confirmed" value="1"' in page
    t.refresh_from_db()
    assert t.tiebreaks == [] and not AuditEntry.objects.filter(tournament=t).exists()

    response = client.post(url, {"preset": "", "codes": "SB BH", "confirmed": "1"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.tiebreaks == ["SB", "BH"]
    entry = AuditEntry.objects.get(tournament=t, action="change tie-breaks after start")
    assert (entry.new_value, entry.user) == ("SB BH", user)
    audit = client.get(f"/t/{t.pk}/audit/").content.decode()
    assert "tie-breaks changed after the start (confirmed)" in audit


def test_a_full_point_bye_asks_for_a_confirmation_first(running) -> None:
    t, client, user = running
    bruno = builders.player(t, 2)
    data = {"player": str(bruno.pk), "round": "2", "kind": "full"}
    page = client.post(f"/t/{t.pk}/byes/", data).content.decode()
    assert "Give Bruno a full-point bye in round 2?" in page
    assert "A full-point bye scores 1 for Bruno in round 2 without a game (a win scores 1)." in page
    assert f'<input type="hidden" name="player" value="{bruno.pk}">' in page
    assert not Bye.objects.filter(player=bruno).exists()

    response = client.post(f"/t/{t.pk}/byes/", {**data, "confirmed": "1"})
    assert response.status_code == 302
    bye = Bye.objects.get(player=bruno)
    assert (bye.kind, bye.round.number) == (ByeKind.FULL_POINT, 2)
    assert AuditEntry.objects.get(tournament=t, action="give full-point bye").user == user
    # A half-point bye asks nothing.
    davide = builders.player(t, 4)
    client.post(f"/t/{t.pk}/byes/", {"player": davide.pk, "round": "2", "kind": "half"})
    assert Bye.objects.get(player=davide).kind == ByeKind.HALF_POINT


def test_reassigning_the_numbers_after_round_four_asks_for_a_confirmation_first(running) -> None:
    t, client, user = running
    for number in (2, 3):
        builders.round_with(t, number, "1-4 =, 2-5 =, 3-6 =", status=RoundStatus.CLOSED)
    builders.round_with(t, 4, "1-4, 2-5, 3-6", status=RoundStatus.PAIRED)
    Player.objects.filter(pk=builders.player(t, 6).pk).update(rating=2600)  # a corrected rating
    registration = client.get(f"/t/{t.pk}/registration/").content.decode()
    assert "Reassign the pairing numbers in the initial order" in registration

    page = client.post(f"/t/{t.pk}/registration/renumber/").content.decode()
    assert "Reassign the pairing numbers after round 4 was paired?" in page
    assert "gives 6 players another number" in page
    assert builders.player(t, 6).rating == 2600  # still number 6
    assert not AuditEntry.objects.filter(tournament=t).exists()

    response = client.post(f"/t/{t.pk}/registration/renumber/", {"confirmed": "1"})
    assert response.status_code == 302
    assert _messages(response) == ["Pairing numbers reassigned in the initial order: 6 players moved."]
    assert builders.player(t, 1).rating == 2600
    assert AuditEntry.objects.get(tournament=t, action="renumber players after round 4").user == user


def test_the_tiebreak_page_warns_from_the_pairing_of_round_one(running) -> None:
    t, client, user = running
    note = "The tournament has started: C.07 wants the list announced before round 1."
    assert note in client.get(f"/t/{t.pk}/tiebreaks/").content.decode()
    fresh = builders.tournament(players=4, name="Fresh Open")
    appoint(fresh, user, "organizer")
    assert note not in client.get(f"/t/{fresh.pk}/tiebreaks/").content.decode()
    builders.round_with(fresh, 1, "1-3, 4-2", status=RoundStatus.PAIRED)  # a draft the public does not see yet
    assert note in client.get(f"/t/{fresh.pk}/tiebreaks/").content.decode()


def test_the_tournament_form_shows_each_field_once(client, django_user_model) -> None:
    """The settings are grouped by name: "rounds" belongs to the pairing only, not also to
    the round schedule whose fields' names contain it."""
    import re

    organizer = django_user_model.objects.create_user("grouped")
    organizer.groups.add(Group.objects.get(name=ORGANIZERS))
    client.force_login(organizer)
    names = re.findall(r'<(?:input|select|textarea)[^>]* name="([^"]+)"', client.get("/new/").content.decode())
    assert names.count("rounds") == 1


def test_every_c07_code_is_offered_named_and_shown_in_the_standings(running) -> None:
    t, client, _user = running
    url = f"/t/{t.pk}/tiebreaks/"
    page = client.get(url).content.decode()
    for name in ("Fore Buchholz", "Koya system", "Average perfect performance of opponents", "Standard points"):
        assert name in page
    answer = client.post(url, {"preset": "", "codes": "FB AOB APRO EDE STD BH", "confirmed": "1"})
    assert answer.status_code == 302
    t.refresh_from_db()
    assert t.tiebreaks == ["FB", "AOB", "APRO", "EDE", "STD", "BH"]
    standings = client.get(f"/t/{t.pk}/standings/").content.decode()
    assert "Fore Buchholz" in standings and "Extended direct encounter" in standings


def test_c07_refuses_a_rating_code_in_an_unrated_field_and_advises_on_koya(running) -> None:
    t, client, _user = running
    unrated = t.players.order_by("pairing_number").last()
    unrated.rating = 0
    unrated.save(update_fields=["rating"])
    url = f"/t/{t.pk}/tiebreaks/"
    page = client.post(url, {"preset": "", "codes": "BH ARO", "confirmed": "1"}).content.decode()
    assert "the list must state the rating they count with (/U&lt;rating&gt;) (C.07 10)" in page
    t.refresh_from_db()
    assert "ARO" not in t.tiebreaks
    answer = client.post(url, {"preset": "", "codes": "BH ARO/U1000 KS", "confirmed": "1"})
    assert answer.status_code == 302
    assert "the Koya system is meant for round robins (C.07 9.2)" in client.get(url).content.decode()


def test_a_value_finer_than_hundredths_is_shown_at_its_printed_precision() -> None:
    from decimal import Decimal
    from fractions import Fraction

    from tourney.presentation.tiebreak_table import as_decimal

    assert as_decimal(Fraction(37, 3)) == Decimal("12.33") and as_decimal(Fraction(-2, 3)) == Decimal("-0.67")
    assert as_decimal(Fraction(149, 4)) == Decimal("37.25") and str(as_decimal(Fraction(37))) == "37"

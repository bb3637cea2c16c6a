"""Every write endpoint, found by walking the URL conf, refuses an anonymous user, a user
without the role on that tournament, and a request without a CSRF token; and nothing
changes (no audit entry, no row).

A URL whose view answers an anonymous POST with 405 is read-only (GET pages). The
admin, the login/logout views and the language switch are Django's own and left out.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import URLPattern

from tests import builders
from tests.web.routes import all_routes
from tourney.models import (
    AuditEntry,
    Bye,
    ByeKind,
    Category,
    Game,
    ImportJob,
    Player,
    ProhibitedPairing,
    RatingListImport,
    Round,
    RoundStatus,
    Team,
    TeamBye,
    TeamMatch,
    TeamProhibition,
    Tournament,
)
from tourney.roles import appoint

pytestmark = pytest.mark.django_db

SKIPPED_PREFIXES = ("admin/", "accounts/", "i18n/")  # i18n/: Django's set_language sets a cookie, no data
# The writes this walk must find: if one disappears from the URL conf, the test says so.
KNOWN_WRITES = {
    "tournament_create",
    "tournament_import",
    "tournament_settings",
    "draw_colour",
    "appointments",
    "dismiss",
    "player_add",
    "player_csv",
    "player_edit",
    "player_withdraw",
    "player_reinstate",
    "renumber_players",
    "bye_request",
    "bye_cancel",
    "prohibit_pairing",
    "allow_pairing",
    "round_pair",
    "round_exchange",
    "round_publish",
    "round_unpublish",
    "round_result",
    "round_close",
    "prize_settings",
    "rating_record",
    "checkin_present",
    "checkin_absent",
    "checkin_confirm",
    "checkin_by_number",
    "checkin_everyone",
    "self_checkin",  # a forged secret: refused like a missing role
    "hand_opponent",
    "hand_colours",
    "hand_out",
    "hand_in",
    "hand_pab",
    "published_agreement",
    "published_late_entry",
    "invite",
    "invitation_link",
    "rating_list",
    "player_from_list",
    "rating_update",
    "team_registration",
    "team_csv",
    "team_roster",
    "team_lineups",
    "captain_lineup",
    "team_captain_invite",
    "match_forfeit",
    "team_bye_request",
    "team_bye_cancel",
    "team_prohibit",
    "team_allow",
}


@pytest.fixture
def scene(django_user_model):
    t = builders.tournament(players=6, rounds=5)
    other = builders.tournament(players=4, name="Other Open")
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", status=RoundStatus.PUBLISHED)
    round_2 = Round.objects.create(tournament=t, number=2)
    bye = Bye.objects.create(round=round_2, player=builders.player(t, 1), kind=ByeKind.HALF_POINT, requested=True)
    bye.save()
    prohibited = ProhibitedPairing.objects.create(
        tournament=t, player=builders.player(t, 5), other=builders.player(t, 6), first_round=3
    )
    team = Team.objects.create(tournament=t, start_number=1, name="Rooks")
    rival = Team.objects.create(tournament=t, start_number=2, name="Bishops")
    organizer = django_user_model.objects.create_user("org")
    arbiter = django_user_model.objects.create_user("arb")
    stranger = django_user_model.objects.create_user("stranger")  # arbiter and organizer of another tournament
    appoint(t, organizer, "organizer")
    appointment = appoint(t, arbiter, "arbiter")
    appoint(other, stranger, "arbiter")
    appoint(other, stranger, "organizer")
    kwargs = {
        "tournament_id": t.pk,
        "number": rnd.number,
        "board": 1,
        "player_id": builders.player(t, 2).pk,
        "bye_id": bye.pk,
        "appointment_id": appointment.pk,
        "prohibited_id": prohibited.pk,
        "category_id": Category.objects.create(tournament=t, name="Women", kind="women").pk,
        "token": "forged:secret",
        "job_id": ImportJob.objects.create(created_by=organizer, data=b"").pk,
        "import_id": RatingListImport.objects.create(file_name="players_list_foa.zip").pk,
        "team_id": team.pk,
        "match_id": TeamMatch.objects.create(round=rnd, table=1, home=team).pk,
        "team_bye_id": TeamBye.objects.create(round=round_2, team=team, kind=ByeKind.HALF_POINT).pk,
        "team_prohibition_id": TeamProhibition.objects.create(tournament=t, team=team, other=rival).pk,
    }
    return {"t": t, "kwargs": kwargs, "organizer": organizer, "arbiter": arbiter, "stranger": stranger}


def _url(route: str, pattern: URLPattern, kwargs: dict[str, int]) -> str:
    from django.urls import reverse

    wanted = {k: v for k, v in kwargs.items() if k in pattern.pattern.converters}
    return reverse(pattern.name, kwargs=wanted)


POST_DATA = {
    "entry": "1 1-0",
    "board": "1",
    "result": "1-0",
    "first": "1",
    "second": "2",
    "name": "Intruder",
    "rating": "2800",
    "rounds": "5",
    "username": "stranger",
    "role": "arbiter",
    "player": "1",
    "round": "3",
    "kind": "half",
    "from_round": "3",
}


def _snapshot() -> tuple[int, ...]:
    return (
        AuditEntry.objects.count(),
        Tournament.objects.count(),
        Player.objects.count(),
        Bye.objects.count(),
        Game.objects.exclude(result="").count(),
        Round.objects.exclude(status=RoundStatus.DRAFT).count(),
        ProhibitedPairing.objects.count(),
    )


def _write_endpoints(scene) -> list[tuple[str, str]]:
    found = []
    anonymous = Client()
    for route, pattern in all_routes():
        if route.startswith(SKIPPED_PREFIXES) or not pattern.name:
            continue
        url = _url(route, pattern, scene["kwargs"])
        response = anonymous.post(url, POST_DATA)
        if response.status_code == 405:
            continue  # GET only
        found.append((pattern.name, url))
    return found


def test_the_walk_finds_every_known_write(scene) -> None:
    names = {name for name, _ in _write_endpoints(scene)}
    assert names >= KNOWN_WRITES, KNOWN_WRITES - names


def test_every_write_refuses_the_anonymous_user(scene) -> None:
    before = _snapshot()
    for name, url in _write_endpoints(scene):
        response = Client().post(url, POST_DATA)
        assert response.status_code == 403, (name, response.status_code)
    assert _snapshot() == before


def test_every_write_refuses_a_user_without_the_role_on_that_tournament(scene) -> None:
    client = Client()
    client.force_login(scene["stranger"])
    before = _snapshot()
    for name, url in _write_endpoints(scene):
        if name in ("tournament_create", "tournament_import"):
            continue  # not tied to a tournament: see the test below
        response = client.post(url, POST_DATA)
        assert response.status_code == 403, (name, response.status_code)
    assert _snapshot() == before


def test_creating_a_tournament_needs_the_organizer_group(scene) -> None:
    client = Client()
    client.force_login(scene["arbiter"])  # an arbiter is not an organizer
    before = _snapshot()
    for url in ("/new/", "/import/"):
        assert client.post(url, POST_DATA).status_code == 403
    assert _snapshot() == before


@pytest.mark.parametrize("who", ["organizer", "arbiter"])
def test_every_write_refuses_a_request_without_a_csrf_token(scene, who) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(scene[who])
    before = _snapshot()
    for name, url in _write_endpoints(scene):
        response = client.post(url, POST_DATA, headers={"HX-Request": "true"})
        assert response.status_code == 403, (name, response.status_code)
    assert _snapshot() == before


def test_a_get_on_a_write_only_endpoint_is_refused(scene) -> None:
    client = Client()
    client.force_login(scene["arbiter"])
    for name, url in _write_endpoints(scene):
        if name in KNOWN_WRITES and name not in (
            "tournament_create",
            "tournament_import",
            "tournament_settings",
            "appointments",
            "player_edit",
            "prize_settings",
            "self_checkin",
            "rating_list",  # the page with the upload form
            "rating_update",  # the preview
            "team_registration",  # the page with the forms
            "team_roster",
            "team_lineups",
            "captain_lineup",  # the captain's page with his lineup's form
        ):
            assert client.get(url).status_code == 405, name

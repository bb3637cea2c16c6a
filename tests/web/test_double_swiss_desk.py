"""The Double-Swiss system (C.04.5) on the web: created from the settings form (2026
only, no acceleration), paired on the desk, each board's two games entered from the
keyboard ("3.2 0-1", "4 1-0 =") or by a game's buttons, corrected per game, and every
page showing the match: the desk, the public round page, the printout, the crosstable
and the player's card."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import builders
from tests.web.test_setup import SETTINGS
from tourney.models import Game, Result, Round, RoundStatus, Tournament
from tourney.roles import appoint

pytestmark = pytest.mark.django_db
CONFIRMED = {"confirmed": "1"}


def _htmx(client: Client, url: str, data: dict | None = None):
    return client.post(url, data or {}, headers={"HX-Request": "true"})


@pytest.fixture
def ds_desk(django_user_model):
    t = builders.tournament(players=7, rounds=3, pairing_system="double_swiss", rules_edition="2026")
    user = django_user_model.objects.create_user("arb")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return t, client


def test_the_settings_form_offers_the_double_swiss_in_2026_only(organizer) -> None:
    data = {**SETTINGS, "pairing_system": "double_swiss", "rules_edition": "2017"}
    page = organizer.post("/new/", data).content.decode()
    assert "has only the 2026 edition" in page and not Tournament.objects.exists()
    page = organizer.post("/new/", {**data, "rules_edition": "2026", "acceleration": "baku"}).content.decode()
    assert "paired without acceleration" in page and not Tournament.objects.exists()
    organizer.post("/new/", {**data, "rules_edition": ""})
    assert Tournament.objects.get().pairing_system == "double_swiss"


def test_a_match_is_paired_entered_game_by_game_and_shown_everywhere(
    ds_desk, eager_celery, django_capture_on_commit_callbacks
) -> None:
    t, client = ds_desk
    with django_capture_on_commit_callbacks(execute=True):
        _htmx(client, f"/t/{t.pk}/rounds/1/pair/")
    rnd = Round.objects.get(tournament=t, number=1)
    assert rnd.status == RoundStatus.PAIRED and rnd.games.count() == 3
    _htmx(client, f"/t/{t.pk}/rounds/1/publish/", CONFIRMED)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert 'id="match-legend"' in page and 'name="game" value="2"' in page and "12.2 0-1" in page

    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1.1 1-0"}).content.decode()
    assert "Board 1: game 1 1-0" in answer
    _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1.2 ="})
    _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "2 0-1 +-"})
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"board": "3", "game": "2", "result": "0-1"})
    assert "1 board to play" in answer.content.decode()  # board 3's game 1 is still to come
    # The keyboard never overwrites: a game already entered asks for a correction, naming the game.
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1.2 1-0"}).content.decode()
    assert "board 1, game 2 already has ½-½" in answer and 'name="game" value="2"' in answer
    _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"board": "3", "game": "1", "result": "1-0"})
    games = list(rnd.games.order_by("board").values_list("result", "second_result"))
    assert games == [
        (Result.WHITE_WINS, Result.DRAW),
        (Result.BLACK_WINS, Result.WHITE_WINS_FORFEIT),
        (Result.WHITE_WINS, Result.BLACK_WINS),
    ]
    _htmx(client, f"/t/{t.pk}/rounds/1/close/", CONFIRMED)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.CLOSED

    public = Client()
    page = public.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert page.count('data-game="2"') == 3 and "½-½" in page
    printout = public.get(f"/t/{t.pk}/rounds/1/print/pairing/").content.decode()
    assert "Game 1 · game 2" in printout
    assert "½-½ · 1-0" not in printout and "1-0 · ½-½" in printout  # board 1: game 1, then game 2
    cards = public.get(f"/t/{t.pk}/rounds/1/print/scoresheets/").content.decode()
    assert "Game 2, colours reversed" in cards
    first = Game.objects.select_related("white", "black").get(round=rnd, board=1)
    cross = public.get(f"/t/{t.pk}/crosstable/").content.decode()
    assert f"{first.black.pairing_number}w1 {first.black.pairing_number}b½" in cross
    card = public.get(f"/t/{t.pk}/players/{first.white.pk}/").content.decode()
    assert "1 ½" in card and first.black.name in card
    pab = rnd.byes.get().player
    assert "PAB HPB" in cross and pab.name in cross

    # The next draft explains itself in game points and game-1 colours (C.04.5 1.6).
    with django_capture_on_commit_callbacks(execute=True):
        _htmx(client, f"/t/{t.pk}/rounds/2/pair/")
    draft = client.get(f"/t/{t.pk}/rounds/2/").content.decode()
    assert "Double-Swiss: points are game points" in draft and "1½ · W" in draft


def test_the_italian_desk_names_the_game(ds_desk, eager_celery, django_capture_on_commit_callbacks) -> None:
    t, client = ds_desk
    with django_capture_on_commit_callbacks(execute=True):
        _htmx(client, f"/t/{t.pk}/rounds/1/pair/")
    _htmx(client, f"/t/{t.pk}/rounds/1/publish/", CONFIRMED)
    client.cookies["django_language"] = "it"
    _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1.2 ="})
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1.2 1-0"}).content.decode()
    assert "partita 2" in answer
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "Doppio svizzero: ogni scacchiera gioca un incontro di due partite" in page
    assert "Partita 1 · partita 2" in page

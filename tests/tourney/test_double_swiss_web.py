"""The Double-Swiss system (C.04.5 2026) in the web app: a round is a match of two games on
one board (Game.result and Game.second_result, game 2 with the colours reversed), points
counted per game, the PAB a win and a draw (1.4), requested byes covering both games; the
pairing job pairs it, results go in game by game, and the TRF export replays with
``python -m pairing --double-swiss --check`` (docs/double-swiss.md, "The web app")."""

from __future__ import annotations

import io

import pytest

from pairing import adapter
from pairing.cli.check import check_rounds
from pairing.cli.parser import build_parser
from pairing.engine.state import Outcome
from pairing.engine.trf import parse_trf
from pairing.job import pair_round
from tests import builders
from tourney.errors import ResultRefused, SetupRefused
from tourney.models import AuditEntry, Bye, ByeKind, Game, ProhibitedPairing, Result, Round, RoundStatus, Tournament
from tourney.presentation.card import player_card
from tourney.presentation.points import standings
from tourney.quick_entry import parse_entry
from tourney.services.registration import request_bye
from tourney.services.results import enter_board_result
from tourney.services.rounds import close_round, publish_pairing
from tourney.services.setup import create_tournament, update_settings
from tourney.trf_io import export_text

pytestmark = pytest.mark.django_db


def double_swiss(players: int = 12, rounds: int = 5) -> Tournament:
    return builders.tournament(players, rounds, pairing_system="double_swiss", rules_edition="2026")


def paired(t: Tournament, number: int) -> Round:
    rnd = Round.objects.get_or_create(tournament=t, number=number)[0]
    pair_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
    publish_pairing(round_id=rnd.pk)
    return rnd


def enter(t: Tournament, number: int, board: int, game: int, result: str, **more: object) -> bool:
    return enter_board_result(
        tournament_id=t.pk, round_number=number, board=board, result=result, game_number=game, **more
    ).changed


def play(t: Tournament, rounds: int) -> None:
    """Each match: game 1 to the higher rating, game 2 drawn, board 3's game 2 forfeited."""
    for number in range(1, rounds + 1):
        rnd = paired(t, number)
        for g in rnd.games.select_related("white", "black"):
            first = Result.WHITE_WINS if g.white.rating > g.black.rating else Result.BLACK_WINS
            enter(t, number, g.board, 1, first)
            enter(t, number, g.board, 2, Result.WHITE_WINS_FORFEIT if g.board == 3 else Result.DRAW)
        close_round(round_id=rnd.pk)


def test_a_match_is_two_columns_of_the_engine_state_game_two_reversed() -> None:
    t = double_swiss(4, 3)
    rnd = paired(t, 1)
    g = rnd.games.select_related("white", "black").get(board=1)
    enter(t, 1, 1, 1, Result.WHITE_WINS)
    enter(t, 1, 1, 2, Result.WHITE_WINS)  # game 2's White is game 1's Black
    state = adapter.state_after(t, 1)
    assert state.total_rounds == 6
    white, black = state.by_id[g.white.pairing_number], state.by_id[g.black.pairing_number]
    assert [e.outcome for e in white.history] == [Outcome.WIN, Outcome.LOSS]
    assert [e.colour.value for e in white.history] == ["w", "b"]
    assert [e.opponent for e in black.history] == [white.id, white.id]
    assert state.score(white.id) == 10 and state.score(black.id) == 10


def test_pairing_waits_for_game_two_and_then_pairs_the_next_match() -> None:
    t = double_swiss(6, 3)
    rnd = paired(t, 1)
    for g in rnd.games.all():
        enter(t, 1, g.board, 1, Result.DRAW)
    rnd2 = Round.objects.create(tournament=t, number=2)
    with pytest.raises(adapter.IncompleteRound, match="game 2"):
        adapter.state_for_round(rnd2)
    for g in rnd.games.all():
        enter(t, 1, g.board, 2, Result.DRAW)
    state = adapter.state_for_round(rnd2)
    assert state.round_to_pair == 3 and len(state.players[0].history) == 2
    pair_round(round_id=rnd2.pk)
    rnd2.refresh_from_db()
    assert rnd2.status == RoundStatus.PAIRED, rnd2.pairing_error
    met = {frozenset((g.white_id, g.black_id)) for g in rnd.games.all()}
    assert not met & {frozenset((g.white_id, g.black_id)) for g in rnd2.games.all()}  # [C1]


def test_the_pab_is_a_win_and_a_draw_and_a_half_point_bye_covers_both_games() -> None:
    t = double_swiss(6, 3)
    request_bye(builders.player(t, 5), 1, ByeKind.HALF_POINT, confirmed=True)
    rnd = paired(t, 1)
    pab = Bye.objects.get(round=rnd, kind=ByeKind.PAIRING_ALLOCATED)
    state = adapter.state_after(t, 1)
    assert state.score(pab.player.pairing_number) == 15  # 1.4: 1 + ½
    assert state.score(5) == 10  # a half-point bye in each game


def test_results_are_entered_and_corrected_per_game_and_audited_by_game() -> None:
    t = double_swiss(4, 3)
    paired(t, 1)
    assert enter(t, 1, 1, 2, Result.DRAW)
    assert not enter(t, 1, 1, 2, Result.DRAW)  # a double submit
    with pytest.raises(Exception, match="game 2 already has"):
        enter(t, 1, 1, 2, Result.WHITE_WINS)
    assert enter(t, 1, 1, 2, Result.WHITE_WINS, confirmed=True)
    game = Round.objects.get(tournament=t, number=1).games.get(board=1)
    assert (game.result, game.second_result) == (Result.PENDING, Result.WHITE_WINS)
    entry = AuditEntry.objects.filter(action="correct result").get()
    assert (entry.old_value, entry.new_value) == ("game 2: 1/2-1/2", "game 2: 1-0")


def test_a_one_game_tournament_refuses_a_game_two() -> None:
    t = builders.tournament(4, 3)
    rnd = builders.round_with(t, 1, "1-3 *, 2-4 *", status=RoundStatus.PUBLISHED)
    with pytest.raises(ResultRefused) as refused:
        enter(t, rnd.number, 1, 2, Result.DRAW)
    assert refused.value.code == "results.one_game"


def test_setup_refuses_the_2017_edition_and_an_acceleration(django_user_model) -> None:
    organizer = django_user_model.objects.create_user("org", password="x")
    with pytest.raises(SetupRefused) as refused:
        create_tournament(
            tournament=Tournament(name="DS", rounds=5, pairing_system="double_swiss", rules_edition="2017"),
            user=organizer,
        )
    assert refused.value.code == "setup.double_swiss_edition"
    t = create_tournament(tournament=Tournament(name="DS", rounds=5, pairing_system="double_swiss"), user=organizer)
    assert t.rules_edition == "2026"
    with pytest.raises(SetupRefused) as refused:
        update_settings(tournament_id=t.pk, values={"acceleration": "baku"}, user=organizer)
    assert refused.value.code == "setup.double_swiss_acceleration"


def test_keyboard_entries_name_a_game_or_both() -> None:
    assert parse_entry("17.2 0-1", two_games=True).game == 2
    both = parse_entry("17 1-0 =", two_games=True)
    assert (both.board, both.result, both.second) == (17, Result.WHITE_WINS, Result.DRAW)
    assert parse_entry("#5.1 =", two_games=True).pairing_number == 5
    assert parse_entry("17 1-0", two_games=True).game == 1
    assert parse_entry("17. 1-0").board == 17  # one-game systems read as before


def test_standings_count_game_points_and_the_card_shows_both_games() -> None:
    t = double_swiss(12, 5)
    play(t, 5)
    rows = standings(t, 5)
    assert sum(r.points for r in rows) == 12 * 5 * 10  # two games a match, a point a game
    top = rows[0]
    card, total, _aro = player_card(t, top.player)
    assert total == top.points and len(card) == 5
    assert all(len(r.result.split()) == 2 for r in card)


def test_the_export_replays_with_the_double_swiss_check() -> None:
    t = double_swiss(11, 5)  # odd: a PAB every match
    play(t, 5)
    text = export_text(t, "trf26")
    assert "192 FIDE_DOUBLESWISS" in text
    parsed = parse_trf(text)
    assert parsed.total_rounds == 10
    args = build_parser().parse_args(["--double-swiss", "--check", "-"])
    out = io.StringIO()
    agree, total = check_rounds(parsed, args, out)
    assert (agree, total) == (10, 10), out.getvalue()  # each match: game 1 replayed, game 2 checked


def test_the_export_is_imported_back_as_the_same_double_swiss_tournament() -> None:
    from tourney.services.imports import import_tournament

    t = double_swiss(11, 5)
    ProhibitedPairing.objects.create(
        tournament=t, player=builders.player(t, 1), other=builders.player(t, 2), first_round=2, last_round=4
    )
    play(t, 3)
    copy = import_tournament(parse_trf(export_text(t, "trf26")), name="Copy")
    assert (copy.pairing_system, copy.rules_edition, copy.rounds, copy.status) == ("double_swiss", "2026", 5, "running")
    key = ("round__number", "board", "white__pairing_number", "black__pairing_number", "result", "second_result")
    games = [
        list(x.values_list(*key).order_by("round__number", "board"))
        for x in (Game.objects.filter(round__tournament=t), Game.objects.filter(round__tournament=copy))
    ]
    assert games[0] == games[1]
    assert set(Bye.objects.filter(round__tournament=copy).values_list("round__number", "kind")) == {
        (n, ByeKind.PAIRING_ALLOCATED) for n in (1, 2, 3)
    }
    assert adapter.state_after(copy, 3).players == adapter.state_after(t, 3).players
    kept = copy.prohibited_pairings.get()  # rounds 2-4, columns 3-8 in the file
    assert (kept.first_round, kept.last_round) == (2, 4) and "260 " in export_text(t, "trf26")
    # The copy pairs its next match as the original would.
    rnd = Round.objects.create(tournament=copy, number=4)
    assert adapter.state_for_round(rnd).round_to_pair == 7


def test_two_unpaired_players_who_agree_to_play_get_their_match_colours_by_article_4() -> None:
    from tourney.services.manual_changes import pair_unpaired

    t = double_swiss(8, 3)
    request_bye(builders.player(t, 8), 1, ByeKind.ZERO_POINT, confirmed=True)
    rnd = paired(t, 1)
    pab = rnd.byes.get(kind=ByeKind.PAIRING_ALLOCATED).player.pairing_number
    pair_unpaired(round_id=rnd.pk, first=pab, second=8, reason="they agree")
    board = rnd.games.select_related("white", "black").order_by("-board").first()
    assert {board.white.pairing_number, board.black.pairing_number} == {pab, 8}
    # 4.3.1: neither has a colour yet; the higher-ranked (the smaller TPN) has an odd TPN: the initial colour.
    assert board.white.pairing_number == min(pab, 8) if min(pab, 8) % 2 else board.black.pairing_number == min(pab, 8)


def test_a_game_corrected_after_the_next_match_was_paired_is_in_the_export_by_its_column() -> None:
    t = double_swiss(8, 3)
    play(t, 1)
    rnd2 = paired(t, 2)
    # Board 1's game 2 was a draw: corrected to a win for its White (game 1's Black).
    enter(t, 1, 1, 2, Result.WHITE_WINS, confirmed=True, reason="scoresheet misread")
    for g in rnd2.games.all():
        enter(t, 2, g.board, 1, Result.DRAW)
        enter(t, 2, g.board, 2, Result.DRAW)
    close_round(round_id=rnd2.pk)
    first = Round.objects.get(tournament=t, number=1).games.select_related("white", "black").get(board=1)
    text = export_text(t, "trf26")
    black, white = first.white.pairing_number, first.black.pairing_number  # game 2's colours
    assert f"### correction round 2 board 1: {white}-{black} was ==, now 10" in text
    assert "### round 3 paired at " in text  # match 2 is paired at its game 1, column 3
    args = build_parser().parse_args(["--double-swiss", "--check", "-"])
    out = io.StringIO()
    agree, total = check_rounds(parse_trf(text), args, out)
    assert agree == total == 4, out.getvalue()

"""From TRF to TournamentState: histories, absences, scores, colours, options; recorded pairings and cuts."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
from pathlib import Path

import pytest

from pairing.engine.common.general_rules import pab_eligible
from pairing.engine.state import Board, Colour, Outcome, PairingError, RoundEntry, Scoring
from pairing.engine.trf import TrfRound, parse_trf, read_trf, write_trf
from pairing.engine.trf.state import (
    acceleration_of,
    cut,
    initial_colour_of,
    next_round,
    pairing_rows,
    recorded_pairing,
    scoring_of,
    state_for_round,
    system_of,
)
from tests.engine.trf.lines import FIXTURES

DUTCH = FIXTURES / "dutch-seed-example.trf"
DUBOV = FIXTURES / "dubov-seed-example.trf"
CORPUS = sorted(FIXTURES.glob("corpus/*/*.trf"))
CHECK_TOOL = Path(__file__).resolve().parents[4] / "shared" / "tools" / "check_pairings.py"


def _line(start: int, blocks: str = "") -> str:
    return (
        f"001 {start:4d} m    Player {start:<26} {2500 - start:4d} ITA     1234567 2000/01/01  0.0 {start:4d}" + blocks
    )


def _tournament(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def test_round_2_of_the_dutch_example_has_player_12_absent_and_round_1_scores() -> None:
    state = state_for_round(read_trf(DUTCH), 2)
    assert state.round_to_pair == 2 and state.total_rounds == 6
    assert state.absent == frozenset({12})
    assert len(state.to_pair) == 13
    scores = {p.id: state.score(p.id) for p in state.players}
    assert scores == {1: 10, 2: 10, 3: 10, 4: 5, 5: 10, 6: 10, 7: 10, 8: 0, 9: 0, 10: 0, 11: 5, 12: 0, 13: 0, 14: 0}
    assert [p.id for p in state.players] == list(range(1, 15))
    assert state.by_id[1].history == (RoundEntry(8, Colour.WHITE, Outcome.WIN),)
    assert state.initial_colour is Colour.WHITE


def test_round_4_of_the_dutch_example_does_not_count_the_forfeit_11_6_as_a_game() -> None:
    state = state_for_round(read_trf(DUTCH), 4)
    six, eleven = state.by_id[6], state.by_id[11]
    assert six.history[2] == RoundEntry(11, Colour.BLACK, Outcome.FORFEIT_WIN)
    assert eleven.history[2] == RoundEntry(6, Colour.WHITE, Outcome.FORFEIT_LOSS)
    # C.04.2.D.5: colours of played games only; D.6: no rematch bar from a forfeit
    assert six.colour_sequence() == (Colour.BLACK, Colour.WHITE)
    assert eleven.colour_sequence() == (Colour.WHITE, Colour.BLACK)
    assert 11 not in six.played_opponents() and 6 not in eleven.played_opponents()
    # ...but the forfeit win counts for points and bars a PAB (C.04.1.d)
    assert state.score(6) == 25 and state.score(11) == 15
    assert not pab_eligible(six, state.scoring, "2017") and pab_eligible(eleven, state.scoring, "2017")
    assert state.absent == frozenset()


def test_the_pairing_allocated_bye_becomes_history() -> None:
    state = state_for_round(read_trf(DUTCH), 3)
    assert state.by_id[14].history[1] == RoundEntry(None, None, Outcome.PAIRING_BYE)
    assert state.by_id[12].history[1] == RoundEntry(None, None, Outcome.ZERO_BYE)
    assert state.score(14) == 10


def test_recorded_pairings_of_the_dutch_example_are_the_expected_ones() -> None:
    expected = json.loads((FIXTURES / "expected-pairings.json").read_text())["dutch-seed-example.trf"]
    t = read_trf(DUTCH)
    for rnd, rows in expected.items():
        assert sorted(pairing_rows(recorded_pairing(t, int(rnd), "2017"))) == sorted(map(tuple, rows))


def test_recorded_boards_come_in_board_order() -> None:
    pairing = recorded_pairing(read_trf(DUTCH), 2, "2017")
    assert pairing.boards[0] == Board(5, 1)  # C.04.2.D.9: the top score group first
    assert pairing.bye == 14


def test_the_dubov_late_entries_are_absent_in_round_1_without_a_pairing_number() -> None:
    state = state_for_round(read_trf(DUBOV), 1)
    assert state.absent == frozenset({13, 14})
    assert 13 not in state.pairing_numbers and 14 not in state.pairing_numbers
    state5 = state_for_round(read_trf(DUBOV), 5)
    assert state5.absent == frozenset({12})
    assert recorded_pairing(read_trf(DUBOV), 5, "2017").bye == 11


@pytest.mark.parametrize("path", [DUTCH, DUBOV, *CORPUS[:12]], ids=lambda p: p.name)
def test_a_cut_file_is_paired_for_the_round_it_was_cut_before(path: Path) -> None:
    t = read_trf(path)
    for rnd in range(1, t.rounds_in_file + 1):
        cut_file = parse_trf(write_trf(cut(t, rnd)))
        assert next_round(cut_file) == rnd
        assert state_for_round(cut_file) == state_for_round(t, rnd)


def test_a_cut_keeps_announced_absences_of_the_round_and_recomputes_points() -> None:
    t = cut(read_trf(DUTCH), 2)
    assert t.player(12).rounds == (TrfRound(5, "b", "0"), TrfRound(None, "-", "Z"))
    assert t.player(14).rounds == (TrfRound(7, "b", "0"),)  # the U is the engine's output
    assert t.player(1).points == 10 and t.player(12).points == 0


@pytest.mark.skipif(not CHECK_TOOL.exists(), reason="../shared/tools/check_pairings.py is not beside the project")
@pytest.mark.parametrize("path", [DUTCH, DUBOV, *CORPUS], ids=lambda p: p.name)
def test_cut_writes_what_the_shared_replay_tool_writes(path: Path) -> None:
    spec = importlib.util.spec_from_file_location("check_pairings", CHECK_TOOL)
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    t = read_trf(path)
    for rnd in range(1, tool.rounds_in(lines) + 1):
        assert write_trf(cut(t, rnd)) == tool.cut(lines, rnd)
        assert sorted(pairing_rows(recorded_pairing(t, rnd, "2017"))) == tool.recorded_pairing(lines, rnd)


def test_scores_come_from_the_round_blocks_not_the_points_column() -> None:
    t = read_trf(DUTCH)
    scrambled = dataclasses.replace(t, players=tuple(dataclasses.replace(p, points=999) for p in t.players))
    assert state_for_round(scrambled, 4) == state_for_round(t, 4)


def test_missing_blocks_are_rounds_not_paired() -> None:
    t = parse_trf(
        _tournament(_line(1, "     2 w 1     3 b 0"), _line(2, "     1 b 0"), _line(3, "  0000 - U     1 w 1"))
    )
    state = state_for_round(t)
    assert state.round_to_pair == 3
    assert state.by_id[2].history == (
        RoundEntry(1, Colour.BLACK, Outcome.LOSS),
        RoundEntry(None, None, Outcome.NOT_PAIRED),
    )
    assert state.absent == frozenset()


def test_a_forfeit_loss_without_opponent_and_a_blank_block_are_not_paired() -> None:
    t = parse_trf(_tournament(_line(1, "  0000 - -     2 w 1"), _line(2, "               1 b 0")))
    state = state_for_round(t)
    assert state.by_id[1].history[0].outcome is Outcome.NOT_PAIRED
    assert state.by_id[2].history[0].outcome is Outcome.NOT_PAIRED


def test_a_double_forfeit_is_two_forfeit_losses_and_no_game() -> None:
    t = parse_trf(_tournament(_line(1, "     2 w -"), _line(2, "     1 b -")))
    state = state_for_round(t)
    assert state.by_id[1].history[0] == RoundEntry(2, Colour.WHITE, Outcome.FORFEIT_LOSS)
    assert not state.by_id[1].played_opponents() and state.score(1) == state.score(2) == 0


def test_a_game_without_a_result_cannot_be_history() -> None:
    t = parse_trf(_tournament(_line(1, "     2 w"), _line(2, "     1 b")))
    with pytest.raises(PairingError, match="no result"):
        state_for_round(t)


def test_total_rounds_come_from_xxr_then_142_then_the_file() -> None:
    base = [_line(1, "     2 w 1"), _line(2, "     1 b 0")]
    assert state_for_round(parse_trf(_tournament(*base, "XXR 7"))).total_rounds == 7
    assert state_for_round(parse_trf(_tournament("142 5", *base))).total_rounds == 5
    assert state_for_round(parse_trf(_tournament(*base))).total_rounds == 2
    assert state_for_round(parse_trf(_tournament(*base)), 4).total_rounds == 4


@pytest.mark.parametrize("path", [DUTCH, DUBOV, *CORPUS], ids=lambda p: p.name)
def test_an_unstated_initial_colour_is_inferred_from_the_first_round(path: Path) -> None:
    t = read_trf(path)
    unstated = dataclasses.replace(t, xx_config=())
    assert initial_colour_of(unstated) == initial_colour_of(t)
    assert state_for_round(unstated, 2).initial_colour == state_for_round(t, 2).initial_colour


def test_inference_skips_players_who_had_not_arrived() -> None:
    # 1 is absent in round 1, so 2 is effective number 1 and his Black is the initial colour.
    t = parse_trf(
        _tournament(
            _line(1, "  0000 - H"),
            _line(2, "     4 b 1"),
            _line(3, "     5 w 1"),
            _line(4, "     2 w 0"),
            _line(5, "     3 b 0"),
        )
    )
    assert initial_colour_of(t) is Colour.BLACK
    assert initial_colour_of(parse_trf(_tournament(_line(1), _line(2)))) is Colour.WHITE


def test_players_keep_start_number_order_unless_xxc_rank() -> None:
    lines = [_line(2), _line(1), _line(3)]
    assert [p.start for p in parse_trf(_tournament(*lines)).players] == [2, 1, 3]  # the file's order is kept
    assert [p.id for p in state_for_round(parse_trf(_tournament(*lines))).players] == [1, 2, 3]
    ranked = parse_trf(_tournament(*lines, "XXC rank white1"))
    assert [p.id for p in state_for_round(ranked).players] == [2, 1, 3]


def test_initial_colour_comes_from_xxc_then_152() -> None:
    base = [_line(1), _line(2)]
    assert state_for_round(parse_trf(_tournament(*base, "XXC black1"))).initial_colour is Colour.BLACK
    assert state_for_round(parse_trf(_tournament("152 B", *base))).initial_colour is Colour.BLACK
    assert state_for_round(parse_trf(_tournament(*base, "XXC white1"))).initial_colour is Colour.WHITE
    assert state_for_round(parse_trf(_tournament(*base))).initial_colour is Colour.WHITE


def test_scoring_defaults_and_overrides() -> None:
    base = [_line(1), _line(2)]
    assert scoring_of(parse_trf(_tournament(*base))) == Scoring()
    xxs = scoring_of(parse_trf(_tournament(*base, "XXS W=3 D=1")))
    assert (xxs.win, xxs.draw, xxs.forfeit_win, xxs.full_bye, xxs.half_bye, xxs.pairing_bye) == (30, 10, 30, 30, 10, 10)
    s162 = scoring_of(parse_trf(_tournament("162  W 3.0    D 1.0", *base)))
    assert (s162.win, s162.draw, s162.pairing_bye) == (30, 10, 30)  # P defaults to W in TRF-2026
    s162p = scoring_of(parse_trf(_tournament("162  W 3.0    P 1.0    A 0.5", *base)))
    assert (s162p.pairing_bye, s162p.zero_bye, s162p.forfeit_loss) == (10, 5, 5)


def test_bbpairings_point_lines_are_read() -> None:
    base = [_line(1), _line(2)]
    bb = scoring_of(parse_trf(_tournament(*base, "BBW  3.0", "BBD  1.0", "BBZ  0.5", "BBF  0.0")))
    assert (bb.win, bb.draw, bb.zero_bye, bb.forfeit_loss, bb.pairing_bye, bb.half_bye) == (30, 10, 5, 0, 30, 10)
    assert scoring_of(parse_trf(_tournament(*base, "BBW  3.0", "BBU  1.0"))).pairing_bye == 10


def test_scores_use_the_scoring_system() -> None:
    t = parse_trf(_tournament(_line(1, "     2 w 1  0000 - H"), _line(2, "     1 b 0  0000 - U"), "XXS W=3 D=1"))
    state = state_for_round(t)
    assert state.score(1) == 40 and state.score(2) == 10


def test_virtual_points_come_from_xxa() -> None:
    baku = read_trf(sorted(FIXTURES.glob("corpus/dutch-2017-baku/*.trf"))[0])
    state = state_for_round(baku, 2)
    assert state.acceleration(1, 1) == 10 and state.acceleration(1, 4) == 5
    assert state.pairing_score(1) == state.score(1) + 10
    last = max(p.id for p in state.players)
    assert state.acceleration(last, 2) == 0


def test_virtual_points_come_from_records_250_without_xxa() -> None:
    t = parse_trf(
        _tournament(_line(1), _line(2), _line(3), "250       1.0 001 002    1    2", "250       0.5 003 003    1    2")
    )
    state = state_for_round(t)
    assert [state.acceleration(1, r) for r in (1, 2, 3, 4)] == [10, 10, 5, 0]
    assert state.acceleration(3, 1) == 0


def test_forbidden_pairs_come_from_xxp_and_260_in_force() -> None:
    t = parse_trf(
        _tournament(
            _line(1), _line(2), _line(3), _line(4), "XXP 1 2 3", "260 002 003    3    4", "260 001 001    1    4"
        )
    )
    assert state_for_round(t, 1).forbidden == ((1, 2), (1, 3), (1, 4), (2, 3))
    assert state_for_round(t, 2).forbidden == ((1, 2), (1, 3), (2, 3), (3, 4))


def test_absences_come_from_blocks_240_and_xxz() -> None:
    t = parse_trf(
        _tournament(
            _line(1, "     2 w 1  0000 - H"),
            _line(2, "     1 b 0"),
            _line(3, "  0000 - F"),
            _line(4, "  0000 - U"),
            _line(5, "  0000 - Z"),
            "XXZ 4",
            "240 H 002    5",
        )
    )
    state = state_for_round(t)
    assert state.round_to_pair == 2
    assert state.absent == frozenset({1, 4, 5})
    assert state_for_round(t, 1).absent == frozenset({3, 5})  # XXZ only for the next round


def test_any_result_code_without_opponent_in_the_round_to_pair_is_an_absence() -> None:
    t = parse_trf(
        _tournament(
            _line(1, "     2 w 1  0000 - -"),
            _line(2, "     1 b 0"),
            _line(3, "  0000 - U"),
            _line(4, "  0000 - U  0000 - U"),
        )
    )
    assert state_for_round(t, 2).absent == frozenset({1})  # the U of player 4 is no announcement


def test_the_round_to_pair_defaults_to_the_first_one_without_games() -> None:
    assert next_round(read_trf(DUTCH)) == 7
    t = parse_trf(_tournament(_line(1, "  0000 - H"), _line(2), _line(3)))
    assert next_round(t) == 1 and state_for_round(t).absent == frozenset({1})


def test_record_192_names_the_system_and_the_baku_acceleration() -> None:
    def with_type(code: str, *extra: str):
        return parse_trf(_tournament(f"192 {code}", _line(1), _line(2), *extra))

    assert (system_of(with_type("FIDE_DUTCH_2025")), acceleration_of(with_type("FIDE_DUTCH_2025"))) == ("dutch", None)
    assert system_of(with_type("FIDE_DUBOV")) == "dubov"
    assert (system_of(with_type("FIDE_BURSTEIN_BAKU")), acceleration_of(with_type("FIDE_BURSTEIN_BAKU"))) == (
        "burstein",
        "baku",
    )
    assert system_of(with_type("BERGER_ROUNDROBIN")) is None
    # TRF-2026: explicit fictitious points (250, or XXA) make 192's acceleration method moot
    assert acceleration_of(with_type("FIDE_DUTCH_2017_BAKU", "250       1.0 001 002    1    2")) is None
    assert acceleration_of(with_type("FIDE_DUTCH_2017_BAKU", "XXA    1  1.0")) is None

"""The 6-round tournament worked by hand in seed 002 (C.04.3, Baku 2016 text)."""

from __future__ import annotations

from pairing.engine import pair
from pairing.engine.state import Board
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round
from tests.engine.dutch.replay import FIXTURES, disagreements

SEED = FIXTURES / "trf" / "dutch-seed-example.trf"


def test_every_round_of_the_worked_example() -> None:
    assert disagreements(SEED) == []


def test_round_two_gives_the_bye_to_player_14_while_12_is_absent() -> None:
    state = state_for_round(read_trf(SEED), 2)
    assert 12 in state.absent
    result = pair(state, "dutch")
    assert result.bye == 14
    assert all(12 not in (b.white, b.black) for b in result.boards)


def test_boards_are_sorted_by_the_higher_score_then_the_sum_then_rank() -> None:
    state = state_for_round(read_trf(SEED), 6)
    result = pair(state, "dutch")
    keys = []
    for board in result.boards:
        a, b = board.white, board.black
        top = min((a, b), key=lambda p: (-state.score(p), p))
        keys.append((-state.score(top), -(state.score(a) + state.score(b)), top))
    assert keys == sorted(keys)
    assert isinstance(result.boards[0], Board)

"""ARO (C.04.4.1 A.6): one function for the engine, the command line and the web."""

from __future__ import annotations

import pytest

from pairing.engine.aro import aro, aro_list, aros, average_rating
from pairing.engine.state import Colour, Outcome, Player, RoundEntry, TournamentState
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round
from tests.engine.dubov.support import SEED, expected_aros

EXPECTED = expected_aros()


@pytest.mark.parametrize("after", sorted(EXPECTED))
def test_aros_after_every_round_of_the_seed_example(after: int) -> None:
    state = state_for_round(read_trf(SEED), after + 1) if after < 6 else state_for_round(read_trf(SEED))
    assert aros(state, rounds=after) == EXPECTED[after]


def test_rounding_is_to_the_nearest_integer_half_up() -> None:
    assert average_rating([2400, 2401]) == 2401  # 2400.5 -> 2401
    assert average_rating([2400, 2400, 2401]) == 2400  # 2400.33
    assert average_rating([2400, 2401, 2401]) == 2401  # 2400.67
    assert average_rating([]) == 0  # A.6: zero before the first game


def _player(pid: int, rating: int, *history: RoundEntry) -> Player:
    return Player(id=pid, name=f"P{pid}", rating=rating, history=tuple(history))


def test_forfeits_and_byes_do_not_count() -> None:
    a = _player(
        1,
        2000,
        RoundEntry(2, Colour.WHITE, Outcome.WIN),
        RoundEntry(3, Colour.BLACK, Outcome.FORFEIT_WIN),
        RoundEntry(None, None, Outcome.PAIRING_BYE),
        RoundEntry(4, Colour.BLACK, Outcome.UNRATED_DRAW),
    )
    others = [_player(2, 1800), _player(3, 2600), _player(4, 1901)]
    state = TournamentState(players=(a, *others), total_rounds=5, round_to_pair=5)
    assert aro(state, 1) == 1851  # (1800 + 1901) / 2 = 1850.5: the forfeit and the bye are out
    assert aro(a, ratings={2: 1800, 3: 2600, 4: 1901}) == 1851
    assert aro(state, 3) == 0  # lost by forfeit: no game yet


def test_aro_list_is_in_rank_order_with_names_and_scores() -> None:
    state = state_for_round(read_trf(SEED))
    table = aro_list(state)
    assert table[0][:3] == (1, "Player 01", 45)
    scores = [row[2] for row in table]
    assert scores == sorted(scores, reverse=True)
    assert {row[0]: row[3] for row in table} == aros(state)

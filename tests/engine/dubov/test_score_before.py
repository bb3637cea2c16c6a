"""The score before a round has one definition (TournamentState.score_before): the points of
the rounds before it and the adjustments of record 299 that count from it on. Dubov's
upfloats (A.3: paired with a higher score) read the same scores as every other system."""

from __future__ import annotations

from pairing.engine.dubov.players import upfloat_history
from pairing.engine.state import Colour, Outcome, Player, RoundEntry, ScoreAdjustment, TournamentState

W, B = Colour.WHITE, Colour.BLACK


def _state() -> TournamentState:
    # Round 1: 1-2 and 3-4 drawn; round 2: 1-3 and 2-4 drawn. Player 3 has a bonus point
    # from the start (record 299, round 000), so before round 2 he has 1.5 and player 1 0.5.
    draw = Outcome.DRAW
    history = {
        1: (RoundEntry(2, W, draw), RoundEntry(3, W, draw)),
        2: (RoundEntry(1, B, draw), RoundEntry(4, W, draw)),
        3: (RoundEntry(4, W, draw), RoundEntry(1, B, draw)),
        4: (RoundEntry(3, B, draw), RoundEntry(2, B, draw)),
    }
    return TournamentState(
        players=tuple(Player(id=k, rating=2500 - k, history=history[k]) for k in range(1, 5)),
        total_rounds=5,
        round_to_pair=3,
        adjustments=(ScoreAdjustment(player=3, after_round=0, points=10),),
    )


def test_the_score_before_a_round_counts_the_adjustments() -> None:
    state = _state()
    assert [state.score_before(3, r) for r in (1, 2, 3)] == [10, 15, 20]
    assert [state.score_before(1, r) for r in (1, 2, 3)] == [0, 5, 10]
    assert state.score(3) == state.score_before(3, state.round_to_pair) == 20


def test_dubov_upfloats_read_the_adjusted_scores_a3() -> None:
    state = _state()
    # Round 1: 4 (0) met 3 (1 with the bonus); round 2: 1 (0.5) met 3 (1.5).
    assert upfloat_history(state, 4) == [True, False]
    assert upfloat_history(state, 1) == [False, True]
    assert upfloat_history(state, 3) == [False, False]

"""Hypothesis: the absolute criteria C.1-C.3 hold in every round of any tournament.

The tournaments are generated round by round with the Dubov engine from drawn
parameters (size, rounds, draw, forfeit and bye rates, late entries, withdrawals);
every pairing is then judged by the independent checker and by a recount of the
colour preferences from the raw histories. Dubov makes no last-round exception
(C.3 holds for topscorers too), so nobody is exempt.
"""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine.checker import check_pairing
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Colour, Outcome, Pairing, PairingError, TournamentState
from tests.engine.dubov.support import dubov
from tests.engine.strategies import generated_tournaments

configs = generated_tournaments(
    (2, 24),
    (1, 9),
    draw_rates=(0.0, 0.3, 0.6),
    bye_rates=(0.0, 0.05, 0.15),
    withdraw_rates=(0.0, 0.05),
    late_rates=(0.0, 0.15),
)


def absolute_preference(state: TournamentState, pid: int) -> Colour | None:
    """A.5.a recounted from the round entries (played games only, C.04.2.D.5)."""
    seq = [
        e.colour
        for e in state.by_id[pid].history
        if e.opponent is not None
        and e.outcome
        in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.UNRATED_WIN, Outcome.UNRATED_DRAW, Outcome.UNRATED_LOSS)
    ]
    diff = sum(1 if c is Colour.WHITE else -1 for c in seq)
    if diff < -1 or (len(seq) >= 2 and seq[-1] is seq[-2] is Colour.BLACK):
        return Colour.WHITE
    if diff > 1 or (len(seq) >= 2 and seq[-1] is seq[-2] is Colour.WHITE):
        return Colour.BLACK
    return None


def judged(state: TournamentState) -> Pairing:
    pairing = dubov(state)
    # C.1 (C.04.1.b), C.2 (C.04.1.d), colour limits (C.04.1.f/g), XXP, completeness.
    assert check_pairing(state, pairing, edition="2017") == []
    for board in pairing.boards:  # C.3
        a, b = absolute_preference(state, board.white), absolute_preference(state, board.black)
        assert a is None or a is not b, f"C.3: {board.white} and {board.black} both must have {a}"
        assert absolute_preference(state, board.white) is not Colour.BLACK
        assert absolute_preference(state, board.black) is not Colour.WHITE
    if pairing.bye is not None:  # C.2 and A.4: one PAB, only for an odd number of players
        assert len(state.to_pair) % 2 == 1
        history = state.by_id[pairing.bye].history
        assert all(e.outcome not in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN) for e in history)
    else:
        assert len(state.to_pair) % 2 == 0
    return pairing


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 10**6))
def test_absolute_criteria_hold_in_every_round(config: GeneratorConfig, seed: int) -> None:
    with contextlib.suppress(PairingError):  # a round may be unpairable (A.8)
        generate(config, seed, judged)

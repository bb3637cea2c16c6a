"""Burstein on random tournaments: no rematch (3.1), at most one PAB per player and none
after a point without playing (4.1), colour limits 5.2/5.3 in every round (the text has
no last-round exception). A refusal is allowed only when no pairing exists at all."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine import PairingOptions, pair
from pairing.engine.state import Outcome
from tests.engine.burstein.properties import run_generated_tournament, run_random_tournament

BARRED = frozenset({Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN, Outcome.FULL_BYE})
RULES = {"colour_limits_in_last_round": True, "barred_bye": BARRED}


def _keeps_the_absolute_rules(run: Callable[..., object], seed: int, players: int, accelerated: bool) -> None:
    """*run* pairs a tournament of *players* round by round, checking every round."""
    options = PairingOptions(acceleration="burstein" if accelerated else "none")
    run(lambda s: pair(s, "burstein", options=options), seed, players, rounds=min(7, players - 1), **RULES)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(4, 16), accelerated=st.booleans())
def test_every_round_of_a_random_tournament_keeps_the_absolute_rules(
    seed: int, players: int, accelerated: bool
) -> None:
    _keeps_the_absolute_rules(run_random_tournament, seed, players, accelerated)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_larger_tournament_pairs_every_round(seed: int) -> None:
    burstein = PairingOptions(acceleration="burstein")
    paired = run_random_tournament(lambda s: pair(s, "burstein", options=burstein), seed, 60, rounds=9, **RULES)
    assert paired == 9


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(6, 40), accelerated=st.booleans())
def test_generated_tournaments_with_late_entries_and_forfeits(seed: int, players: int, accelerated: bool) -> None:
    _keeps_the_absolute_rules(run_generated_tournament, seed, players, accelerated)

"""Lim on random tournaments: no rematch, at most one PAB per player (C.04.1.d), the
colour limits of 2.1/5.1 in every round but the last (rule 6 relaxes them there).
A refusal is allowed only when no pairing exists at all."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine import PairingOptions, pair
from pairing.engine.state import Outcome
from tests.engine.burstein.properties import run_generated_tournament, run_random_tournament

BARRED = frozenset({Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN})
RULES = {"colour_limits_in_last_round": False, "barred_bye": BARRED}  # rule 6: relaxed in the last round


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(4, 16), maxi=st.booleans())
def test_every_round_of_a_random_tournament_keeps_the_absolute_rules(seed: int, players: int, maxi: bool) -> None:
    options = PairingOptions(lim_maxi=maxi)
    run_random_tournament(lambda s: pair(s, "lim", options=options), seed, players, rounds=min(7, players - 1), **RULES)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_larger_tournament_pairs_every_round(seed: int) -> None:
    paired = run_random_tournament(lambda s: pair(s, "lim"), seed, 60, rounds=9, **RULES)
    assert paired == 9


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(6, 40))
def test_generated_tournaments_with_late_entries_and_forfeits(seed: int, players: int) -> None:
    run_generated_tournament(lambda s: pair(s, "lim"), seed, players, rounds=min(7, players - 1), **RULES)

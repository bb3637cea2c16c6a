"""The fast engine against the literal sieve of C.04.5 Article 3 (tests/engine/double_swiss/sieve.py)
on 1,000 random small Double-Swiss events, every match of each: both must give the same
pairing, the same PAB and the same colours, or both find the match unpairable."""

from __future__ import annotations

import random

from pairing.engine import pair
from pairing.engine.double_swiss.events import EventConfig, play
from pairing.engine.state import Pairing, PairingError
from tests.engine.double_swiss.sieve import sieve_round

EVENTS = 1000


def _as_set(pairing: Pairing | None) -> tuple[frozenset[tuple[int, int]], int | None] | None:
    if pairing is None:
        return None
    return frozenset((b.white, b.black) for b in pairing.boards), pairing.bye


def test_engine_agrees_with_the_sieve_on_1000_events(capsys) -> None:
    agree, differ = 0, []
    for seed in range(EVENTS):
        rng = random.Random(seed)
        config = EventConfig(
            players=rng.randint(2, 11),
            matches=rng.randint(2, 6),
            forfeit_rate=rng.choice((0.0, 0.05, 0.2)),
            bye_rate=rng.choice((0.0, 0.05, 0.15)),
        )
        for state, pairing in play(config, seed, lambda s: pair(s, "double_swiss")):
            try:
                expected = sieve_round(state)
            except PairingError:
                expected = None
            if _as_set(pairing) == _as_set(expected):
                agree += 1
            else:
                differ.append((seed, state.round_to_pair))
    with capsys.disabled():
        print(f"\nDouble-Swiss: engine and sieve agree on {agree} matches of {EVENTS} events, differ on {len(differ)}")
    assert not differ, differ[:5]
    assert agree >= EVENTS

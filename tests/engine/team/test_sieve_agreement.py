"""The engine agrees with the literal sieve of C.04.6 art. 3 (tests/engine/team/sieve.py)
on random small team events: generated events round by round, and rounds from thin air
that reach the rare branches. Set TEAM_SIEVE_EVENTS for a longer run."""

from __future__ import annotations

import os
import random

import pytest

from pairing.engine.state import PairingError
from pairing.engine.team import pair_round
from pairing.engine.team.generator import generate_team_event
from tests.engine.team.events import random_config
from tests.engine.team.sieve import random_round, sieve_pair

EVENTS = int(os.environ.get("TEAM_SIEVE_EVENTS", "1000"))


def outcome(pair, round_):
    try:
        pairing = pair(round_)
    except PairingError:
        return "unpairable"
    return (sorted((m.white, m.black) for m in pairing.matches), pairing.bye)


@pytest.mark.parametrize("part", range(2))
def test_engine_agrees_with_the_sieve_on_generated_events(part: int) -> None:
    rounds_compared = events = 0
    for seed in range(part, EVENTS, 2):
        config = random_config(seed, most_teams=10, most_rounds=7, forfeit_rate=0.05)
        event = generate_team_event(config, seed)
        events += 1
        for played in event.rounds:
            assert outcome(pair_round, played.round) == outcome(sieve_pair, played.round), (seed, played.number)
            rounds_compared += 1
    print(f"sieve vs engine: {events} generated events, {rounds_compared} rounds, all equal")
    assert events >= EVENTS // 2


def test_engine_agrees_with_the_sieve_on_random_rounds() -> None:
    rng = random.Random(20260201)
    unpairable = 0
    for k in range(EVENTS):
        round_ = random_round(rng, rng.randint(2, 10), rng.randint(2, 9))
        expected = outcome(sieve_pair, round_)
        unpairable += expected == "unpairable"
        assert outcome(pair_round, round_) == expected, k
    print(f"sieve vs engine: {EVENTS} random rounds, all equal ({unpairable} unpairable)")

"""The fast engine against the literal sieve, every round of random small tournaments.

Each tournament is generated round by round with the fast engine (random results,
requested byes, forfeits, late entries, withdrawals); before each round is recorded,
the reference pairer pairs the same state and the two answers must be identical:
pairs, colours and bye.
"""

from __future__ import annotations

import contextlib
import os
import random

import pytest

from pairing.engine import pair
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Pairing, PairingError, TournamentState
from tests.engine.dubov.support import dubov, rows
from tests.engine.oracles.dubov_reference import reference_pair_round

TOURNAMENTS = int(os.environ.get("DUBOV_REFERENCE_TOURNAMENTS", "520"))
CHUNKS = 4


def random_config(rng: random.Random) -> GeneratorConfig:
    players = rng.randint(4, 11)
    return GeneratorConfig(
        players=players,
        rounds=rng.randint(3, min(9, players + 1)),
        draw_rate=rng.choice([0.0, 0.2, 0.4]),
        forfeit_rate=rng.choice([0.0, 0.05, 0.1]),
        bye_rate=rng.choice([0.0, 0.05, 0.1]),
        withdraw_rate=rng.choice([0.0, 0.03]),
        late_rate=rng.choice([0.0, 0.1]),
        rating_low=1800,
        rating_high=2400,
    )


def compare_tournament(seed: int, edition: str = "2017") -> tuple[int, list[tuple[int, list, list]]]:
    """Rounds compared and the differing ones (round, fast, reference), under *edition*."""
    config = random_config(random.Random(seed))
    differences: list[tuple[int, list, list]] = []
    compared = 0

    def both(state: TournamentState) -> Pairing:
        nonlocal compared
        fast = pair(state, "dubov", edition)
        reference = reference_pair_round(state, edition=edition)
        compared += 1
        if rows(fast) != rows(reference):
            differences.append((state.round_to_pair, rows(fast), rows(reference)))
        return fast

    with contextlib.suppress(PairingError):  # a round may be unpairable (A.8)
        generate(config, seed, both)
    return compared, differences


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fast_engine_equals_the_sieve_on_random_tournaments(chunk: int) -> None:
    compared = 0
    failures = []
    for seed in range(chunk, TOURNAMENTS, CHUNKS):
        rounds, differences = compare_tournament(seed)
        compared += rounds
        failures += [(seed, *d) for d in differences]
    assert failures == []
    assert compared > TOURNAMENTS // CHUNKS * 2


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fast_engine_equals_the_sieve_in_the_2026_edition(chunk: int) -> None:
    """The same on other random tournaments paired by the 2026 edition (a requested
    full-point bye bars the PAB, [C2] by C.04.1 art. 4)."""
    compared = 0
    failures = []
    for seed in range(10_000 + chunk, 10_000 + TOURNAMENTS, CHUNKS):
        rounds, differences = compare_tournament(seed, "2026")
        compared += rounds
        failures += [(seed, *d) for d in differences]
    assert failures == []
    assert compared > TOURNAMENTS // CHUNKS * 2


def test_unpairable_rounds_raise_in_both() -> None:
    """Four players who have all met: no legal pairing exists (A.8: the arbiter decides)."""
    from pairing.engine.state import Colour, Outcome, Player, RoundEntry

    def p(pid: int, *opps: int) -> Player:
        history = tuple(
            RoundEntry(o, Colour.WHITE if (pid + k) % 2 else Colour.BLACK, Outcome.DRAW) for k, o in enumerate(opps)
        )
        return Player(id=pid, rating=2000 - pid, history=history)

    state = TournamentState(
        players=(p(1, 2, 3, 4), p(2, 1, 4, 3), p(3, 4, 1, 2), p(4, 3, 2, 1)), total_rounds=5, round_to_pair=4
    )
    with pytest.raises(PairingError):
        dubov(state)
    with pytest.raises(PairingError):
        reference_pair_round(state)


def test_fast_engine_equals_the_sieve_with_forbidden_pairs() -> None:
    """The arbiter's forbidden pairs (XXP) narrow the legal pairs like C.1: random ones
    are added to rounds of random tournaments, and both engines must agree, or both
    refuse the round."""
    import dataclasses

    compared = 0
    for seed in range(200):
        rng = random.Random(10_000 + seed)
        states: list[TournamentState] = []

        def keep(state: TournamentState, states: list[TournamentState] = states) -> Pairing:
            states.append(state)
            return dubov(state)

        with contextlib.suppress(PairingError):  # a round may be unpairable (A.8)
            generate(random_config(rng), 10_000 + seed, keep)
        for state in states:
            ids = [p.id for p in state.to_pair]
            if len(ids) < 4:
                continue
            pairs = {tuple(sorted(rng.sample(ids, 2))) for _ in range(rng.randint(1, len(ids)))}
            forbidden_state = dataclasses.replace(state, forbidden=tuple(sorted(pairs)))
            outcomes = []
            for engine in (dubov, reference_pair_round):
                try:
                    outcomes.append(rows(engine(forbidden_state)))
                except PairingError:
                    outcomes.append(None)
            assert outcomes[0] == outcomes[1], (seed, forbidden_state.round_to_pair, sorted(pairs))
            compared += 1
    assert compared > 500

"""The D.1 transposition walk (dutch/transposition.py) against the wide generation-order
weights it stands in for: every round of random tournaments is paired both ways and the
pairings must be the same, pairs, colours and bye."""

from __future__ import annotations

import os
import random

import pytest

import pairing.engine.dutch.round as dutch_round
from pairing.engine import pair
from pairing.engine.dutch.transposition import first_transposition, first_transposition_beside_rest
from pairing.engine.generator import generate, greedy_history
from pairing.engine.state import PairingError
from pairing.engine.trf.state import pairing_rows
from tests.engine.dutch.random_tournaments import random_config

TOURNAMENTS = int(os.environ.get("DUTCH_TRANSPOSITION_TOURNAMENTS", "30"))


def test_the_walk_and_the_wide_weights_pair_alike(monkeypatch) -> None:
    walks = []
    ppb_walks = []

    def counted(*args):
        mate = first_transposition(*args)
        walks.append(mate is not None)
        return mate

    def counted_ppb(*args):
        mate = first_transposition_beside_rest(*args)
        ppb_walks.append(mate is not None)
        return mate

    def both_ways(state):
        monkeypatch.setattr(dutch_round, "first_transposition", counted)
        monkeypatch.setattr(dutch_round, "first_transposition_beside_rest", counted_ppb)
        fast = pair(state, "dutch")
        monkeypatch.setattr(dutch_round, "first_transposition", lambda *args: None)
        monkeypatch.setattr(dutch_round, "first_transposition_beside_rest", lambda *args: None)
        wide = pair(state, "dutch")
        assert pairing_rows(fast) == pairing_rows(wide), f"round {state.round_to_pair}"
        return fast

    rounds = 0
    for seed in range(TOURNAMENTS):
        rng = random.Random(seed)
        config = random_config(rng, [12, 20, 31, 48, 75, 120])
        try:
            generate(config, 7000 + seed, both_ways)
        except PairingError:
            continue
        rounds += config.rounds
    assert rounds > 5 * TOURNAMENTS
    # The walk must have settled most remainders, or this test compares nothing.
    assert sum(walks) > 0.5 * len(walks), f"{sum(walks)} of {len(walks)}"
    # PPBs are rare here; test_the_ppb_walk_and_the_wide_weights_pair_alike makes them.


@pytest.mark.parametrize("size", [30, 50, 80, 120, 200])
def test_the_ppb_walk_and_the_wide_weights_pair_alike(size: int, monkeypatch) -> None:
    """The walk beside the players below a PPB (A.9) against the wide weights, on
    greedy histories, whose low score groups often cannot pair among themselves."""
    walks = []

    def counted(*args):
        mate = first_transposition_beside_rest(*args)
        walks.append(mate is not None)
        return mate

    for seed in range(1, 25):
        for played in (4, 6, 8):
            state = greedy_history(size, played, seed)
            monkeypatch.setattr(dutch_round, "first_transposition_beside_rest", counted)
            before = len(walks)
            try:
                fast = pair(state, "dutch")
            except PairingError:
                continue
            if len(walks) == before:
                continue  # no PPB in this round
            monkeypatch.setattr(dutch_round, "first_transposition_beside_rest", lambda *args: None)
            wide = pair(state, "dutch")
            assert pairing_rows(fast) == pairing_rows(wide), f"seed {seed}, round {played + 1}"
    assert sum(walks) >= 3, f"{sum(walks)} of {len(walks)}"


def test_an_exchange_leaves_the_decision_to_the_wide_weights() -> None:
    """Four players, S1R = {0, 1}: 0 and 1 may only meet each other, which is an S1R
    pair, so the best quality needs an exchange and the walk declines."""
    quality = {(0, 1): 5, (2, 3): 5}
    assert first_transposition(4, [0, 1, 2, 3], 2, quality) is None


def test_the_first_player_takes_the_lowest_opponent_of_any_best_pairing() -> None:
    """S1R = {0, 1, 2}, S2R = {3, 4, 5}, all pairs of equal quality except 1-3 (worse):
    the first transposition of S2R that avoids 1-3 is 3, 4, 5 for 0, 1, 2."""
    quality = {(i, j): 10 for i in range(3) for j in range(3, 6)}
    quality[1, 3] = 9
    mate = first_transposition(6, list(range(6)), 3, quality)
    assert mate is not None
    assert [mate[0], mate[1], mate[2]] == [3, 4, 5]


@pytest.mark.parametrize("seed", range(200))
def test_random_bipartite_brackets_against_brute_force(seed: int) -> None:
    """Small random remainders: the walk's answer is the lexicographically first S2R
    transposition among the best-quality ones, found by trying every pairing; and none
    when no pairing without an exchange reaches the best quality."""
    from itertools import permutations

    rng = random.Random(seed)
    size = rng.choice([4, 5, 6, 7, 8])
    pairs = size // 2
    quality = {}
    for i in range(size):
        for j in range(i + 1, size):
            if rng.random() < 0.8:
                quality[i, j] = 100 + rng.choice([1, 2, 2, 3, 3, 3])  # C.5 first: more pairs win
    mate = first_transposition(size, list(range(size)), pairs, quality)
    best_any = _best_matching_value(size, quality)
    candidates = []
    for order in permutations(range(pairs, size), pairs):
        chosen = list(zip(range(pairs), order, strict=True))
        if all((a, b) in quality for a, b in chosen):
            candidates.append((sum(quality[a, b] for a, b in chosen), order))
    reachable = [order for value, order in candidates if value == best_any]
    if not reachable:
        assert mate is None
        return
    assert mate is not None
    assert tuple(mate[t] for t in range(pairs)) == min(reachable)


def _best_matching_value(size: int, quality: dict[tuple[int, int], int]) -> int:
    best = 0

    def walk(free: list[int], value: int) -> None:
        nonlocal best
        best = max(best, value)
        if len(free) < 2:
            return
        first, rest = free[0], free[1:]
        walk(rest, value)  # first stays unpaired
        for k, other in enumerate(rest):
            if (first, other) in quality:
                walk(rest[:k] + rest[k + 1 :], value + quality[first, other])

    walk(list(range(size)), 0)
    return best

"""The Burstein search keeps its walk on an explicit stack: a score group of thousands of
players (round 1 of a big open) is not a thousand Python frames deep."""

from __future__ import annotations

import dataclasses
import inspect
import sys

import pytest

from pairing.engine import pair
from pairing.engine.burstein.combinations import combinations
from pairing.engine.burstein.players import BursteinRound
from pairing.engine.generator import greedy_history


def _with_little_stack(call):
    """Run *call* with only ~150 Python frames to spare above the current depth."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + 150)
    try:
        return call()
    finally:
        sys.setrecursionlimit(old)


def test_round_one_of_a_large_group_needs_no_deep_stack() -> None:
    # 600 players in one score group: the old recursive walk went 300 levels deep.
    state = greedy_history(600, 0, 1)
    pairing = _with_little_stack(lambda: pair(state, "burstein", "2017"))
    assert len(pairing.boards) == len(state.to_pair) // 2


def test_the_printed_order_needs_no_deep_stack() -> None:
    first = _with_little_stack(lambda: next(iter(combinations(1001))))
    assert first[0][0] == (1, 1001) and first[1] == 501


def test_the_printed_order_is_unchanged() -> None:
    # C.04.4.2 6.2: the six-player table starts 1*6 2*5 3*4, 1*6 2*4 3*5, 1*6 2*3 4*5, 1*5 ...
    six = [pairs for pairs, _ in combinations(6)]
    assert six[:4] == [
        ((1, 6), (2, 5), (3, 4)),
        ((1, 6), (2, 4), (3, 5)),
        ((1, 6), (2, 3), (4, 5)),
        ((1, 5), (2, 6), (3, 4)),
    ]
    assert len(six) == 15
    five = list(combinations(5))
    assert len(five) == 15 + 0 and five[-1][1] == 1  # "1*F" last: 1 floats, 2-5 paired


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_compatibility_on_the_spot_is_the_listed_one(seed: int) -> None:
    """``compatible`` no longer reads the list of every pair (``opponents``): same answers."""
    state = greedy_history(80, 5, seed)
    state = dataclasses.replace(state, forbidden=((state.players[0].id, state.players[1].id),))
    data = BursteinRound(state, burstein_acceleration=False, edition="2017")
    for a in data.ids:
        assert {b for b in data.ids if data.compatible(a, b)} == data.opponents[a]

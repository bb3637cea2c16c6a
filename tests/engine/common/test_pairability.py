"""The pairability tests behind every Burstein and Lim lookahead agree with the exact
matcher: a quick "yes" is never wrong, and the answer is always the exact one."""

from __future__ import annotations

import random

from pairing.engine.common.pairability import _augmented_greedy, can_all_pair
from pairing.engine.matching import has_perfect_matching, max_weight_matching


def random_graph(rng: random.Random, n: int) -> list[list[int]]:
    density = rng.random()
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                neighbours[i].append(j)
                neighbours[j].append(i)
    return neighbours


def test_the_augmented_greedy_certificate_is_never_wrong() -> None:
    rng = random.Random(1)
    for _ in range(2000):
        n = rng.choice([2, 4, 6, 8, 10, 12, 14, 16])
        neighbours = random_graph(rng, n)
        if _augmented_greedy([list(x) for x in neighbours]):
            assert has_perfect_matching(n, neighbours)


def test_can_all_pair_is_exact() -> None:
    rng = random.Random(2)
    for _ in range(500):
        n = rng.randint(1, 13)
        neighbours = random_graph(rng, n)
        edges = {frozenset((i, j)) for i in range(n) for j in neighbours[i]}

        def compatible(a: int, b: int, edges=edges) -> bool:
            return frozenset((a, b)) in edges

        mate = max_weight_matching(
            n, [(i, j, 1) for i in range(n) for j in neighbours[i] if i < j], max_cardinality=True
        )
        best = sum(1 for i in range(n) if mate[i] > i)
        players = list(range(n))
        assert can_all_pair(players, compatible) == (2 * best == n)

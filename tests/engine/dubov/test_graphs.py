"""The matching tools against brute force on small random graphs."""

from __future__ import annotations

import itertools
import random

from pairing.engine.dubov.graphs import Matcher, best_matching, lex_first_assignment, perfect
from pairing.engine.dubov.groups import middle_out


def brute_perfect(n: int, edges: set[tuple[int, int]], vertices: list[int]) -> bool:
    if not vertices:
        return True
    first, rest = vertices[0], vertices[1:]
    return any(
        (min(first, v), max(first, v)) in edges and brute_perfect(n, edges, [u for u in rest if u != v]) for v in rest
    )


def test_matcher_decides_perfect_matchings_like_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(1500):
        n = rng.randint(1, 10)
        density = rng.choice([0.2, 0.4, 0.7])
        edges = {(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < density}
        adj = [0] * n
        for i, j in edges:
            adj[i] |= 1 << j
            adj[j] |= 1 << i
        active = sum(1 << v for v in range(n) if rng.random() < 0.9)
        vertices = [v for v in range(n) if active >> v & 1]
        expected = len(vertices) % 2 == 0 and brute_perfect(n, edges, vertices)
        assert perfect(adj, active) == expected
        matcher = Matcher(adj, active, stop_at_first_failure=False)
        for v in vertices:  # "...and without v?" from the same matching
            rest = [u for u in vertices if u != v]
            assert matcher.perfect_without(1 << v) == (len(rest) % 2 == 0 and brute_perfect(n, edges, rest))


def test_lex_first_assignment_is_the_first_transposition() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        n = rng.randint(1, 7)
        options = [[c for c in range(n) if rng.random() < 0.6] for _ in range(n)]
        first = next(
            (list(p) for p in itertools.permutations(range(n)) if all(p[r] in options[r] for r in range(n))), None
        )
        assert lex_first_assignment(n, [sum(1 << c for c in row) for row in options]) == first


def test_best_matching_renumbers_only_the_vertices_it_sees() -> None:
    mate = best_matching(1000, {(998, 999): 5, (3, 998): 1})
    assert mate[998] == 999 and mate[999] == 998 and mate[3] == -1


def test_middle_out_follows_the_d2b_example() -> None:
    """D.2.b: A..G are numbered D, C, E, B, F, A, G."""
    assert "".join(middle_out("ABCDEFG")) == "DCEBFAG"
    assert "".join(middle_out("ABCD")) == "BCAD"  # of two middle players, the higher first


def test_matcher_finds_a_maximum_matching_on_larger_graphs() -> None:
    """The bitset blossom search against the general solver, on graphs large and dense
    enough to shrink blossoms within blossoms; the matching it leaves must be valid."""
    from pairing.engine.matching import maximum_matching_size

    rng = random.Random(11)
    for _ in range(400):
        n = rng.randint(2, 70)
        density = rng.choice([0.03, 0.08, 0.15, 0.3, 0.6, 0.9])
        adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < density:
                    adj[i] |= 1 << j
                    adj[j] |= 1 << i
        active = sum(1 << v for v in range(n) if rng.random() < 0.85)
        vertices = [v for v in range(n) if active >> v & 1]
        local = {v: k for k, v in enumerate(vertices)}
        neighbours = [[local[u] for u in vertices if adj[v] >> u & 1] for v in vertices]
        expected = maximum_matching_size(len(vertices), neighbours)
        # From the greedy start, and from nothing (every vertex searched from).
        for matcher in (
            Matcher(adj, active, stop_at_first_failure=False),
            Matcher(adj, active, [-1] * n, stop_at_first_failure=False),
        ):
            assert matcher.size == expected
            for v in vertices:
                m = matcher.mate[v]
                assert m == -1 or (active >> m & 1 and adj[v] >> m & 1 and matcher.mate[m] == v)

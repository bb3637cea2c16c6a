"""Our maximum-weight matching solver against an independent one (networkx, test-only),
and its compiled twin against the pure-Python one, on random graphs: dense and sparse,
many equal weights (blossoms), negative weights, and weights of thousands of bits whose
high limbs agree (the compiled solver's early-exit comparisons)."""

from __future__ import annotations

import array
import os
import random

import networkx as nx
import pytest

from pairing.engine import matching
from pairing.engine.blossom import BlossomSolver
from pairing.engine.matching import max_weight_matching


def optimum(vertex_count: int, edges: list[tuple[int, int, int]], max_cardinality: bool) -> tuple[int, int]:
    graph = nx.Graph()
    graph.add_nodes_from(range(vertex_count))
    for u, v, w in edges:
        if w > 0 or max_cardinality:
            graph.add_edge(u, v, weight=w)
    pairs = nx.max_weight_matching(graph, maxcardinality=max_cardinality)
    return len(pairs), sum(graph[u][v]["weight"] for u, v in pairs)


def value(mate: list[int], edges: list[tuple[int, int, int]]) -> tuple[int, int]:
    weight = {(min(u, v), max(u, v)): w for u, v, w in edges}
    for v, m in enumerate(mate):
        assert m == -1 or mate[m] == v
    pairs = [(v, m) for v, m in enumerate(mate) if m > v]
    return len(pairs), sum(weight[p] for p in pairs)


def random_graph(rng: random.Random, size: int, wide: bool) -> list[tuple[int, int, int]]:
    density = rng.random()
    bits = rng.choice((1, 2, 6, 40, 200))
    edges = []
    for u in range(size):
        for v in range(u + 1, size):
            if rng.random() < density:
                if wide:
                    w = (rng.randint(0, 2) << 2500) + (rng.randint(0, 3) << 1000) + (rng.randint(0, 1 << 66) << 128)
                    w += rng.randint(-(1 << 64), 1 << 64)
                else:
                    w = rng.randint(-(1 << bits) // 4, 1 << bits)
                edges.append((u, v, w))
    return edges


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_the_solver_finds_the_optimum(seed: int, wide: bool) -> None:
    rng = random.Random(seed * 2 + wide)
    for _ in range(150):
        size = rng.randint(1, 18)
        edges = random_graph(rng, size, wide)
        max_cardinality = rng.random() < 0.3
        assert value(max_weight_matching(size, edges, max_cardinality), edges) == optimum(
            size, edges, max_cardinality
        ), (size, edges, max_cardinality)


@pytest.mark.skipif(matching.compiled is None, reason="the compiled solver is not built (make solver)")
@pytest.mark.parametrize("seed", range(3))
def test_the_compiled_twin_gives_the_python_solvers_mates(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(60):
        size = rng.randint(2, 60)
        edges = [e for e in random_graph(rng, size, rng.random() < 0.5) if e[2] > 0]
        if edges:
            assert matching.solve_compiled(size, edges) == BlossomSolver(size, edges).solve()


def test_the_compiled_solver_is_built_where_ci_asks_for_it() -> None:
    if os.environ.get("REQUIRE_COMPILED_SOLVER") == "1":
        assert matching.SOLVER == "compiled", "make solver did not build pairing/engine/_blossom.c"


def test_edges_without_weight_are_no_matching() -> None:
    assert max_weight_matching(3, [(0, 1, 0), (1, 2, -5)]) == [-1, -1, -1]
    assert max_weight_matching(3, [(0, 1, 0), (1, 2, -5)], max_cardinality=True) in ([1, 0, -1], [-1, 2, 1])


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("seed", range(60))
def test_bipartite_duals_certify_the_optimum(seed: int, compiled: bool, monkeypatch) -> None:
    """bipartite_matching_with_duals: feasible duals (no negative slack, none negative),
    tight matched edges, zero duals on unmatched vertices: complementary slackness, so
    the matching is optimal and the duals describe every optimal matching."""
    if compiled and matching.compiled is None:
        pytest.skip("the compiled solver is not built")
    if not compiled:
        monkeypatch.setattr(matching, "compiled", None)
    rng = random.Random(seed)
    left, right = rng.randint(1, 12), rng.randint(1, 12)
    wide = seed % 3 == 0
    edges = [
        (i, left + j, rng.randint(1, 2**300) if wide else rng.randint(1, 9))
        for i in range(left)
        for j in range(right)
        if rng.random() < 0.6
    ]
    mate, dual = matching.bipartite_matching_with_duals(left + right, edges)
    assert all(d >= 0 for d in dual)
    for u, v, w in edges:
        slack = dual[u] + dual[v] - 2 * w
        assert slack >= 0
        if mate[u] == v:
            assert slack == 0
    assert all(dual[v] == 0 for v in range(left + right) if mate[v] == -1)
    assert value(mate, edges)[1] == optimum(left + right, edges, max_cardinality=False)[1]


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize("seed", range(80))
def test_sparse_solve_is_certified_optimal_for_the_whole_graph(seed: int, compiled: bool, monkeypatch) -> None:
    """Large graphs are solved on each vertex's heaviest edges first, the rest checked
    against the duals (the guess grouping weights by their high bits or not). With the
    threshold lowered so every graph here goes that way: the matching has the optimum
    of the whole graph (networkx), and the duals returned leave no edge of the whole
    graph with negative slack, blossoms included."""
    if compiled and matching.compiled is None:
        pytest.skip("the compiled solver is not built")
    if not compiled:
        monkeypatch.setattr(matching, "compiled", None)
    monkeypatch.setattr(matching, "SPARSE_FROM_EDGES", 10)
    monkeypatch.setattr(matching, "CANDIDATES_PER_VERTEX", 2 + seed % 4)
    rng = random.Random(seed)
    size = rng.randint(6, 40)
    uniform = seed % 2 == 0  # most weights equal, as between players only completion cares about
    edges = []
    for u in range(size):
        for v in range(u + 1, size):
            if rng.random() < 0.7:
                w = 5 if uniform and rng.random() < 0.8 else rng.randint(1, 2**80 if seed % 5 == 0 else 9)
                edges.append((u, v, w))
    mate = max_weight_matching(size, edges)
    assert value(mate, edges)[1] == optimum(size, edges, max_cardinality=False)[1]
    # The first guess may group weights by their high bits (guess_shift): still certified.
    mate, dual, parent = matching._certified_solve(size, edges, guess_shift=seed % 3 * 2)
    assert value(mate, edges)[1] == optimum(size, edges, max_cardinality=False)[1]
    assert all(d >= 0 for d in dual[:size]) and all(dual[v] == 0 for v in range(size) if mate[v] == -1)
    for u, v, w in edges:
        around_u = set(_blossoms_around(u, parent))
        shared = sum(dual[b] for b in _blossoms_around(v, parent) if b in around_u)
        assert dual[u] + dual[v] - 2 * w + 2 * shared >= 0


def _blossoms_around(v: int, parent: list[int]) -> list[int]:
    found = []
    while parent[v] != -1:
        v = parent[v]
        found.append(v)
    return found


def test_a_poor_sparse_guess_falls_back_to_the_whole_graph(monkeypatch) -> None:
    """One candidate edge per vertex (and none per weight) cannot hold the optimum of a
    graph whose heaviest edges all meet at one vertex: the check finds many edges
    missing and the whole graph is solved."""
    monkeypatch.setattr(matching, "SPARSE_FROM_EDGES", 10)
    monkeypatch.setattr(matching, "CANDIDATES_PER_VERTEX", 1)
    monkeypatch.setattr(matching, "CANDIDATES_PER_WEIGHT", 0)
    size = 12
    edges = [(0, v, 100) for v in range(1, size)]
    edges += [(u, v, 60) for u in range(1, size) for v in range(u + 1, size)]
    calls = []
    solve = matching._solve_with_duals
    monkeypatch.setattr(matching, "_solve_with_duals", lambda n, e: calls.append(len(e)) or solve(n, e))
    mate = max_weight_matching(size, edges)
    assert value(mate, edges)[1] == optimum(size, edges, max_cardinality=False)[1]
    assert calls[-1] == len(edges)


@pytest.mark.parametrize("seed", range(20))
def test_the_sparse_guess_keeps_each_weights_edges(monkeypatch, seed: int) -> None:
    """A PPB paired with every player below it (A.9): each player below has heavier pairs
    with the bracket than with the others below, yet the optimum pairs the players
    below among themselves. Their heaviest edges alone miss those pairs; the edges of
    each weight hold them, so the first sparse solve is certified (one solve, not the
    whole graph) and is optimal."""
    rng = random.Random(seed)
    monkeypatch.setattr(matching, "SPARSE_FROM_EDGES", 10)
    monkeypatch.setattr(matching, "CANDIDATES_PER_VERTEX", 4)
    bracket, below = 10, 30
    size = bracket + below
    edges = [(u, v, 1000) for u in range(bracket) for v in range(u + 1, bracket) if rng.random() < 0.8]
    edges += [(u, v, 500) for u in range(bracket) for v in range(bracket, size)]
    edges += [(u, v, 400) for u in range(bracket, size) for v in range(u + 1, size) if rng.random() < 0.7]
    calls = []
    solve = matching._solve_with_duals
    monkeypatch.setattr(matching, "_solve_with_duals", lambda n, e: calls.append(len(e)) or solve(n, e))
    mate = max_weight_matching(size, edges)
    assert value(mate, edges)[1] == optimum(size, edges, max_cardinality=False)[1]
    assert len(calls) == 1 and calls[0] < len(edges)


def maximum_by_augmenting(neighbours: list[list[int]]) -> list[int]:
    """A maximum matching (Berge): an augmenting search from every exposed vertex in turn."""
    mate = [-1] * len(neighbours)
    for v in range(len(neighbours)):
        if mate[v] == -1:
            matching.augment_from(v, neighbours.__getitem__, mate)
    return mate


@pytest.mark.parametrize("seed", range(120))
def test_augmenting_paths_reach_a_maximum_matching(seed: int) -> None:
    """augment_from (Edmonds' search, unweighted): starting from nothing and augmenting
    from every exposed vertex until none can be, the matching is maximum (networkx's
    maximum cardinality); blocked vertices are never touched."""
    rng = random.Random(seed)
    size = rng.randint(2, 30)
    density = rng.choice((0.1, 0.2, 0.4, 0.8))
    edges = [(u, v, 1) for u in range(size) for v in range(u + 1, size) if rng.random() < density]
    neighbours: list[list[int]] = [[] for _ in range(size)]
    for u, v, _ in edges:
        neighbours[u].append(v)
        neighbours[v].append(u)
    mate = maximum_by_augmenting(neighbours)
    pairs, _ = value(mate, edges)
    assert pairs == optimum(size, edges, max_cardinality=True)[0]
    # Blocking a matched pair: the search around it leaves it alone.
    matched = [v for v in range(size) if mate[v] > v]
    if matched:
        u = matched[0]
        blocked = {u, mate[u]}
        kept = list(mate)
        for v in range(size):
            if mate[v] == -1:
                matching.augment_from(v, neighbours.__getitem__, mate, blocked=blocked)
        assert mate[u] == kept[u]


@pytest.mark.skipif(matching.compiled is None, reason="the compiled solver is not built (make solver)")
@pytest.mark.parametrize("seed", range(6))
def test_the_slack_check_by_weight_class_has_a_python_twin(seed: int) -> None:
    """slack_edges (compiled) and its Python twin name the same edges, of negative and of
    zero slack, blossoms included (few distinct weights: many blossoms, deep nests);
    the negative ones are those the sparse solve's own check names."""
    rng = random.Random(seed)
    for _ in range(60):
        size = rng.randint(2, 50)
        edges = [
            (u, v, rng.randint(1, 4) << rng.choice((0, 70, 300)))
            for u in range(size)
            for v in range(u + 1, size)
            if rng.random() < 0.5
        ]
        if not edges:
            continue
        solved = [k for k in range(len(edges)) if rng.random() < 0.4] or [0]
        _, dual, parent = matching._solve_with_duals(size, [edges[k] for k in solved])
        table = sorted({w for _, _, w in edges})
        classes = array.array("i", (table.index(w) for _, _, w in edges))
        us, vs = array.array("i", (u for u, _, _ in edges)), array.array("i", (v for _, v, _ in edges))
        alive = bytearray(rng.random() < 0.9 for _ in edges)
        for tight in (False, True):
            compiled = matching.slack_edges(size, us, vs, classes, table, dual, parent, alive, tight)
            python = matching._slack_edges_python(size, us, vs, classes, table, dual, parent, alive, tight)
            assert compiled == python
        negative = matching.slack_edges(size, us, vs, classes, table, dual, parent)
        assert negative == matching._violated(edges, solved, dual, parent)


@pytest.mark.skipif(matching.compiled is None, reason="the compiled solver is not built (make solver)")
@pytest.mark.parametrize("seed", range(4))
def test_the_count_of_shared_blossoms_has_a_python_twin(seed: int) -> None:
    """shared_counts (compiled) and its Python twin count alike the marked blossoms
    holding both ends of each edge."""
    rng = random.Random(seed)
    counted = 0
    for _ in range(60):
        size = rng.randint(2, 50)
        edges = [(u, v, rng.randint(1, 3)) for u in range(size) for v in range(u + 1, size) if rng.random() < 0.5]
        if not edges:
            continue
        _, _, parent = matching._solve_with_duals(size, edges)
        marked = [x >= size and rng.random() < 0.6 for x in range(2 * size)]
        us, vs = array.array("i", (u for u, _, _ in edges)), array.array("i", (v for _, v, _ in edges))
        compiled = matching.shared_counts(size, us, vs, parent, marked)
        assert compiled == matching._shared_counts_python(size, us, vs, parent, marked)
        counted += any(compiled)
    assert counted, "some edges lie in marked blossoms"


@pytest.mark.skipif(matching.compiled is None, reason="the compiled solver is not built (make solver)")
@pytest.mark.parametrize("seed", range(4))
def test_the_sparse_guess_has_a_python_twin(seed: int) -> None:
    """The sparse first guess (compiled) keeps the edges its Python twin keeps: each
    vertex's heaviest, each weight's first when a vertex has few weights, ties in the
    scattered order; narrow and wide weights, with and without *guess_shift*."""
    rng = random.Random(seed)
    for _ in range(60):
        size = rng.randint(2, 70)
        kinds, scale = rng.choice([2, 5, 30, 1000]), rng.choice([1, 2**300, 2**4000])
        edges = [
            (u, v, rng.randint(-2, kinds) * scale + rng.randint(0, 7))
            for u in range(size)
            for v in range(u + 1, size)
            if rng.random() < 0.7
        ]
        for per_vertex in (1, 3, 24):
            for shift in (0, 3):
                python = matching._heaviest_edges_python(size, edges, per_vertex, shift)
                assert matching._heaviest_edges_compiled(size, edges, per_vertex, shift) == python


@pytest.mark.parametrize("seed", range(40))
def test_an_even_alternating_path_to_a_vertex_is_a_move_that_an_augmenting_path_completes(seed: int) -> None:
    """From a perfect matching, pairing t with u frees t's partner a and u's partner b:
    an augmenting path joins them (t, u and the settled pairs left out) exactly when a
    reaches u by an even alternating path without t, which one search lists for every u."""
    rng = random.Random(seed)
    size = rng.randrange(4, 40, 2)
    density = rng.choice((0.1, 0.3, 0.6, 0.9))
    neighbours: list[list[int]] = [[] for _ in range(size)]
    for u in range(size):
        for v in range(u + 1, size):
            if rng.random() < density:
                neighbours[u].append(v)
                neighbours[v].append(u)
    mate = maximum_by_augmenting(neighbours)
    if -1 in mate:
        return
    settled: set[int] = set()
    for v in rng.sample([v for v in range(size) if mate[v] > v], size // 8):
        settled |= {v, mate[v]}
    for t in (v for v in range(size) if v not in settled):
        a = mate[t]
        probe = list(mate)
        probe[t] = probe[a] = -1
        reach = matching.even_reach(a, neighbours.__getitem__, probe, blocked=settled | {t})
        for u in neighbours[t]:
            if u == a or u in settled:
                continue
            trial = list(mate)
            trial[a] = trial[trial[u]] = -1
            trial[t], trial[u] = u, t
            assert matching.augment_from(a, neighbours.__getitem__, trial, blocked=settled | {t, u}) == reach[u]
            # Stopped at u, the search has reached him exactly when the whole one does,
            # and has found no vertex the whole one does not; unreached, it went to the end.
            early = matching.even_reach(a, neighbours.__getitem__, list(probe), blocked=settled | {t}, until=u)
            assert early[u] == reach[u]
            assert all(reach[v] for v in range(size) if early[v])
            if not reach[u]:
                assert early == reach

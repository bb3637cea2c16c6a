"""Maximum-weight matching on general graphs, with exact integer weights.

Pairing criteria are encoded as bit fields of one big integer per edge (see
``pairing.engine.dutch.weights``), so the solver must be exact on Python ints of
hundreds of bits. This module is the one place the engines call; the solver
behind it is our own: ``pairing.engine.blossom`` in pure Python, and its compiled
twin ``pairing/engine/_blossom.c`` (built by ``make solver``), which follows it step
for step on fixed-width integers wide enough for every weight, and which the tests
hold to the same mates.
"""

from __future__ import annotations

import array
from collections.abc import Callable, Iterable, Sequence, Set

from pairing.engine.blossom import BlossomSolver

try:  # the compiled twin (setup.py build_ext --inplace); same answers, much faster
    from pairing.engine import _blossom as compiled
except ImportError:  # pragma: no cover - exercised when the extension is not built
    compiled = None

SOLVER = "compiled" if compiled is not None else "python"


# Graphs with at least this many edges are solved on a sparse subgraph first (see
# ``_certified_solve``); below it a dense solve is as quick. Tests lower it. A caller
# whose graphs the first guess fits well may ask for the sparse way from fewer edges
# (``sparse_from``; the Dutch engine: ``DUTCH_SPARSE_FROM_EDGES``).
SPARSE_FROM_EDGES = 100_000
CANDIDATES_PER_VERTEX = 24
# The Dutch graphs carry few distinct weights per player below the wide fields, which the
# guess of each weight's edges fits: from 40,000 edges the sparse way is already quicker.
DUTCH_SPARSE_FROM_EDGES = 40_000
# Besides its heaviest edges, a vertex whose edges carry few distinct weights keeps a few
# of each weight (see ``_heaviest_edges``).
CANDIDATES_PER_WEIGHT = 8
WEIGHT_CLASSES_PER_VERTEX = 16


def max_weight_matching(
    vertex_count: int,
    edges: Iterable[tuple[int, int, int]],
    max_cardinality: bool = False,
    sparse_from: int | None = None,
) -> list[int]:
    """Return ``mate`` with ``mate[v]`` the partner of *v*, or -1.

    Edges with weight <= 0 are ignored (they can never improve a maximum matching)
    unless *max_cardinality* is asked: then the matching has as many edges as the
    graph allows, and the most weight among those.
    """
    edges = list(edges)
    edges = _cardinality_first(vertex_count, edges) if max_cardinality else [e for e in edges if e[2] > 0]
    if not edges:
        return [-1] * vertex_count
    if len(edges) >= _sparse_threshold(sparse_from):
        return _certified_solve(vertex_count, edges, sparse_from)[0]
    if compiled is not None:
        return solve_compiled(vertex_count, edges)
    return BlossomSolver(vertex_count, edges).solve()


def bipartite_matching_with_duals(
    vertex_count: int, edges: list[tuple[int, int, int]], sparse_from: int | None = None
) -> tuple[list[int], list[int]]:
    """A maximum-weight matching of a bipartite graph (positive weights) and an optimal
    dual solution: ``dual[v]`` for every vertex, doubled, so that every edge has
    ``dual[u] + dual[v] >= 2 * w`` and every vertex ``dual[v] >= 0``.

    A bipartite graph has no odd cycle, so the solver forms no blossom and the vertex
    duals are the whole dual solution. By complementary slackness a matching is of
    maximum weight exactly when its edges are tight (``dual[u] + dual[v] == 2 * w``)
    and it covers every vertex of positive dual.
    """
    if not edges:
        return [-1] * vertex_count, [0] * vertex_count
    mate, dual, _ = _certified_solve(vertex_count, edges, sparse_from)
    return mate, dual[:vertex_count]


def matching_with_slack(
    vertex_count: int, edges: list[tuple[int, int, int]], sparse_from: int | None = None, guess_shift: int = 0
) -> tuple[list[int], list[int], Callable[[int, int, int], int]]:
    """A maximum-weight matching of a general graph (positive weights), the vertex duals
    of an optimal dual solution (doubled, never negative) and the slack of any edge
    ``(u, v, w)`` under it, the blossoms' duals included (never negative).

    By complementary slackness every maximum-weight matching uses edges of zero slack
    only, covers every vertex of positive dual and has as many edges inside each
    blossom of positive dual as the blossom can hold. *guess_shift* shapes the sparse
    first guess only (``_heaviest_edges``)."""
    return with_slack(vertex_count, optimal_solution(vertex_count, edges, sparse_from, guess_shift))


def optimal_solution(
    vertex_count: int, edges: list[tuple[int, int, int]], sparse_from: int | None = None, guess_shift: int = 0
) -> tuple[list[int], list[int], list[int]]:
    """``(mate, dual, parent)`` of ``_certified_solve``: a maximum-weight matching (positive
    weights) and an optimal dual solution, for a caller that keeps it and asks
    ``with_slack`` of it more than once."""
    return _certified_solve(vertex_count, edges, sparse_from, guess_shift)


def with_slack(
    vertex_count: int, solution: tuple[list[int], list[int], list[int]]
) -> tuple[list[int], list[int], Callable[[int, int, int], int]]:
    """``matching_with_slack``'s answer from an ``optimal_solution``. The slack's memo of
    the blossoms' shared duals lives as long as the function it returns, no longer."""
    mate, dual, parent = solution
    shared = _SharedBlossomDuals(dual, parent)

    def slack(u: int, v: int, w: int) -> int:
        value = dual[u] + dual[v] - 2 * w
        if value < 0 or (value == 0 and parent[u] != -1 and parent[v] != -1):
            value += 2 * shared(parent[u], parent[v])  # the blossoms holding both ends
        return value

    return mate, dual[:vertex_count], slack


def _solve_with_duals(vertex_count: int, edges: list[tuple[int, int, int]]) -> tuple[list[int], list[int], list[int]]:
    """``(mate, dual, parent)``: an optimal matching and the solver's dual solution, the
    doubled duals of the vertices ``0..n-1`` and of the blossoms ``n..2n-1``, and for
    each the blossom it lies in directly (-1 for none)."""
    if compiled is not None:
        mate, raw, size, parent = solve_compiled(vertex_count, edges, want_duals=True)
        dual = [int.from_bytes(raw[k : k + size], "little", signed=True) for k in range(0, len(raw), size)]
        return mate, dual, parent
    solver = BlossomSolver(vertex_count, edges)
    mate = solver.solve()
    return mate, list(solver.dual), list(solver.parent)


def _sparse_threshold(sparse_from: int | None) -> int:
    return SPARSE_FROM_EDGES if sparse_from is None else min(sparse_from, SPARSE_FROM_EDGES)


def _certified_solve(
    vertex_count: int, edges: list[tuple[int, int, int]], sparse_from: int | None = None, guess_shift: int = 0
) -> tuple[list[int], list[int], list[int]]:
    """Solve a large graph on a sparse subgraph, proving the answer optimal for all of it.

    The pairing graphs are dense (most players may meet most others) but an optimal
    matching uses few of the edges. Each vertex keeps its heaviest edges (ties broken
    at random, so that among equal edges the kept ones form a well-connected graph);
    the subgraph is solved with its dual solution; every edge left out is then checked
    against those duals. When none has negative slack (vertex duals plus the duals of
    the blossoms holding both ends, minus twice its weight) the duals are feasible for
    the whole graph and, with the matching, satisfy complementary slackness: the
    matching is optimal for the whole graph, and so are the duals. Otherwise the
    offending edges join the subgraph and it is solved again (the subgraph only grows,
    so this ends), or, when they are many, the whole graph is."""
    if len(edges) < _sparse_threshold(sparse_from):
        return _solve_with_duals(vertex_count, edges)
    chosen = _heaviest_edges(vertex_count, edges, CANDIDATES_PER_VERTEX, guess_shift)
    while True:
        mate, dual, parent = _solve_with_duals(vertex_count, [edges[k] for k in chosen])
        missing = _violated(edges, chosen, dual, parent)
        if not missing:
            return mate, dual, parent
        if len(chosen) + len(missing) > len(edges) // 3:
            return _solve_with_duals(vertex_count, edges)  # a poor guess: the whole graph at once
        chosen = sorted(set(chosen).union(missing))


def _heaviest_edges(
    vertex_count: int, edges: list[tuple[int, int, int]], per_vertex: int, guess_shift: int = 0
) -> list[int]:
    """Indices of each vertex's *per_vertex* heaviest edges, and of its
    ``CANDIDATES_PER_WEIGHT`` first edges of each weight it has when its edges carry at
    most ``WEIGHT_CLASSES_PER_VERTEX`` distinct weights; ties broken by a fixed
    pseudo-random order (the same graph always gives the same subgraph).

    The edges of each weight matter because the heaviest are not always the ones an
    optimal matching needs: in a PPB paired with every player below it (A.9) a player
    below has heavier pairs with the bracket than with the players below, and those
    pairs alone cannot pair the players below among themselves.

    With *guess_shift*, weights that agree above their lowest *guess_shift* bits count
    as one: for a caller whose low fields give nearly every edge of a vertex a weight
    of its own while an optimal matching is decided mostly above them. In a Dutch
    remainder that needs an exchange, D.2's fields depend on the higher-ranked player
    of a pair alone, so every S2R player's heaviest pairs go to the first S1R players;
    grouped by the quality fields above D.2, each player keeps pairs spread over the
    remainder."""
    if compiled is not None:
        return _heaviest_edges_compiled(vertex_count, edges, per_vertex, guess_shift)
    return _heaviest_edges_python(vertex_count, edges, per_vertex, guess_shift)


def _heaviest_edges_compiled(
    vertex_count: int, edges: list[tuple[int, int, int]], per_vertex: int, guess_shift: int = 0
) -> list[int]:
    """``_heaviest_edges`` by the compiled twin: the weights go as ranks, 0 the heaviest."""
    weights = [e[2] >> guess_shift for e in edges] if guess_shift else [e[2] for e in edges]
    rank = {w: k for k, w in enumerate(sorted(set(weights), reverse=True))}
    chosen = array.array("i")
    chosen.frombytes(
        compiled.heaviest_edges(
            vertex_count,
            array.array("i", [e[0] for e in edges]).tobytes(),
            array.array("i", [e[1] for e in edges]).tobytes(),
            array.array("i", map(rank.__getitem__, weights)).tobytes(),
            per_vertex,
            CANDIDATES_PER_WEIGHT,
            WEIGHT_CLASSES_PER_VERTEX,
        )
    )
    return chosen.tolist()


def _heaviest_edges_python(
    vertex_count: int, edges: list[tuple[int, int, int]], per_vertex: int, guess_shift: int = 0
) -> list[int]:
    """:func:`_heaviest_edges` in Python (the compiled one's twin)."""
    # Multiplying by an odd constant modulo 2**32 permutes the indices: a scattered order
    # among equal edges, cheaper than shuffling a list of them, and undone by the inverse.
    scattered = [(k * _SCATTER) & 0xFFFFFFFF for k in range(len(edges))].__getitem__
    by_weight: list[dict[int, list[int]]] = [{} for _ in range(vertex_count)]
    degree = [0] * vertex_count
    for k, (u, v, w) in enumerate(edges):
        w >>= guess_shift
        by_weight[u].setdefault(w, []).append(k)
        by_weight[v].setdefault(w, []).append(k)
        degree[u] += 1
        degree[v] += 1
    chosen: set[int] = set()
    for groups, count in zip(by_weight, degree, strict=True):
        if count <= per_vertex:
            for same in groups.values():
                chosen.update(same)
            continue
        per_weight = CANDIDATES_PER_WEIGHT if len(groups) <= WEIGHT_CLASSES_PER_VERTEX else 0
        wanted = per_vertex  # the heaviest edges still to take
        for w in sorted(groups, reverse=True):
            same = groups[w]
            take = max(wanted, per_weight)  # the first ones of this weight, both ways
            if take <= 0:
                break
            if len(same) <= take:
                chosen.update(same)
            else:
                first = sorted(map(scattered, same), reverse=True)[:take]
                chosen.update((h * _UNSCATTER) & 0xFFFFFFFF for h in first)
            wanted -= len(same)
    return sorted(chosen)


_SCATTER = 2654435761
_UNSCATTER = pow(_SCATTER, -1, 2**32)


def _violated(edges: list[tuple[int, int, int]], chosen: list[int], dual: list[int], parent: list[int]) -> list[int]:
    """Edges outside *chosen* whose slack under the dual solution is negative."""
    kept = set(chosen)
    shared = _SharedBlossomDuals(dual, parent)
    top = outermost_blossoms(parent, len(dual) // 2)
    found = []
    for k, (u, v, w) in enumerate(edges):
        slack = dual[u] + dual[v] - 2 * w
        if slack >= 0:
            continue
        # Blossoms holding both ends (only within one outermost blossom) add twice their
        # dual (never negative); the edges solved have no negative slack, so only the
        # others are looked up in *chosen*.
        if top[u] != -1 and top[u] == top[v] and shared.covers(u, v, slack):
            continue
        if k not in kept:
            found.append(k)
    return found


def slack_edges(
    vertex_count: int,
    us: array.array,
    vs: array.array,
    classes: array.array,
    table: Sequence[int],
    dual: Sequence[int],
    parent: Sequence[int],
    alive: bytearray | None = None,
    tight: bool = False,
) -> list[int]:
    """The indices k of the edges ``(us[k], vs[k])`` of weight ``table[classes[k]]`` whose
    slack under the dual solution (*dual*, *parent* as :func:`_solve_with_duals` gives
    them: vertex duals plus the duals of the blossoms holding both ends, less twice the
    weight) is negative, or with *tight* zero; only those whose *alive* byte is set.

    Many edges share a weight (a class), so the weights travel as a short table. The
    compiled twin does the work when built; :func:`_slack_edges_python` is the same
    check in Python."""
    if compiled is None:
        return _slack_edges_python(vertex_count, us, vs, classes, table, dual, parent, alive, tight)
    # Slacks add up to 2n duals and twice a weight: a few bits above the widest of them.
    largest = max(max(map(abs, dual), default=0), max(map(abs, table), default=0))
    width = largest.bit_length() + (2 * vertex_count).bit_length() + 4
    limbs = width // 64 + 1
    size = 8 * limbs
    return compiled.slack_edges(
        vertex_count,
        us,
        vs,
        classes,
        limbs,
        b"".join(t.to_bytes(size, "little", signed=True) for t in table),
        b"".join(d.to_bytes(size, "little", signed=True) for d in dual[: 2 * vertex_count]),
        array.array("i", parent[: 2 * vertex_count]).tobytes(),
        alive if alive is not None else b"",
        tight,
    )


def shared_counts(
    vertex_count: int, us: array.array, vs: array.array, parent: Sequence[int], marked: Sequence[bool]
) -> array.array:
    """For each edge ``(us[k], vs[k])``: how many of the *marked* blossoms (one flag per
    vertex and blossom, as *parent*: :func:`_solve_with_duals`) hold both its ends."""
    if compiled is None:
        return _shared_counts_python(vertex_count, us, vs, parent, marked)
    raw = compiled.shared_counts(
        vertex_count,
        us,
        vs,
        array.array("i", parent[: 2 * vertex_count]),
        bytes(bool(x) for x in marked[: 2 * vertex_count]),
    )
    counts = array.array("i")
    counts.frombytes(raw)
    return counts


def _shared_counts_python(
    vertex_count: int, us: Sequence[int], vs: Sequence[int], parent: Sequence[int], marked: Sequence[bool]
) -> array.array:
    """:func:`shared_counts` in Python (the compiled one's twin)."""
    shared = _SharedBlossomDuals([int(bool(x)) for x in marked[: 2 * vertex_count]], parent)
    counts = array.array("i")
    for u, v in zip(us, vs, strict=True):
        counts.append(shared(parent[u], parent[v]) if parent[u] != -1 and parent[v] != -1 else 0)
    return counts


def negative_pairs(
    vertex_count: int,
    firsts: Sequence[int],
    seconds: Sequence[int],
    twice: int,
    dual: Sequence[int],
    parent: Sequence[int],
    group: array.array,
    barred_start: array.array,
    barred: array.array,
    tight_under: object | None = None,
) -> list[tuple[int, int]]:
    """With the compiled solver only: the pairs (u, v) of a vertex of *firsts* and another
    of *seconds* (both in increasing order of their duals) whose slack under the dual
    solution, for the weight ``twice / 2``, is negative; never two vertices of the same
    nonzero *group*, nor v among u's *barred* (``barred[barred_start[u]:barred_start[u +
    1]]``); with *tight_under* (its ``dual`` and ``twice``), only the pairs tight under it.
    A pair with both ends in both lists comes twice. The Python twin is the Burstein
    bracket's ``_slack_below_python``, which works on its players directly."""
    assert compiled is not None
    largest = max(max(map(abs, dual), default=0), abs(twice))
    if tight_under is not None:
        largest = max(largest, max(map(abs, tight_under.dual), default=0), abs(tight_under.twice))
    limbs = (largest.bit_length() + (2 * vertex_count).bit_length() + 4) // 64 + 1
    size = 8 * limbs

    def packed(numbers: Iterable[int]) -> bytes:
        return b"".join(x.to_bytes(size, "little", signed=True) for x in numbers)

    flat = compiled.negative_pairs(
        vertex_count,
        array.array("i", firsts),
        array.array("i", seconds),
        limbs,
        packed([twice]),
        packed(dual[: 2 * vertex_count]),
        array.array("i", parent[: 2 * vertex_count]),
        group,
        barred_start,
        barred,
        packed(tight_under.dual[:vertex_count]) if tight_under is not None else b"",
        packed([tight_under.twice if tight_under is not None else 0]),
    )
    return list(zip(flat[::2], flat[1::2], strict=True))


def _slack_edges_python(
    vertex_count: int,
    us: Sequence[int],
    vs: Sequence[int],
    classes: Sequence[int],
    table: Sequence[int],
    dual: Sequence[int],
    parent: Sequence[int],
    alive: bytearray | None = None,
    tight: bool = False,
) -> list[int]:
    """:func:`slack_edges` in Python (the compiled one's twin)."""
    shared = _SharedBlossomDuals(dual, parent)
    twice = [2 * w for w in table]
    found = []
    for k in range(len(us)):
        if alive is not None and not alive[k]:
            continue
        u, v = us[k], vs[k]
        slack = dual[u] + dual[v] - twice[classes[k]]
        if slack > 0 or (slack == 0 and not tight):
            continue
        if parent[u] != -1 and parent[v] != -1:
            slack += 2 * shared(parent[u], parent[v])
        if (slack == 0) if tight else (slack < 0):
            found.append(k)
    return found


def outermost_blossoms(parent: list[int], vertex_count: int) -> list[int]:
    """For each vertex, the outermost blossom holding it (-1: none), from the blossom
    each vertex and blossom lies in directly (as :func:`_solve_with_duals` gives them)."""
    top = [-1] * vertex_count
    outer: dict[int, int] = {}
    for v in range(vertex_count):
        b = parent[v]
        if b == -1:
            continue
        path = []
        while b not in outer and parent[b] != -1:
            path.append(b)
            b = parent[b]
        found = outer.get(b, b)
        for x in path:
            outer[x] = found
        outer[b] = found
        top[v] = found
    return top


class _SharedBlossomDuals:
    """The sum of the duals of the blossoms holding two given blossoms (or -1: none),
    through their nearest common blossom; memoised, since blossoms nest deeply and
    many edges meet the same pairs."""

    def __init__(self, dual: list[int], parent: list[int]) -> None:
        self.dual, self.parent = dual, parent
        self.depth: dict[int, int] = {-1: -1}
        self.total: dict[int, int] = {-1: 0}  # the blossom's dual and all around it
        self.memo: dict[tuple[int, int], int] = {}
        self.outer: list[int] | None = None

    def _climb(self, b: int) -> None:
        path = []
        while b not in self.depth:
            path.append(b)
            b = self.parent[b]
        for x in reversed(path):
            up = self.parent[x]
            self.depth[x] = self.depth[up] + 1
            self.total[x] = self.total[up] + self.dual[x]

    def covers(self, u: int, v: int, slack: int) -> bool:
        """Do the blossoms holding both vertices *u* and *v*, of the same outermost
        blossom, make up for the (negative) *slack* at the vertices? The outermost
        blossom's dual and the smaller of the two vertices' whole nests bound the answer;
        only between them are the shared blossoms looked up."""
        parent = self.parent
        a, b = parent[u], parent[v]
        if a == b:
            return slack + 2 * self(a, a) >= 0
        if self.outer is None:
            self.outer = outermost_blossoms(parent, min(len(parent), len(self.dual)) // 2)
        if slack + 2 * self.dual[self.outer[u]] >= 0:
            return True
        if slack + 2 * min(self(a, a), self(b, b)) < 0:
            return False
        return slack + 2 * self(a, b) >= 0

    def __call__(self, a: int, b: int) -> int:
        depth, parent = self.depth, self.parent
        if a not in depth:
            self._climb(a)
        if b not in depth:
            self._climb(b)
        path = []
        while True:
            if a == b:
                value = self.total[a]
                break
            key = (a, b) if a < b else (b, a)
            value = self.memo.get(key)
            if value is not None:
                break
            path.append(key)
            if depth[a] >= depth[b]:
                a = parent[a]
            else:
                b = parent[b]
        for key in path:
            self.memo[key] = value
        return value


def solve_compiled(vertex_count: int, edges: list[tuple[int, int, int]], want_duals: bool = False):
    """Hand the edges to the compiled solver as fixed-width numbers. Duals stay
    within [-4W, 4W] for the largest weight magnitude W, so three spare bits and a
    sign bit above W's width are enough; two are added for good measure.

    With *want_duals*: ``(mate, duals as bytes, bytes per number, parents)``, the
    duals of the 2n vertices and blossoms and the blossom each lies in (-1: none)."""
    ws = [e[2] for e in edges]
    width = max(max(ws), -min(ws)).bit_length() + 6
    limbs = width // 64 + 1
    size = 8 * limbs
    weights = bytearray(size * len(edges))  # filled in place: no list of pieces beside it
    for k, w in enumerate(ws):
        weights[k * size : (k + 1) * size] = w.to_bytes(size, "little", signed=True)
    us = array.array("i", [e[0] for e in edges])
    vs = array.array("i", [e[1] for e in edges])
    if want_duals:
        mate, duals, parents = compiled.solve(vertex_count, us.tobytes(), vs.tobytes(), limbs, weights, True)
        return mate, duals, size, parents
    return compiled.solve(vertex_count, us.tobytes(), vs.tobytes(), limbs, weights)


def _cardinality_first(vertex_count: int, edges: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Lift every weight by a constant larger than any matching's weight range, so
    that one more edge always outweighs any difference in weight."""
    if not edges:
        return edges
    spread = max(abs(w) for _, _, w in edges)
    lift = (vertex_count // 2 + 1) * 2 * spread + 1
    return [(u, v, w + lift) for u, v, w in edges]


def has_perfect_matching(vertex_count: int, neighbours: Sequence[Sequence[int]]) -> bool:
    """Does the graph have a matching covering every vertex?

    A greedy pass settles the usual case at once; only when it leaves vertices
    unmatched does an exact solve decide.
    """
    if vertex_count % 2:
        return False
    return maximum_matching_size(vertex_count, neighbours) == vertex_count // 2


def maximum_matching_size(vertex_count: int, neighbours: Sequence[Sequence[int]]) -> int:
    """The most pairs the graph allows."""
    mate = maximum_matching(vertex_count, neighbours)
    return sum(1 for v in range(vertex_count) if mate[v] > v)


def maximum_matching(vertex_count: int, neighbours: Sequence[Sequence[int]]) -> list[int]:
    """A maximum matching (``mate[v]``, -1 for a vertex left out): greedy (most
    constrained vertex first) when that already pairs everyone, else an exact solve."""
    mate = [-1] * vertex_count
    for v in sorted(range(vertex_count), key=lambda v: len(neighbours[v])):
        if mate[v] != -1:
            continue
        best = -1
        for u in neighbours[v]:
            if mate[u] == -1 and (best == -1 or len(neighbours[u]) < len(neighbours[best])):
                best = u
        if best != -1:
            mate[v], mate[best] = best, v
    if sum(1 for v in range(vertex_count) if mate[v] > v) == vertex_count // 2:
        return mate
    edges = [(u, v, 1) for u in range(vertex_count) for v in neighbours[u] if u < v]
    return max_weight_matching(vertex_count, edges, max_cardinality=True)


def augment_from(
    root: int,
    around: Callable[[int], Iterable[int]],
    mate: list[int],
    blocked: Set[int] = frozenset(),
) -> bool:
    """One augmenting path from the exposed vertex *root* in a general graph (Edmonds'
    blossom search, unweighted): *around(v)* gives the neighbours of *v* (vertices
    ``range(len(mate))``), and the vertices in *blocked* are left out. When found, *mate*
    is flipped along it (``mate[v]`` is the partner of *v*, or -1) and True returned;
    otherwise *mate* is unchanged."""
    return _search(root, around, mate, blocked) is None


def even_reach(
    root: int,
    around: Callable[[int], Iterable[int]],
    mate: list[int],
    blocked: Set[int] = frozenset(),
    until: int = -1,
) -> list[bool] | None:
    """For each vertex, is it joined to the exposed *root* by an alternating path of even
    length (its last edge in the matching)? None, *mate* flipped, when an augmenting
    path from *root* exists instead. Without one, the search's outer vertices are exactly
    those (Edmonds: every even alternating path is found by the search that finds none
    augmenting). With *until*, the search stops as soon as that vertex is reached: the
    answer is then True for it, and for the others only as far as the search went."""
    return _search(root, around, mate, blocked, until)


def _search(
    root: int, around: Callable[[int], Iterable[int]], mate: list[int], blocked: Set[int], until: int = -1
) -> list[bool] | None:
    """Edmonds' search from *root*: None after flipping *mate* along an augmenting path,
    else the outer vertices (``used``), or those found until *until* is."""
    n = len(mate)
    parent = [-1] * n
    base = list(range(n))
    # The vertices of each blossom, by its base: shrinking a cycle visits the blossoms
    # it absorbs, not every vertex (a search that fails shrinks thousands of them).
    members: dict[int, list[int]] = {}
    used = [False] * n
    used[root] = True
    queue = [root]

    def common_base(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, stop: int, child: int, in_blossom: set[int]) -> None:
        while base[v] != stop:
            in_blossom.add(base[v])
            in_blossom.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    for v in queue:
        for to in around(v):
            if to in blocked or base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                # an odd cycle: shrink it into its base
                stop = common_base(v, to)
                in_blossom: set[int] = set()
                mark_path(v, stop, to, in_blossom)
                mark_path(to, stop, v, in_blossom)
                in_blossom.discard(stop)  # its vertices keep their base, and are used already
                inside = members.setdefault(stop, [stop])
                fresh = []
                for b in in_blossom:
                    for i in members.pop(b, None) or (b,):
                        base[i] = stop
                        inside.append(i)
                        if not used[i]:
                            used[i] = True
                            fresh.append(i)
                if until != -1 and used[until]:
                    return used
                queue += sorted(fresh)  # in the order of their numbers, as a scan of all would
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:
                        previous = parent[to]
                        following = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = following
                    return None
                used[mate[to]] = True
                if mate[to] == until:
                    return used
                queue.append(mate[to])
    return used

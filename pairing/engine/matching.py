"""Maximum-weight matching on general graphs, with exact integer weights.

Pairing criteria are encoded as bit fields of one big integer per edge (see
``pairing.engine.dutch.weights``), so the solver must be exact on Python ints of
hundreds of bits. This module is the one place the engines call; the solver
behind it can change without touching them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def max_weight_matching(vertex_count: int, edges: Iterable[tuple[int, int, int]],
                        max_cardinality: bool = False) -> list[int]:
    """Return ``mate`` with ``mate[v]`` the partner of *v*, or -1.

    Edges with weight <= 0 are ignored (they can never improve a maximum matching
    unless *max_cardinality* is asked, in which case they are kept).
    """
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(vertex_count))
    for u, v, w in edges:
        if w > 0 or max_cardinality:
            graph.add_edge(u, v, weight=w)
    mate = [-1] * vertex_count
    for u, v in nx.max_weight_matching(graph, maxcardinality=max_cardinality):
        mate[u], mate[v] = v, u
    return mate


def has_perfect_matching(vertex_count: int, neighbours: Sequence[Sequence[int]]) -> bool:
    """Does the graph have a matching covering every vertex?

    A greedy pass settles the usual case at once; only when it leaves vertices
    unmatched does an exact solve decide.
    """
    if vertex_count % 2:
        return False
    mate = [-1] * vertex_count
    order = sorted(range(vertex_count), key=lambda v: len(neighbours[v]))
    for v in order:
        if mate[v] != -1:
            continue
        best = -1
        for u in neighbours[v]:
            if mate[u] == -1 and (best == -1 or len(neighbours[u]) < len(neighbours[best])):
                best = u
        if best == -1:
            break
        mate[v], mate[best] = best, v
    if all(m != -1 for m in mate):
        return True
    edges = [(u, v, 1) for u in range(vertex_count) for v in neighbours[u] if u < v]
    mate = max_weight_matching(vertex_count, edges, max_cardinality=True)
    return all(m != -1 for m in mate)

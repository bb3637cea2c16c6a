"""Matching tools the Dubov engine decides with: exact, and cheap in the usual case.

- :class:`Matcher` (from :mod:`pairing.engine.common.bitset_matching`): maximum-cardinality
  matching on a general graph given as bitsets. "Can these players all be paired?"
  (C.4, B.0.b) is one call; "...and without this one?" reuses the matching.
- :func:`lex_first_assignment`: the first transposition in D.3 order, i.e. the
  lexicographically smallest perfect assignment of a bipartite graph, fixing one
  position at a time and repairing the assignment along an alternating path.
- :func:`best_matching`: a maximum-weight matching for the rare brackets whose
  criteria the cheap tests cannot settle (exact integer weights).
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.common.bitset_matching import Matcher, perfect
from pairing.engine.matching import max_weight_matching

__all__ = ["Matcher", "best_matching", "lex_first_assignment", "perfect"]


def lex_first_assignment(rows: int, options: Sequence[Sequence[int]]) -> list[int] | None:
    """The lexicographically first assignment of a column to every row.

    ``options[r]`` lists the columns row *r* may take, in the order they are to be
    preferred. Returns ``col[r]`` for every row, or None when no assignment covers
    every row.
    """
    owner: dict[int, int] = {}
    col = [-1] * rows

    def augment(r: int, seen: set[int], movable_from: int) -> bool:
        # Kuhn's search, without recursion: rows below *movable_from* are fixed.
        stack = [(r, iter(options[r]))]
        path: list[tuple[int, int]] = []  # the (row, column) edges leading down the stack
        while stack:
            row, choices = stack[-1]
            for c in choices:
                if c in seen:
                    continue
                seen.add(c)
                o = owner.get(c)
                if o is None:
                    path.append((row, c))
                    for rr, cc in path:
                        owner[cc] = rr
                        col[rr] = cc
                    return True
                if o >= movable_from:
                    path.append((row, c))
                    stack.append((o, iter(options[o])))
                    break
            else:
                stack.pop()
                if path:
                    path.pop()
        return False

    for r in range(rows):  # greedy start: the first free column in each row's order
        for c in options[r]:
            if c not in owner:
                owner[c] = r
                col[r] = c
                break
    for r in range(rows):
        if col[r] == -1 and not augment(r, set(), 0):
            return None
    for r in range(rows):  # fix row r to its first column that keeps the rest assignable
        for c in options[r]:
            if col[r] == c:
                break
            o = owner.get(c)
            if o is not None and o < r:
                continue
            saved_col, saved_owner = list(col), dict(owner)
            del owner[col[r]]
            owner[c] = r
            col[r] = c
            if o is None:
                break
            col[o] = -1
            if augment(o, {c}, r + 1):
                break
            col[:] = saved_col
            owner.clear()
            owner.update(saved_owner)
    return col


def best_matching(n: int, weights: dict[tuple[int, int], int], max_cardinality: bool = True) -> list[int]:
    """Maximum-weight matching (among the maximum-cardinality ones unless told otherwise)
    of the graph on vertices 0..n-1 whose edges are the keys of *weights*.

    The solver only sees the vertices that have an edge, renumbered, so that a bracket of
    a large field costs what the bracket costs.
    """
    used = sorted({v for edge in weights for v in edge})
    local = {v: k for k, v in enumerate(used)}
    inner = max_weight_matching(
        len(used), ((local[u], local[v], w) for (u, v), w in weights.items()), max_cardinality=max_cardinality
    )
    mate = [-1] * n
    for k, m in enumerate(inner):
        if m != -1:
            mate[used[k]] = used[m]
    return mate

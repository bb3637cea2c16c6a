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

from pairing.engine.common.bitset_matching import Matcher, bits, perfect
from pairing.engine.matching import max_weight_matching

__all__ = ["Matcher", "best_matching", "lex_first_assignment", "perfect"]


def lex_first_assignment(rows: int, options: Sequence[int]) -> list[int] | None:
    """The lexicographically first assignment of a column to every row.

    ``options[r]`` is the bitset of the columns row *r* may take, the lower ones
    preferred. Returns ``col[r]`` for every row, or None when no assignment covers
    every row.
    """
    owner: dict[int, int] = {}
    col = [-1] * rows

    def augment(r: int, seen: int, movable_from: int) -> bool:
        # Kuhn's search, without recursion: rows below *movable_from* are fixed; *seen*
        # holds the columns already tried, so a row's next choice is its lowest other one.
        stack = [r]
        path: list[tuple[int, int]] = []  # the (row, column) edges leading down the stack
        while stack:
            row = stack[-1]
            choices = options[row] & ~seen
            while choices:
                low = choices & -choices
                choices ^= low
                seen |= low
                c = low.bit_length() - 1
                o = owner.get(c)
                if o is None:
                    path.append((row, c))
                    for rr, cc in path:
                        owner[cc] = rr
                        col[rr] = cc
                    return True
                if o >= movable_from:
                    path.append((row, c))
                    stack.append(o)
                    break
            else:
                stack.pop()
                if path:
                    path.pop()
        return False

    taken = 0
    for r in range(rows):  # greedy start: the first free column in each row's order
        choices = options[r] & ~taken
        if choices:
            low = choices & -choices
            taken |= low
            c = low.bit_length() - 1
            owner[c] = r
            col[r] = c
    for r in range(rows):
        if col[r] == -1 and not augment(r, 0, 0):
            return None
    fixed = 0  # the columns of the rows already fixed
    for r in range(rows):  # fix row r to its first column that keeps the rest assignable
        current = col[r]
        for c in bits(options[r] & ~fixed & ((1 << current) - 1)):
            o = owner.get(c)
            del owner[current]
            owner[c] = r
            col[r] = c
            if o is None:
                break
            col[o] = -1
            if augment(o, 1 << c, r + 1):
                break
            owner[current], owner[c] = r, o  # no path: back to the assignment before the try
            col[r], col[o] = current, c
        fixed |= 1 << col[r]
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

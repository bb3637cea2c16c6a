"""D.3 / B.6: the first transposition of G2 that pairs S1 legally."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.dubov.graphs import lex_first_assignment
from pairing.engine.dubov.groups import g2_order, s1_order
from pairing.engine.dubov.players import DubovEntrant


def first_transposition(
    g1: Sequence[DubovEntrant], g2: Sequence[DubovEntrant], allowed: Callable[[DubovEntrant, DubovEntrant], bool]
) -> list[tuple[DubovEntrant, DubovEntrant]] | None:
    """S1 (B.5) against T2, the first transposition of G2 in D.3 order whose pairs
    S1[i]-T2[i] are all *allowed*: the lexicographically first perfect assignment,
    found position by position without listing the transpositions."""
    s1 = s1_order(g1)
    t2 = g2_order(g2)
    options = [[j for j, b in enumerate(t2) if allowed(a, b)] for a in s1]
    col = lex_first_assignment(len(s1), options)
    if col is None:
        return None
    return [(s1[i], t2[col[i]]) for i in range(len(s1))]

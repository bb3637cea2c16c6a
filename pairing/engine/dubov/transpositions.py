"""D.3 / B.6: the first transposition of G2 that pairs S1 legally."""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.dubov.field import Field, bits
from pairing.engine.dubov.graphs import lex_first_assignment
from pairing.engine.dubov.groups import g2_order, s1_order
from pairing.engine.dubov.players import DubovEntrant


def first_transposition(
    field: Field, g1: int, g2: int, barred: Callable[[int], int]
) -> list[tuple[DubovEntrant, DubovEntrant]] | None:
    """S1 (B.5) against T2, the first transposition of G2 in D.3 order whose pairs
    S1[i]-T2[i] are all legal: the field's C.1 and C.3, less the players ``barred(v)``
    (field positions) for the player at position v. It is the lexicographically first
    perfect assignment, found position by position without listing the transpositions.
    *g1* and *g2* are the subgroups as bitsets of field positions."""
    s1 = s1_order([field.players[v] for v in bits(g1)])
    t2 = g2_order([field.players[v] for v in bits(g2)])
    column = {field.index[p.id]: k for k, p in enumerate(t2)}

    def columns_of(positions: int) -> int:
        out = 0
        for v in bits(positions):
            out |= 1 << column[v]
        return out

    everyone = (1 << len(t2)) - 1
    options = []
    for player in s1:
        v = field.index[player.id]
        # The players of G2 this one may not meet are few: the row is built from them.
        options.append(everyone & ~columns_of(g2 & (~field.adj[v] | barred(v))))
    col = lex_first_assignment(len(s1), options)
    if col is None:
        return None
    return [(s1[i], t2[col[i]]) for i in range(len(s1))]

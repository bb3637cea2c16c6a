"""The exchange tables as the Lim text prints them (C.04.4.3 4.2, 4.3): each column in
full, from the engine's order of exchanges (:func:`pairing.engine.lim.exchange.exchanges`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pairing.engine.lim.exchange import Scrutinised, exchanges


def printed_columns(
    settled: Sequence[Scrutinised], free: Sequence[int], position: Mapping[int, int]
) -> list[list[tuple[int, int]]]:
    """Each column the engine tries for the first player of *free*: the settled pairs, then
    the players left, in arrangement order (*position*), as 2.4 proposes them (top half
    against bottom half)."""
    out = []
    for now, paired, returned in exchanges(settled, free):
        rest = [p for p in free if p not in paired]
        if returned is not None:
            rest = sorted([*rest, returned], key=position.__getitem__)
        half = len(rest) // 2
        out.append([(s.player, s.opponent) for s in now] + [(rest[i], rest[half + i]) for i in range(half)])
    return out

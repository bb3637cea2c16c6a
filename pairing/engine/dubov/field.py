"""The players of one round and who may meet whom (C.1, C.3, forbidden pairs), as bitsets.

Every test of the engine ("can these players all be paired?", "who can this player
meet?") reads these sets, built once per round: bit j of ``adj[i]`` is set when the
players at positions i and j may be paired.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pairing.engine.common.bitset_matching import bits
from pairing.engine.dubov.players import DubovEntrant
from pairing.engine.state import Colour

__all__ = ["Field", "bits"]


class Field:
    def __init__(self, players: Sequence[DubovEntrant], forbidden: Iterable[tuple[int, int]] = ()) -> None:
        self.players = list(players)
        self.index = {p.id: i for i, p in enumerate(self.players)}
        n = len(self.players)
        everyone = (1 << n) - 1
        absolute = {Colour.WHITE: 0, Colour.BLACK: 0}
        met = [0] * n
        for i, p in enumerate(self.players):
            if p.absolute:
                absolute[p.colour] |= 1 << i
            for o in p.opponents:  # C.1, counted from both sides
                j = self.index.get(o)
                if j is not None:
                    met[i] |= 1 << j
                    met[j] |= 1 << i
        for a, b in forbidden:
            i, j = self.index.get(a), self.index.get(b)
            if i is not None and j is not None:
                met[i] |= 1 << j
                met[j] |= 1 << i
        self.adj = []
        for i, p in enumerate(self.players):
            allowed = everyone & ~(1 << i) & ~met[i]
            if p.absolute:  # C.3: the same absolute colour preference
                allowed &= ~absolute[p.colour]
            self.adj.append(allowed)

    def mask(self, players: Iterable[DubovEntrant]) -> int:
        out = 0
        for p in players:
            out |= 1 << self.index[p.id]
        return out

    def can_meet(self, a: DubovEntrant, b: DubovEntrant) -> bool:
        return bool(self.adj[self.index[a.id]] >> self.index[b.id] & 1)

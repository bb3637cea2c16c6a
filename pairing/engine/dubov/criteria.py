"""The pairing criteria of the revised Dubov system (C.04.4.1 C.1-C.10).

Absolute criteria decide which pairs may exist at all; quality criteria give each
candidate a failure value, compared lexicographically in the order of the rules
(C.5 first). The candidate with the best values wins; among equals, the first one
generated (B.2, B.6; the "metodo del crivello" of the seed).
"""

from __future__ import annotations

from collections.abc import Iterable

from pairing.engine.dubov.players import DubovEntrant


class Compatibility:
    """C.1 and C.3 (and the arbiter's forbidden pairs) between two players."""

    def __init__(self, forbidden: Iterable[tuple[int, int]] = ()) -> None:
        self.forbidden = frozenset(frozenset(p) for p in forbidden)

    def __call__(self, a: DubovEntrant, b: DubovEntrant) -> bool:
        if a.id == b.id or b.id in a.opponents:  # C.1 (C.04.1.b)
            return False
        if a.absolute and b.absolute and a.colour is b.colour:  # C.3 (C.04.1.f/g)
            return False
        return frozenset((a.id, b.id)) not in self.forbidden


def colour_failures(pairs: Iterable[tuple[DubovEntrant, DubovEntrant]]) -> int:
    """C.7: players who do not get their colour preference.

    Colours follow E.1 (both preferences granted when they differ), so a pair fails
    one preference exactly when both players seek the same colour.
    """
    return sum(1 for a, b in pairs if a.colour is b.colour)


def float_failures(upfloaters: Iterable[DubovEntrant], last_round: bool) -> tuple[int, int, int]:
    """C.8, C.9, C.10 for a set of upfloaters; none of them applies in the last round."""
    if last_round:
        return (0, 0, 0)
    ups = list(upfloaters)
    maximum = [u for u in ups if u.maximum_upfloater]
    return (
        len(maximum),  # C.8: upfloaters who are maximum upfloaters (A.7)
        sum(u.upfloats for u in maximum),  # C.9: times those maximum upfloaters were upfloated
        sum(1 for u in ups if u.upfloated_last_round),  # C.10
    )

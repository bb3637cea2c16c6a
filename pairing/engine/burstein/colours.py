"""Burstein colour allocation (5.1, 5.4) after the limits of 5.2 and 5.3.

The due colour (1.3), the limits and the allocation Burstein shares with Lim are in
:mod:`pairing.engine.common.colours`; the last tie-break of 5.4 is Burstein's own.
"""

from __future__ import annotations

from pairing.engine.burstein.ordering import Strength
from pairing.engine.common.colours import ColourState, white_by_due_colours
from pairing.engine.state import Colour


def white_of_pair(
    a: int,
    b: int,
    colour: dict[int, ColourState],
    strength: dict[int, Strength],
    numbers: dict[int, int],
    initial: Colour,
) -> int:
    """Who of *a* and *b* plays White (5.1, 5.4, after the limits of 5.2 and 5.3)."""
    ca, cb = colour[a], colour[b]
    if ca.forced is not None:
        return a if ca.forced is Colour.WHITE else b
    if cb.forced is not None:
        return b if cb.forced is Colour.WHITE else a
    return white_by_due_colours(a, b, ca, cb, numbers, initial, lambda x, y: _stronger(x, y, strength))


def _stronger(a: int, b: int, strength: dict[int, Strength]) -> int:
    """5.4: identical colour histories: the higher SB, then Buchholz, "and so on" (Median,
    rating, pairing number)."""
    return a if strength[a] > strength[b] else b

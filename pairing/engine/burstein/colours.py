"""Burstein colour allocation (5.1, 5.4) after the limits of 5.2 and 5.3.

The due colour (1.3) and the limits are :class:`pairing.engine.common.colours.ColourState`.
"""

from __future__ import annotations

from pairing.engine.burstein.ordering import Strength
from pairing.engine.common.colours import ColourState
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
    if ca.due is None and cb.due is None:
        # 5.1 (no game played by either, round one above all): No.1 gets the drawn colour,
        # the other odd numbers of the top half the same, the even ones the other. Decision:
        # the same parity rule decides every pair of newcomers, by the higher player's number.
        top = a if numbers[a] < numbers[b] else b
        colour_of_top = initial if numbers[top] % 2 == 1 else initial.opposite
        return top if colour_of_top is Colour.WHITE else (b if top == a else a)
    if ca.due is None:
        return b if cb.due is Colour.WHITE else a
    if cb.due is None or ca.due is not cb.due:
        return a if ca.due is Colour.WHITE else b  # 5.4 first: both get their due colour
    due = ca.due
    favoured = _favoured(a, b, ca, cb, strength)
    other = b if favoured == a else a
    return favoured if due is Colour.WHITE else other


def _favoured(a: int, b: int, ca: ColourState, cb: ColourState, strength: dict[int, Strength]) -> int:
    """Both are due the same colour: who gets it (5.4, second to last bullet)."""
    if abs(ca.difference) != abs(cb.difference):
        # 5.4: equalise the numbers of black and white games played before.
        return a if abs(ca.difference) > abs(cb.difference) else b
    for x, y in zip(reversed(ca.sequence), reversed(cb.sequence), strict=False):
        if x is not y:
            # 5.4: alternate both, at the first difference going back from the last round.
            return a if x.opposite is ca.due else b
    # 5.4: the higher SB, then Buchholz, "and so on" (Median, rating, pairing number).
    return a if strength[a] > strength[b] else b

"""Burstein colours: the due colour (1.3), the limits (5.2, 5.3), allocation (5.1, 5.4).

Only played games count (C.04.2.D.5); the sequences come from ``Player.colour_sequence``
and the difference from ``pairing.engine.colours.colour_difference``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.burstein.ordering import Strength
from pairing.engine.colours import colour_difference
from pairing.engine.state import Colour, Player


@dataclass(frozen=True)
class ColourState:
    sequence: tuple[Colour, ...]
    difference: int  # whites minus blacks
    due: Colour | None  # 1.3
    forced: Colour | None  # the only colour 5.2 and 5.3 still allow, if any

    def allows(self, colour: Colour) -> bool:
        return self.forced is None or self.forced is colour


def colour_state(player: Player) -> ColourState:
    sequence = player.colour_sequence()
    difference = colour_difference(sequence)
    due: Colour | None = None
    if difference > 0:
        due = Colour.BLACK  # 1.3: the colour he played fewer times
    elif difference < 0:
        due = Colour.WHITE
    elif sequence:
        due = sequence[-1].opposite  # 1.3: alternate from the previous (played) round
    forced: Colour | None = None
    if difference >= 2 or (len(sequence) >= 2 and sequence[-1] is sequence[-2] is Colour.WHITE):
        forced = Colour.BLACK  # 5.2: never three more; 5.3: never three in a row
    elif difference <= -2 or (len(sequence) >= 2 and sequence[-1] is sequence[-2] is Colour.BLACK):
        forced = Colour.WHITE
    return ColourState(sequence, difference, due, forced)


def colours_allow(a: ColourState, b: ColourState) -> bool:
    """5.2 and 5.3 leave at least one way to give these two players their colours."""
    return a.forced is None or b.forced is None or a.forced is not b.forced


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

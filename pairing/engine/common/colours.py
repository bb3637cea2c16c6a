"""Colour difference, colour preference and colour limits: the one place these are computed.

C.04.3 A.6 (Dutch) and the revised Dubov A.5 define the same three strengths: absolute,
strong and mild (Dubov's A.5.d is its own, in :mod:`pairing.engine.dubov.players`).
Burstein (C.04.4.2 1.3, 5.2, 5.3) and Lim (C.04.4.3 2.1, 5.x) share the due colour and
the hard limits of :class:`ColourState`. Only played games count (C.04.2.D.5).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pairing.engine.state import Colour, Player


class Strength(enum.IntEnum):
    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True)
class ColourPreference:
    colour: Colour | None
    strength: Strength
    difference: int  # games with White minus games with Black
    sequence: tuple[Colour, ...]  # played games only, oldest first

    @property
    def last(self) -> Colour | None:
        return self.sequence[-1] if self.sequence else None

    def repeats_last_two(self) -> Colour | None:
        """The colour of the two latest played games, when they are the same."""
        if len(self.sequence) >= 2 and self.sequence[-1] == self.sequence[-2]:
            return self.sequence[-1]
        return None


def colour_difference(sequence: tuple[Colour, ...]) -> int:
    return sum(1 if c is Colour.WHITE else -1 for c in sequence)


def preference_from_sequence(sequence: tuple[Colour, ...]) -> ColourPreference:
    """C.04.3 A.6 a-d."""
    diff = colour_difference(sequence)
    if not sequence:
        return ColourPreference(None, Strength.NONE, 0, sequence)  # A.6.d
    twice = len(sequence) >= 2 and sequence[-1] == sequence[-2]
    if diff > 1 or diff < -1 or twice:  # A.6.a
        if diff < -1:
            colour = Colour.WHITE
        elif diff > 1:
            colour = Colour.BLACK
        else:
            colour = sequence[-1].opposite
        return ColourPreference(colour, Strength.ABSOLUTE, diff, sequence)
    if diff in (1, -1):  # A.6.b
        colour = Colour.BLACK if diff == 1 else Colour.WHITE
        return ColourPreference(colour, Strength.STRONG, diff, sequence)
    return ColourPreference(sequence[-1].opposite, Strength.MILD, diff, sequence)  # A.6.c


def latest_difference(mine: tuple[Colour, ...], theirs: tuple[Colour, ...]) -> Colour | None:
    """My colour in the latest game where one of us had White and the other Black,
    walking both sequences of played games back together (Dubov E.3; Burstein 2026
    5.2.4; C.04.2.D.5: only played games count)."""
    for a, b in zip(reversed(mine), reversed(theirs), strict=False):
        if a is not b:
            return a
    return None


def colour_preference(player: Player) -> ColourPreference:
    return preference_from_sequence(player.colour_sequence())


@dataclass(frozen=True)
class ColourState:
    """The due colour (alternate, or equalise) and the only colour the limits still allow:
    never three more of one colour, never three in a row (C.04.1.f/g)."""

    sequence: tuple[Colour, ...]
    difference: int  # whites minus blacks
    due: Colour | None  # C.04.4.2 1.3, C.04.4.3 5.1
    forced: Colour | None  # the only colour the limits still allow (C.04.4.2 5.2, 5.3), if any

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


def white_by_due_colours(
    a: int,
    b: int,
    ca: ColourState,
    cb: ColourState,
    numbers: Mapping[int, int],
    initial: Colour,
    tie_break: Callable[[int, int], int],
) -> int:
    """Who of *a* and *b* plays White when no limit forces a colour (Burstein 5.1, 5.4;
    Lim 5.1, 5.4, 5.6, 7.2): each his due colour when they differ; when both are due the
    same one, the greater imbalance gets it (to equalise), else the first difference going
    back from the last round decides (to alternate both), else the system's *tie_break*,
    which returns the favoured player."""
    if ca.due is None and cb.due is None:
        # Neither has played (round one above all): No.1 has the drawn colour, the odd
        # numbers of the top half the same, the even ones the other. Decision: the higher
        # player's pairing number decides every pair of newcomers, late entries too.
        top = a if numbers[a] < numbers[b] else b
        colour_of_top = initial if numbers[top] % 2 == 1 else initial.opposite
        return top if colour_of_top is Colour.WHITE else (b if top == a else a)
    if ca.due is None:
        return b if cb.due is Colour.WHITE else a
    if cb.due is None or ca.due is not cb.due:
        return a if ca.due is Colour.WHITE else b  # both get their due colour
    favoured = _favoured_by_history(a, b, ca, cb)
    if favoured is None:
        favoured = tie_break(a, b)
    return favoured if ca.due is Colour.WHITE else (b if favoured == a else a)


def _favoured_by_history(a: int, b: int, ca: ColourState, cb: ColourState) -> int | None:
    if abs(ca.difference) != abs(cb.difference):
        return a if abs(ca.difference) > abs(cb.difference) else b
    for x, y in zip(reversed(ca.sequence), reversed(cb.sequence), strict=False):
        if x is not y:
            return a if x.opposite is ca.due else b
    return None

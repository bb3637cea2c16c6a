"""Colour difference and colour preference: the one place these are computed.

C.04.3 A.6 (Dutch) and the revised Dubov A.5 define the same three strengths:
absolute, strong and mild. Only played games count (C.04.2.D.5).
"""

from __future__ import annotations

import enum
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


def colour_preference(player: Player) -> ColourPreference:
    return preference_from_sequence(player.colour_sequence())


def dubov_colour_preference(player: Player) -> ColourPreference:
    """The revised Dubov system's colour preference (C.04.4.1 A.5, Batumi 2018).

    A.5.a-c are the three strengths computed above; A.5.d differs from the Dutch
    rules: a player who has not played a game yet has a mild preference for Black.
    """
    preference = colour_preference(player)
    if not preference.sequence:
        return ColourPreference(Colour.BLACK, Strength.MILD, 0, preference.sequence)  # A.5.d
    return preference

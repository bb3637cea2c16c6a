"""Article 4 of C.04.5 (2026): who has White in game 1 of a match; game 2 reverses (4.4)."""

from __future__ import annotations

from pairing.engine.double_swiss.matches import Contender
from pairing.engine.state import Board, Colour


def higher_ranked(a: Contender, b: Contender) -> Contender:
    """4.2: the higher score, then the smaller TPN."""
    return a if (-a.score, a.number) <= (-b.score, b.number) else b


def match_colours(a: Contender, b: Contender, initial: Colour) -> Board:
    """The board of the match between *a* and *b*: ``white`` plays game 1 with White."""
    top = higher_ranked(a, b)
    other = b if top is a else a
    colour = _colour_of_higher_ranked(top, other, initial)
    return Board(top.id, other.id) if colour is Colour.WHITE else Board(other.id, top.id)


def _colour_of_higher_ranked(top: Contender, other: Contender, initial: Colour) -> Colour:
    if not top.colours and not other.colours:  # 4.3.1: neither has had a colour yet
        return initial if top.number % 2 == 1 else initial.opposite
    if top.whites != other.whites:  # 4.3.2: White to the one with fewer Whites
        return Colour.WHITE if top.whites < other.whites else Colour.BLACK
    for mine, theirs in zip(reversed(top.colours), reversed(other.colours), strict=False):
        if mine is not theirs:  # 4.3.3: alternate from the latest match their colours differed
            return mine.opposite
    if top.colours:  # 4.3.4: the higher-ranked player alternates
        return top.colours[-1].opposite
    return other.colours[-1]  # 4.3.5: the opponent alternates

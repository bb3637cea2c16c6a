"""Lim colour allocation (5.1-5.6, 7.2) for a pair already made."""

from __future__ import annotations

from pairing.engine.lim.players import LimRound
from pairing.engine.state import Colour


def white_of_pair(a: int, b: int, data: LimRound) -> int:
    ca, cb = data.colour[a], data.colour[b]
    # 5.1 a/b, 5.3: a forced colour is given (in the last round, rule 6, a pair may
    # have both players forced the same way; then the rules below decide).
    if ca.forced is not None and ca.forced is not cb.forced:
        return a if ca.forced is Colour.WHITE else b
    if cb.forced is not None and ca.forced is not cb.forced:
        return b if cb.forced is Colour.WHITE else a
    if ca.due is None and cb.due is None:
        # 7.2: #1 has the drawn colour, the odd numbers of the upper half the same, the
        # even ones the other. Decision: the higher player's number decides any pair of
        # players without a game (late entries too).
        top = a if data.number[a] < data.number[b] else b
        colour = data.state.initial_colour
        if data.number[top] % 2 == 0:
            colour = colour.opposite
        return top if colour is Colour.WHITE else (b if top == a else a)
    if ca.due is None:
        return b if cb.due is Colour.WHITE else a
    if cb.due is None or ca.due is not cb.due:
        return a if ca.due is Colour.WHITE else b  # 5.1: each his alternating colour
    favoured = _favoured(a, b, data)
    if ca.due is Colour.WHITE:
        return favoured
    return b if favoured == a else a


def _favoured(a: int, b: int, data: LimRound) -> int:
    """Both are due the same colour: who is given it."""
    ca, cb = data.colour[a], data.colour[b]
    if abs(ca.difference) != abs(cb.difference):
        return a if abs(ca.difference) > abs(cb.difference) else b  # 5.6: equalise first
    for x, y in zip(reversed(ca.sequence), reversed(cb.sequence), strict=False):
        if x is not y:
            # 5.4: going back, the first round they differed decides the alternation.
            return a if x.opposite is ca.due else b
    # 5.4: identical histories: the higher ranked at or above the median group, the
    # lower ranked below it. Decision: the pair's higher score places it.
    higher, lower = sorted((a, b), key=data.rank)
    if data.score[higher] >= data.median_score:
        return higher
    return lower

"""Lim colour allocation (5.1-5.6, 7.2) for a pair already made."""

from __future__ import annotations

from pairing.engine.common.colours import white_by_due_colours
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
    return white_by_due_colours(a, b, ca, cb, data.number, data.state.initial_colour, lambda x, y: _by_rank(x, y, data))


def _by_rank(a: int, b: int, data: LimRound) -> int:
    """5.4: identical histories: the higher ranked at or above the median group, the
    lower ranked below it. Decision: the pair's higher score places it."""
    higher, lower = sorted((a, b), key=data.rank)
    if data.score[higher] >= data.median_score:
        return higher
    return lower

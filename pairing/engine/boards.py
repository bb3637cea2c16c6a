"""Board order of a published pairing (C.04.2.D.9; C.04.7 2026 1.5), shared by every system."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from pairing.engine.common.editions import EDITION_2026
from pairing.engine.state import Board, TournamentState

B = TypeVar("B")


def board_order(state: TournamentState, boards: Iterable[Board], edition: str) -> tuple[Board, ...]:
    """*boards* in the order they are published under the *edition* of the rules.

    C.04.2.D.9 sorts the pairs "after a pairing is complete" by the players' real scores;
    in the 2026 edition C.04.7 1.5 orders them by the pairing scores (C.04.2 2026 art. 3.6),
    real score plus the virtual points *state* carries (an accelerated state, as the engine
    paired it). The initial order of *state* breaks the remaining ties.
    """
    rank = {p.id: k for k, p in enumerate(state.players)}
    by = state.pairing_score if edition == EDITION_2026 else state.score
    return sorted_by_scores(boards, by, rank)


def sorted_by_scores(boards: Iterable[B], score: Callable[[int], Any], rank: Mapping[int, int]) -> tuple[B, ...]:
    """C.04.2.D.9: by the score of the higher-ranked player of each pair, then the
    sum of both scores, then the initial-order rank of the higher-ranked player.

    *rank* maps a player id to its place in the initial order (1 = top). The higher
    ranked player of a pair is the one with more points, then the better rank (C.04.3 A.2).
    Any pair with ``white`` and ``black`` ids sorts: the team system's matches too
    (C.04.6 leaves board order to C.04.2 2026 art. 3.6).
    """

    def key(board: Any) -> tuple[Any, Any, int]:
        a, b = board.white, board.black
        top = min((a, b), key=lambda p: (-score(p), rank[p]))
        return (-score(top), -(score(a) + score(b)), rank[top])

    return tuple(sorted(boards, key=key))

"""Board order of a published pairing (C.04.2.D.9), shared by every system."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from pairing.engine.state import Board


def sort_boards(boards: Iterable[Board], score: Callable[[int], int], rank: Mapping[int, int]) -> tuple[Board, ...]:
    """C.04.2.D.9: by the score of the higher-ranked player of each pair, then the
    sum of both scores, then the initial-order rank of the higher-ranked player.

    *rank* maps a player id to its place in the initial order (1 = top). The higher
    ranked player of a pair is the one with more points, then the better rank (C.04.3 A.2).
    """

    def key(board: Board) -> tuple[int, int, int]:
        a, b = board.white, board.black
        top = min((a, b), key=lambda p: (-score(p), rank[p]))
        return (-score(top), -(score(a) + score(b)), rank[top])

    return tuple(sorted(boards, key=key))

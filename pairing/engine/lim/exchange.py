"""C.04.4.3 rules 2.4 and 4.1-4.4: proposed pairings and the order of exchanges.

Vocabulary of the Lim text: the "highest numbered" player is #1, the top of the
score group; the "lowest numbered" is the bottom one.

2.4: players 1..n in pairing-number order are proposed as 1 v n/2+1, 2 v n/2+2, ...
4.1a (downward): scrutiny begins with #1; when his pairing fails, his opponent (the
lower numbered player) is exchanged. The printed table of 4.2 gives the order: the
players of the bottom half in turn (4, 5, 6), then the top half going up (3, 2); the
others stay in 2.4's arrangement.
4.3: for #2, once #1 has his opponent (#6 in the text): first the players still free,
in the same order (4, 5, then 3), then #1's opponent (#1 taking the next player of his
own order, #3), then #1 himself (the rest again in 2.4's arrangement).
4.1b (upward) is the mirror image: scrutiny begins with the bottom player and the
higher numbered partner is exchanged. :func:`exchanges` yields the same columns for a
reversed arrangement. 2.4's proposal for the players left is the first opponent of
each one's own order in turn (:func:`own_order`), as the group's scrutiny reaches him.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass


def own_order(arrangement: Sequence[int]) -> list[int]:
    """4.2: the opponents the first player of *arrangement* is offered, in turn."""
    rest = list(arrangement[1:])
    half = len(arrangement) // 2
    bottom = rest[half - 1 :]
    top = rest[: half - 1]
    return bottom + top[::-1]


@dataclass(frozen=True)
class Scrutinised:
    """A player whose opponent is settled, with the order he was offered them in."""

    player: int
    opponent: int
    offered: tuple[int, ...]


def exchanges(
    settled: Sequence[Scrutinised], free: Sequence[int]
) -> Iterator[tuple[list[Scrutinised], tuple[int, ...], int | None]]:
    """The proposals tried for the first player of *free* (4.2, 4.3), in order: each
    column as its settled list, the players of *free* it pairs, and the settled player's
    opponent it frees (None if none). *settled* are the players already given an
    opponent, in scrutiny order; *free* the others in arrangement order (reversed when
    pairing upwards)."""
    player = free[0]
    offered = tuple(own_order(free))
    for opponent in offered:
        yield [*settled, Scrutinised(player, opponent, offered)], (player, opponent), None
    # 4.3: then the opponents of the players already settled, the latest first; the
    # settled player moves on along his own order, or meets this player.
    still_free = set(free)
    for index in range(len(settled) - 1, -1, -1):
        earlier = settled[index]
        others = [s for k, s in enumerate(settled) if k != index]
        after = earlier.offered[earlier.offered.index(earlier.opponent) + 1 :]
        for successor in after:
            if successor == player:
                yield [*others, Scrutinised(earlier.player, player, earlier.offered)], (player,), earlier.opponent
            elif successor in still_free:
                # This player now holds the earlier opponent; should a later player
                # retreat into him, his own order resumes from its start.
                taken_over = (earlier.opponent, *offered)
                yield (
                    [
                        *others,
                        Scrutinised(earlier.player, successor, earlier.offered),
                        Scrutinised(player, earlier.opponent, taken_over),
                    ],
                    (player, successor),
                    None,
                )

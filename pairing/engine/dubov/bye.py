"""B.0: the pairing-allocated bye, assigned before any bracket is paired."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.dubov.field import Field
from pairing.engine.dubov.graphs import Matcher
from pairing.engine.dubov.players import DubovEntrant


def bye_order(players: Sequence[DubovEntrant]) -> list[DubovEntrant]:
    """B.0.a, c-e: eligible players (C.2), lowest score, most games played, lowest
    position in the initial ranking list."""
    eligible = [p for p in players if p.bye_eligible]
    return sorted(eligible, key=lambda p: (p.score, -p.games, -p.number))


def choose_bye(field: Field, players: Sequence[DubovEntrant]) -> DubovEntrant | None:
    """The PAB receiver: the first in B.0 order who leaves the others pairable (B.0.b, C.4).

    None when the number of players is even. Raises ValueError when nobody fits.
    """
    if len(players) % 2 == 0:
        return None
    matcher = Matcher(field.adj, field.mask(players), stop_at_first_failure=False)
    for candidate in bye_order(players):
        if matcher.perfect_without(1 << field.index[candidate.id]):
            return candidate
    raise ValueError("no player can receive the pairing-allocated bye and leave the others pairable")

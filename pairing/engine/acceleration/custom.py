"""A custom acceleration: virtual points per range of players and rounds (TRF-2026 record 250).

An arbiter may announce any acceleration (C.04.2 2026 article 1: one of C.04.7, or one the
Qualification Commission authorised); TRF-2026 encodes it as records 250, each giving a
number of fictitious points to the players first..last in the rounds first..last, and the
records 250 of a file override the acceleration its record 192 names. This module is the
engine side: the TRF layer reads and writes the records (``pairing.engine.trf``) and hands
them here as :class:`VirtualPointsRange` values in an ``AccelerationSpec("custom", ranges=...)``;
every system then pairs on real + virtual points, whatever the edition.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pairing.engine.state import TournamentState


@dataclass(frozen=True)
class VirtualPointsRange:
    """*points* (tenths of a point) for every player numbered *first*..*last* in every
    round *first_round*..*last_round*, bounds included.

    Players are numbered as TRF record 001 numbers them (its starting rank, the
    ``Player.id`` of the engine state), as record 250 addresses them; record 250 columns:
    10-13 points, 15-17 first round, 19-21 last round, 23-26 first player, 28-31 last player.
    Where ranges overlap for a player and a round, the later range replaces the earlier
    (a later record 250 wins, as the TRF reader reads them).
    """

    first: int
    last: int
    first_round: int
    last_round: int
    points: int

    def problem(self) -> str | None:
        """Why this range cannot be applied, or None."""
        if self.first < 1 or self.last < self.first:
            return f"players {self.first}..{self.last}: the first must be at least 1 and not after the last"
        if self.first_round < 1 or self.last_round < self.first_round:
            return f"rounds {self.first_round}..{self.last_round}: the first must be at least 1 and not after the last"
        return None


def custom_virtual_points(
    state: TournamentState, ranges: Iterable[VirtualPointsRange]
) -> tuple[dict[int, tuple[int, ...]], tuple[str, ...]]:
    """Virtual points of every player for rounds 1..total_rounds from *ranges*.

    Raises ValueError with the reason when a range is malformed. A range reaching past the
    last round or naming no player of the state only warns (its other rounds still apply).
    """
    rounds = state.total_rounds
    table = {p.id: [0] * rounds for p in state.players}
    warnings: list[str] = []
    for r in ranges:
        if reason := r.problem():
            raise ValueError(reason)
        if r.last_round > rounds:
            warnings.append(f"custom acceleration: rounds {r.first_round}..{r.last_round} reach past round {rounds}")
        ids = [pid for pid in table if r.first <= pid <= r.last]
        if not ids:
            warnings.append(f"custom acceleration: no player numbered {r.first}..{r.last}")
        for pid in ids:
            for rnd in range(r.first_round, min(r.last_round, rounds) + 1):
                table[pid][rnd - 1] = r.points
    return {pid: tuple(points) for pid, points in table.items()}, tuple(warnings)

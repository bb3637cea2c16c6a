"""Per-round facts for the Lim system: scores, numbers, colours, compatibility (2.1).

The due colour and the colour limits (the alternating or equalising colour; never three
in a row, never three more of one colour) are :mod:`pairing.engine.common.colours`'.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from pairing.engine.common.bitset_matching import Matcher, bits
from pairing.engine.common.colours import colours_allow
from pairing.engine.common.players import RoundEntrants
from pairing.engine.state import Colour

MAXI_RATING_GAP = 100  # 3.2, 3.8, 5.7


@dataclass
class LimRound(RoundEntrants):
    """This round's entrants with the Lim facts: the median, the last floats, 2.1 compatibility."""

    maxi: bool = False
    _last_complete: tuple[list[int], int] | None = field(default=None, init=False, repr=False, compare=False)

    @cached_property
    def last_round(self) -> bool:
        return self.state.is_last_round

    @cached_property
    def median_score(self) -> int:
        """2.2: half the number of rounds played, in tenths (half a win per round)."""
        return (self.state.round_to_pair - 1) * self.state.scoring.win // 2

    @cached_property
    def floated_last_round(self) -> frozenset[int]:
        """3.10: players whose last-round opponent had another score before that round."""
        previous = self.state.round_to_pair - 1
        if previous < 1:
            return frozenset()
        floated = set()
        for pid in self.ids:
            history = self.state.by_id[pid].history
            if len(history) < previous:
                continue
            entry = history[previous - 1]
            if entry.opponent is None or entry.opponent not in self.state.by_id:
                continue
            if self.state.score_before(pid, previous) != self.state.score_before(entry.opponent, previous):
                floated.add(pid)
        return frozenset(floated)

    def compatible(self, a: int, b: int) -> bool:
        """2.1: not met before, and no third colour in a row nor three more of one colour.

        6: in the last round the colour conditions give way (a player may get the same
        colour a third time running or three more of one colour), so only 2.1's first
        condition and the arbiter's forbidden pairs remain.
        """
        if not self.may_meet(a, b):
            return False
        return self.last_round or colours_allow(self.colour[a], self.colour[b])

    def rank(self, pid: int) -> tuple[int, int]:
        """Higher first: score, then pairing number."""
        return (-self.score[pid], self.number[pid])

    # ------------------------------------------------------------ 2.1 as bitsets
    # The lookaheads of 1.1, 2.3, 3.8 and 4.4 ask thousands of times per round whether a
    # set of players can all be paired under 2.1; they are answered on bitsets (bit k of
    # a player's row: compatible with the k-th player of ``ids``), starting from the last
    # complete pairing found, which differs little from the one asked for.

    @cached_property
    def position(self) -> dict[int, int]:
        return {pid: k for k, pid in enumerate(self.ids)}

    @cached_property
    def adjacency(self) -> list[int]:
        """:meth:`compatible` for every pair, as one bitset per player."""
        ids, position = self.ids, self.position
        n = len(ids)
        barred = [1 << k for k in range(n)]
        for k, pid in enumerate(ids):
            for opponent in self.played[pid]:  # 2.1: not met before (from either side)
                j = position.get(opponent)
                if j is not None:
                    barred[k] |= 1 << j
                    barred[j] |= 1 << k
        for pair in self.forbidden:
            a, b = (position.get(pid) for pid in pair)
            if a is not None and b is not None:
                barred[a] |= 1 << b
                barred[b] |= 1 << a
        forced = self.forced_colour
        everyone = (1 << n) - 1
        rows = []
        for k, pid in enumerate(ids):
            row = everyone & ~barred[k]
            colour = self.colour[pid].forced
            if colour is not None:
                row &= ~forced[colour]  # 2.1 (5.2, 5.3): both forced to the same colour
            rows.append(row)
        return rows

    @cached_property
    def forced_colour(self) -> dict[Colour, int]:
        """The players (bits of ``ids``) that must have each colour: 2.1 bars any two of
        them forced to the same one from meeting (5.2, 5.3). 6: none in the last round."""
        forced = {Colour.WHITE: 0, Colour.BLACK: 0}
        if not self.last_round:  # 6: in the last round the colour conditions give way
            for k, pid in enumerate(self.ids):
                colour = self.colour[pid].forced
                if colour is not None:
                    forced[colour] |= 1 << k
        return forced

    @cached_property
    def bit(self) -> dict[int, int]:
        return {pid: 1 << k for k, pid in enumerate(self.ids)}

    def mask(self, players: Iterable[int]) -> int:
        bit = self.bit
        out = 0
        for pid in players:
            out |= bit[pid]
        return out

    def can_all_pair(self, players: Iterable[int]) -> bool:
        """Can *players* all be paired among themselves under 2.1?"""
        return self.can_all_pair_bits(self.mask(players))

    def can_all_pair_bits(self, active: int) -> bool:
        """:meth:`can_all_pair` for the players given as bits of ``ids``."""
        if active.bit_count() % 2:
            return False
        # 2.1: no two players forced to the same colour meet, so each of them needs an
        # opponent outside that colour's set; when they are more than half, no search.
        half = active.bit_count() // 2
        if any((active & forced).bit_count() > half for forced in self.forced_colour.values()):
            return False
        mate, exposed = self._known_pairs(active)
        matcher = Matcher(self.adjacency, active, mate, exposed=exposed)
        if matcher.complete:
            self._last_complete = (matcher.mate, active)
        return matcher.complete

    def largest_pairing(self, players: Iterable[int]) -> Matcher:
        """A pairing of as many of *players* as 2.1 allows, on the bits of ``ids``; its
        :meth:`Matcher.remove_keeping_size` tells which players may leave without
        costing a pair."""
        active = self.mask(players)
        mate, exposed = self._known_pairs(active)
        return Matcher(self.adjacency, active, mate, stop_at_first_failure=False, exposed=exposed)

    def _known_pairs(self, active: int) -> tuple[list[int], int]:
        """The last complete pairing found, less its pairs that leave *active*, and the
        players of *active* it leaves unpaired."""
        if self._last_complete is None:
            return [-1] * len(self.ids), active
        mate, matched = self._last_complete
        mate = list(mate)
        exposed = active & ~matched
        for v in bits(matched & ~active):
            m = mate[v]
            mate[v] = -1
            if m != -1:
                mate[m] = -1
                exposed |= 1 << m
        return mate, exposed & active

"""Per-round facts for the Lim system: scores, numbers, colours, compatibility (2.1).

The due colour and the colour limits (the alternating or equalising colour; never three
in a row, never three more of one colour) are :mod:`pairing.engine.common.colours`'.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pairing.engine.common.colours import colours_allow
from pairing.engine.common.editions import EDITION_2017
from pairing.engine.common.players import Entrant, RoundEntrants

MAXI_RATING_GAP = 100  # 3.2, 3.8, 5.7


@dataclass
class LimRound(RoundEntrants):
    """This round's entrants with the Lim facts: the median, the last floats, 2.1 compatibility."""

    maxi: bool = False
    edition: str = EDITION_2017  # whose general rules decide who may receive the PAB (1.1)

    @cached_property
    def entrant(self) -> dict[int, Entrant]:
        """The entrants under the *edition*'s general rules: 1.1 "in addition of what is stated
        in" C.04.1.d (2017) / C.04.1 articles 3 and 4 (2026), see common.general_rules."""
        return {p.id: Entrant.of(self.state, p, self.edition) for p in self.state.to_pair}

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

"""Who is paired this round, with what pairing score (including 3.3), and who may meet whom."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pairing.engine.acceleration.burstein import IMAGINARY_POINT, top_half
from pairing.engine.burstein.ordering import Strength, strengths
from pairing.engine.common.colours import colours_allow
from pairing.engine.common.players import RoundEntrants
from pairing.engine.state import Outcome, TournamentState


def accelerated(state: TournamentState) -> frozenset[int]:
    """3.3: the players with the imaginary point this round (the rule lives in
    :mod:`pairing.engine.acceleration.burstein`, shared with the other systems)."""
    return top_half(state, state.round_to_pair)


def received_point_without_playing(state: TournamentState, player_id: int) -> bool:
    """4.1 (and C.04.1.d): a pairing-allocated bye, a forfeit win or a requested full-point bye."""
    return any(
        e.outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN, Outcome.FULL_BYE)
        and state.scoring.points(e.outcome) > 0
        for e in state.by_id[player_id].history
    )


@dataclass
class BursteinRound(RoundEntrants):
    """This round's entrants with the Burstein facts: 3.2 strengths, 3.3 scores, who may meet whom."""

    burstein_acceleration: bool

    @cached_property
    def strength(self) -> dict[int, Strength]:
        return strengths(self.state, self.any_score)

    def any_score(self, pid: int) -> int:
        """Pairing score of any registered player, absent ones included (3.2 opponents)."""
        state = self.state
        if self.burstein_acceleration:
            # 3.3 from the real score, whatever virtual points the state carries: the
            # same points pairing.engine.pair puts there for acceleration "burstein".
            bonus = IMAGINARY_POINT if pid in self.accelerated else 0
            return state.score(pid) + bonus
        return state.pairing_score(pid)

    @cached_property
    def accelerated(self) -> frozenset[int]:
        return accelerated(self.state)

    @cached_property
    def score(self) -> dict[int, int]:
        """Pairing score in tenths: real score plus 3.3's imaginary point (or XXA points)."""
        return {pid: self.any_score(pid) for pid in self.ids}

    def compatible(self, a: int, b: int) -> bool:
        """3.1 no second game, the arbiter's forbidden pairs, and colours 5.2/5.3.

        Decided on the spot: :attr:`opponents`, every pair of the round, is built only
        when a completion check needs it (thousands of players: millions of pairs).
        The same test as ``may_meet`` and ``colours_allow``, on sets made once."""
        if b in self._blocked[a]:
            return False
        forced = self._forced
        fa = forced[a]
        return fa is None or fa is not forced[b]

    @cached_property
    def _blocked(self) -> dict[int, frozenset[int]]:
        """Whom each player may not meet whatever the colours: himself, his opponents
        (3.1) and the arbiter's forbidden pairs."""
        out = {pid: {pid, *self.played[pid]} for pid in self.ids}
        for pair in self.forbidden:
            if len(pair) != 2:
                continue
            a, b = tuple(pair)
            if a in out and b in out:
                out[a].add(b)
                out[b].add(a)
        return {pid: frozenset(s) for pid, s in out.items()}

    @cached_property
    def _forced(self) -> dict:
        """The colour 5.2/5.3 force on each player, or None."""
        return {pid: c.forced for pid, c in self.colour.items()}

    @cached_property
    def _forced_alike(self) -> dict:
        """The players 5.2/5.3 force to each colour."""
        out: dict = {}
        for pid, colour in self._forced.items():
            if colour is not None:
                out.setdefault(colour, set()).add(pid)
        return {colour: frozenset(ids) for colour, ids in out.items()}

    def opponents_within(self, pid: int, inside: frozenset[int]) -> frozenset[int]:
        """Those of *inside* whom *pid* may meet: :meth:`compatible` on whole sets at once,
        so that completion checks need no list of every pair of the round (at 5,000
        players that list alone is over a gigabyte)."""
        out = inside - self._blocked[pid]
        forced = self._forced[pid]
        if forced is not None:
            out -= self._forced_alike[forced]
        return out

    @cached_property
    def opponents(self) -> dict[int, frozenset[int]]:
        """Everyone each player may meet this round (for completion checks)."""
        ids = self.ids
        colour = self.colour
        found: dict[int, set[int]] = {pid: set() for pid in ids}
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                if self.may_meet(a, b) and colours_allow(colour[a], colour[b]):
                    found[a].add(b)
                    found[b].add(a)
        return {pid: frozenset(s) for pid, s in found.items()}

    def rank_key_within_group(self, pid: int) -> tuple:
        """3.2 inside one score group, floaters from another group included: higher first."""
        s = self.strength[pid]
        return (-s.sonneborn_berger, -s.buchholz, -s.median, -s.rating, -s.minus_number)

    def rank_key(self, pid: int) -> tuple:
        """Higher first: score group, then 3.2 (SB, Buchholz, Median, rating, number)."""
        s = self.strength[pid]
        return (-self.score[pid], -s.sonneborn_berger, -s.buchholz, -s.median, -s.rating, -s.minus_number)

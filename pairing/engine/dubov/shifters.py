"""B.4 and D.2: which players are shifted between G1 and G2, and the pairing of a bracket.

Let S be the smaller subgroup (G1 when both have the same size) and L the other one.
Every legal pairing of the bracket has some pairs inside S; the fewest possible, p, are
the pairs that "must unavoidably be paired together" (B.4). Minimising them is the same
as minimising C.7, since every pair inside a subgroup costs one colour preference and
the pairs inside L number p + (|L| - |S|) / 2.

The first shift moves p players A out of S, the second moves q = p + (|L| - |S|) / 2
players Q out of L; each set is the first in D.2 order that can still end in a legal
pairing with C.7 at its best. Such a pairing pairs every player of A with one of S \\ A
and every player of Q with one of L \\ Q (any other pair would cost C.7 more), which
is what the feasibility tests below encode: a player is tried as a shifter in D.2
order and kept if the bracket can still be paired that way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.dubov.field import Field, bits
from pairing.engine.dubov.graphs import best_matching, perfect
from pairing.engine.dubov.groups import initial_g1, shifter_sequence
from pairing.engine.dubov.players import DubovEntrant
from pairing.engine.dubov.transpositions import first_transposition

Rule = Callable[[int], int]  # vertex -> bitset of the partners it may take


class BracketShifts:
    """The subgroups of one bracket (B.3) and their shifts (B.4), by field position."""

    def __init__(self, field: Field, bracket: Sequence[DubovEntrant]) -> None:
        self.field = field
        self.bracket = list(bracket)
        self.everyone = field.mask(self.bracket)
        g1 = initial_g1(self.bracket)
        g1_mask = field.mask(p for p, first in zip(self.bracket, g1, strict=True) if first)
        g2_mask = self.everyone & ~g1_mask
        # B.4: the smaller subgroup, or G1 if their sizes are equal.
        self.small_is_g1 = g1_mask.bit_count() <= g2_mask.bit_count()
        self.small, self.large = (g1_mask, g2_mask) if self.small_is_g1 else (g2_mask, g1_mask)

    # -- helpers ---------------------------------------------------------------
    def _graph(self, rule: Rule) -> list[int]:
        adj = list(self.field.adj)
        for v in bits(self.everyone):
            adj[v] &= rule(v)
        return adj

    def _perfect(self, rule: Rule) -> bool:
        return perfect(self._graph(rule), self.everyone)

    def _fewest_small_pairs(self, rule: Rule) -> int | None:
        """The fewest pairs inside S over the perfect matchings allowed by *rule*."""
        adj = self._graph(rule)
        small = self.small
        weights = {}
        for v in bits(self.everyone):
            for u in bits(adj[v] & self.everyone):
                if v < u:
                    weights[(v, u)] = 1 if small >> v & 1 and small >> u & 1 else 2
        mate = best_matching(len(adj), weights)
        if any(mate[v] == -1 for v in bits(self.everyone)):
            return None
        return sum(1 for v in bits(small) if mate[v] > v and small >> mate[v] & 1)

    # -- B.4 -------------------------------------------------------------------
    def unavoidable_pairs(self) -> int | None:
        """p: pairs inside the smaller subgroup that no legal pairing avoids (None: no pairing)."""
        small, large = self.small, self.large
        if self._perfect(lambda v: large if small >> v & 1 else small | large):
            return 0
        return self._fewest_small_pairs(lambda v: self.everyone)

    def first_shift(self, p: int) -> int:
        """A: the p players moved out of S, first in D.2 order (C.7 at its best)."""
        if p == 0:
            return 0
        small, large = self.small, self.large
        chosen = refused = 0

        def rule_for(c: int, k: int) -> Rule:
            def rule(v: int) -> int:
                if small >> v & 1:
                    inside = small & ~(c if c >> v & 1 else 0) & ~(k if k >> v & 1 else 0)
                    return inside if c >> v & 1 else inside | large  # a shifted player pairs inside S
                return large | (small & ~c)

            return rule

        for e in self._sequence(small, self.small_is_g1):
            if chosen.bit_count() == p:
                break
            trial = chosen | 1 << e
            if self._fewest_small_pairs(rule_for(trial, refused)) == p:
                chosen = trial
            else:
                refused |= 1 << e
        assert chosen.bit_count() == p, "B.4: the first shift lost the optimum"
        return chosen

    def second_shift(self, p: int, a: int) -> int:
        """Q: the q players moved out of L to equalise the subgroups, first in D.2 order."""
        q = p + (self.large.bit_count() - self.small.bit_count()) // 2
        small, large = self.small, self.large
        chosen = refused = 0

        def rule_for(c: int, k: int) -> Rule:
            def rule(v: int) -> int:
                if small >> v & 1:
                    return small & ~a if a >> v & 1 else a | (large & ~c)
                inside = large & ~(c if c >> v & 1 else 0) & ~(k if k >> v & 1 else 0)
                return inside if c >> v & 1 else inside | (small & ~a)

            return rule

        for e in self.second_shift_sequence(a):
            if chosen.bit_count() == q:
                break
            trial = chosen | 1 << e
            if self._perfect(rule_for(trial, refused)):
                chosen = trial
            else:
                refused |= 1 << e
        assert chosen.bit_count() == q, "B.4: the second shift lost the optimum"
        return chosen

    def second_shift_sequence(self, a: int) -> list[int]:
        """D.2: the possible shifters out of the larger subgroup are its own colour seekers;
        the players the first shift moved in seek the other colour and get no number."""
        return self._sequence(self.large, not self.small_is_g1)

    def _sequence(self, mask: int, from_g1: bool) -> list[int]:
        players = [self.field.players[v] for v in bits(mask)]
        return [self.field.index[p.id] for p in shifter_sequence(players, from_g1)]

    # -- B.5/B.6 ----------------------------------------------------------------
    def pairs(self) -> list[tuple[DubovEntrant, DubovEntrant]] | None:
        """The bracket's pairing: shifts (B.4), S1 (B.5), first transposition (B.6, D.3)."""
        if not self.bracket:
            return []
        p = self.unavoidable_pairs()
        if p is None:
            return None
        a = self.first_shift(p)
        q = self.second_shift(p, a)
        small_group = (self.small & ~a) | q
        large_group = (self.large & ~q) | a
        g1, g2 = (small_group, large_group) if self.small_is_g1 else (large_group, small_group)

        def barred(v: int) -> int:  # B.4: a first-shift player never meets a second-shift one
            return (q if a >> v & 1 else 0) | (a if q >> v & 1 else 0)

        found = first_transposition(self.field, g1, g2, barred)
        assert found is not None, "B.6: the shifts allow no transposition"
        return found


def pair_bracket(field: Field, bracket: Sequence[DubovEntrant]) -> list[tuple[DubovEntrant, DubovEntrant]] | None:
    return BracketShifts(field, bracket).pairs()

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

from pairing.engine.dubov.graphs import Matcher, best_matching
from pairing.engine.dubov.groups import initial_g1, shifter_sequence
from pairing.engine.dubov.players import Entrant
from pairing.engine.dubov.transpositions import first_transposition

EdgeRule = Callable[[int, int], bool]


class BracketShifts:
    """The subgroups of one bracket (B.3) and their shifts (B.4), by position."""

    def __init__(self, bracket: Sequence[Entrant], can_meet: Callable[[Entrant, Entrant], bool]) -> None:
        self.bracket = list(bracket)
        m = len(self.bracket)
        self.legal = [[i != j and can_meet(self.bracket[i], self.bracket[j]) for j in range(m)] for i in range(m)]
        g1 = initial_g1(self.bracket)
        g1_pos = [i for i in range(m) if g1[i]]
        g2_pos = [i for i in range(m) if not g1[i]]
        # B.4: the smaller subgroup, or G1 if their sizes are equal.
        self.small_is_g1 = len(g1_pos) <= len(g2_pos)
        self.small, self.large = (g1_pos, g2_pos) if self.small_is_g1 else (g2_pos, g1_pos)
        self.in_small = [False] * m
        for i in self.small:
            self.in_small[i] = True

    # -- helpers ---------------------------------------------------------------
    def _adjacency(self, rule: EdgeRule) -> list[list[int]]:
        m = len(self.bracket)
        legal = self.legal
        return [[j for j in range(m) if legal[i][j] and rule(i, j)] for i in range(m)]

    def _perfect(self, rule: EdgeRule) -> bool:
        return len(self.bracket) % 2 == 0 and Matcher(self._adjacency(rule)).perfect

    def _fewest_small_pairs(self, rule: EdgeRule) -> int | None:
        """The fewest pairs inside S over the perfect matchings allowed by *rule*."""
        m = len(self.bracket)
        weights = {}
        for i in range(m):
            for j in range(i + 1, m):
                if self.legal[i][j] and rule(i, j):
                    weights[(i, j)] = 1 if self.in_small[i] and self.in_small[j] else 2
        mate = best_matching(m, weights)
        if any(x == -1 for x in mate):
            return None
        return sum(1 for i in range(m) if mate[i] > i and self.in_small[i] and self.in_small[mate[i]])

    # -- B.4 -------------------------------------------------------------------
    def unavoidable_pairs(self) -> int | None:
        """p: pairs inside the smaller subgroup that no legal pairing avoids (None: no pairing)."""
        small = self.in_small
        if self._perfect(lambda i, j: not (small[i] and small[j])):
            return 0
        return self._fewest_small_pairs(lambda i, j: True)

    def first_shift(self, p: int) -> set[int]:
        """A: the p players moved out of S, first in D.2 order (C.7 at its best)."""
        if p == 0:
            return set()
        small = self.in_small
        chosen: set[int] = set()
        refused: set[int] = set()

        def rule_for(c: set[int], k: set[int]) -> EdgeRule:
            def rule(i: int, j: int) -> bool:
                if small[i] and small[j]:
                    return not ((i in c and j in c) or (i in k and j in k))
                if small[i] or small[j]:
                    return (i if small[i] else j) not in c  # a shifted player pairs inside S
                return True
            return rule

        for e in self._sequence(self.small, self.small_is_g1):
            if len(chosen) == p:
                break
            trial = chosen | {e}
            if self._fewest_small_pairs(rule_for(trial, refused)) == p:
                chosen = trial
            else:
                refused.add(e)
        assert len(chosen) == p, "B.4: the first shift lost the optimum"
        return chosen

    def second_shift(self, p: int, a: set[int]) -> set[int]:
        """Q: the q players moved out of L to equalise the subgroups, first in D.2 order."""
        q = p + (len(self.large) - len(self.small)) // 2
        small = self.in_small
        chosen: set[int] = set()
        refused: set[int] = set()

        def rule_for(c: set[int], k: set[int]) -> EdgeRule:
            def rule(i: int, j: int) -> bool:
                if small[i] and small[j]:
                    return (i in a) != (j in a)
                if small[i] or small[j]:
                    s, other = (i, j) if small[i] else (j, i)
                    return s not in a and other not in c
                return not ((i in c and j in c) or (i in k and j in k))
            return rule

        for e in self.second_shift_sequence(a):
            if len(chosen) == q:
                break
            trial = chosen | {e}
            if self._perfect(rule_for(trial, refused)):
                chosen = trial
            else:
                refused.add(e)
        assert len(chosen) == q, "B.4: the second shift lost the optimum"
        return chosen

    def second_shift_sequence(self, a: set[int]) -> list[int]:
        """D.2: the possible shifters out of the larger subgroup are its own colour seekers;
        the players the first shift moved in seek the other colour and get no number."""
        return self._sequence(self.large, not self.small_is_g1)

    def _sequence(self, positions: Sequence[int], from_g1: bool) -> list[int]:
        index = {self.bracket[i].id: i for i in positions}
        return [index[p.id] for p in shifter_sequence([self.bracket[i] for i in positions], from_g1)]

    # -- B.5/B.6 ----------------------------------------------------------------
    def pairs(self) -> list[tuple[Entrant, Entrant]] | None:
        """The bracket's pairing: shifts (B.4), S1 (B.5), first transposition (B.6, D.3)."""
        if not self.bracket:
            return []
        p = self.unavoidable_pairs()
        if p is None:
            return None
        a = self.first_shift(p)
        q = self.second_shift(p, a)
        small_group = [i for i in self.small if i not in a] + sorted(q)
        large_group = [i for i in self.large if i not in q] + sorted(a)
        g1, g2 = (small_group, large_group) if self.small_is_g1 else (large_group, small_group)
        position = {p.id: i for i, p in enumerate(self.bracket)}

        def allowed(x: Entrant, y: Entrant) -> bool:
            i, j = position[x.id], position[y.id]
            return self.legal[i][j] and not ((i in a and j in q) or (i in q and j in a))

        found = first_transposition([self.bracket[i] for i in g1], [self.bracket[i] for i in g2], allowed)
        assert found is not None, "B.6: the shifts allow no transposition"
        return found


def pair_bracket(bracket: Sequence[Entrant], can_meet: Callable[[Entrant, Entrant], bool]) -> list[tuple[Entrant, Entrant]] | None:
    return BracketShifts(bracket, can_meet).pairs()

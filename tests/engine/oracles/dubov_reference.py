"""A literal Dubov pairer for small tournaments: the test oracle of the fast engine.

It follows the text step by step and builds every candidate, then sieves them
criterion by criterion (the "metodo del crivello" of the seed): the PAB by B.0 with a
brute-force completion test; for each score group, the smallest upfloater count that
allows a legal pairing (B.1, C.4); every set of that size in D.1 order (containers by
C.6, then lexicographic sequence numbers); for each set the subgroups of B.3, every
first shift of the unavoidable size and every second shift in D.2 order (B.4), S1 by
B.5 and every permutation of G2 in D.3 order (B.6). The candidate kept is the first
generated among those with the best failure values (C.6, C.7, C.8, C.9, C.10).

Exponential by design: keep it to about a dozen players.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, permutations

from pairing.engine.common.editions import EDITION_2017
from pairing.engine.dubov.bye import bye_order
from pairing.engine.dubov.criteria import Compatibility, colour_failures, float_failures
from pairing.engine.dubov.groups import g2_order, initial_g1, s1_order, shifter_sequence
from pairing.engine.dubov.players import DubovEntrant, entrants
from pairing.engine.dubov.round import UNPAIRABLE, to_pairing
from pairing.engine.state import Pairing, PairingError, TournamentState

Pairs = list[tuple[DubovEntrant, DubovEntrant]]


def upfloater_scores_key(upfloaters: Sequence[DubovEntrant]) -> tuple[int, ...]:
    """C.6 (and the D.1.b container order): the upfloaters' scores, lowest first,
    as a key where smaller is better (the lowest score maximised first, then the next)."""
    return tuple(-u.score for u in sorted(upfloaters, key=lambda u: u.score))


class Sieve:
    def __init__(self, players: list[DubovEntrant], can_meet: Compatibility, last_round: bool) -> None:
        self.players = players
        self.can_meet = can_meet
        self.last_round = last_round
        self.index = {p.id: i for i, p in enumerate(players)}
        n = len(players)
        self.legal = [[i != j and can_meet(players[i], players[j]) for j in range(n)] for i in range(n)]

    # -- brute-force pairability ---------------------------------------------------
    def matchings(self, group: Sequence[DubovEntrant]) -> Iterator[Pairs]:
        """Every legal pairing of *group* (C.1, C.3)."""
        if not group:
            yield []
            return
        first, rest = group[0], group[1:]
        for k, other in enumerate(rest):
            if self.legal[self.index[first.id]][self.index[other.id]]:
                for more in self.matchings(rest[:k] + rest[k + 1 :]):
                    yield [(first, other), *more]

    def pairable(self, group: Sequence[DubovEntrant]) -> bool:
        mask = 0
        for p in group:
            mask |= 1 << self.index[p.id]
        return self._pairable(mask)

    @cache  # noqa: B019 - one Sieve per round
    def _pairable(self, mask: int) -> bool:
        if mask == 0:
            return True
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        m = rest
        while m:
            j = (m & -m).bit_length() - 1
            m &= m - 1
            if self.legal[low][j] and self._pairable(rest & ~(1 << j)):
                return True
        return False

    # -- B.0 ---------------------------------------------------------------------
    def bye(self) -> DubovEntrant | None:
        if len(self.players) % 2 == 0:
            if not self.pairable(self.players):
                raise PairingError(UNPAIRABLE)
            return None
        for candidate in bye_order(self.players):
            if self.pairable([p for p in self.players if p.id != candidate.id]):
                return candidate
        raise PairingError(UNPAIRABLE)

    # -- B.1-B.6 -----------------------------------------------------------------
    def upfloater_sets(self, residents: list[DubovEntrant], pool: list[DubovEntrant]) -> list[tuple[DubovEntrant, ...]]:
        """B.1 and C.4: the legal sets of the fewest upfloaters, in D.1 order."""
        for k in range(len(residents) % 2, len(pool) + 1, 2):
            found = []
            for chosen in combinations(range(len(pool)), k):  # D.0.c lexicographic order
                ups = tuple(pool[i] for i in chosen)
                rest = [p for i, p in enumerate(pool) if i not in chosen]
                if self.pairable([*residents, *ups]) and self.pairable(rest):
                    found.append(ups)
            if found:
                return sorted(found, key=upfloater_scores_key)  # D.1.b: containers by C.6, stable
        raise PairingError(UNPAIRABLE)

    def candidates(self, bracket: list[DubovEntrant]) -> Iterator[Pairs]:
        """Every legal candidate of the bracket in generation order (B.3-B.6, D.2, D.3)."""
        in_g1 = initial_g1(bracket)
        g1 = [p for p, g in zip(bracket, in_g1, strict=True) if g]
        g2 = [p for p, g in zip(bracket, in_g1, strict=True) if not g]
        small_is_g1 = len(g1) <= len(g2)
        small, large = (g1, g2) if small_is_g1 else (g2, g1)
        small_ids = {p.id for p in small}
        # B.4: pairs inside the smaller subgroup that no legal pairing avoids.
        unavoidable = min(
            sum(1 for a, b in m if a.id in small_ids and b.id in small_ids) for m in self.matchings(bracket)
        )
        first_pool = shifter_sequence(small, small_is_g1)
        second_pool = shifter_sequence(large, not small_is_g1)
        for a in combinations(first_pool, unavoidable):
            small_left = [p for p in small if p not in a]
            large_now = [*large, *a]
            q = (len(large_now) - len(small_left)) // 2
            for shifted in combinations(second_pool, q):
                small_group = [*small_left, *shifted]
                large_group = [p for p in large_now if p not in shifted]
                new_g1, new_g2 = (small_group, large_group) if small_is_g1 else (large_group, small_group)
                s1 = s1_order(new_g1)
                for t2 in permutations(g2_order(new_g2)):
                    pairs = list(zip(s1, t2, strict=True))
                    if all(self.legal[self.index[x.id]][self.index[y.id]] for x, y in pairs):
                        yield pairs

    def pair(self) -> tuple[Pairs, DubovEntrant | None]:
        bye = self.bye()
        remaining = [p for p in self.players if bye is None or p.id != bye.id]
        out: Pairs = []
        while remaining:
            top = remaining[0].score
            residents = [p for p in remaining if p.score == top]
            pool = remaining[len(residents) :]
            best: tuple[tuple, Pairs, tuple[DubovEntrant, ...]] | None = None
            for ups in self.upfloater_sets(residents, pool):
                fixed = (upfloater_scores_key(ups), float_failures(ups, self.last_round))
                for pairs in self.candidates([*residents, *ups]):
                    # C.5 is equal for all (B.1); then C.6, C.7, C.8-C.10.
                    values = (fixed[0], colour_failures(pairs), *fixed[1])
                    if best is None or values < best[0]:
                        best = (values, pairs, ups)
            assert best is not None
            out += best[1]
            taken = {p.id for pair in best[1] for p in pair}
            remaining = [p for p in remaining if p.id not in taken]
        return out, bye


def reference_pair_round(state: TournamentState, options: object = None, edition: str = EDITION_2017) -> Pairing:
    """The sieve's pairing under the *edition* (2026: [C2] by C.04.1 art. 4, the one change)."""
    players = entrants(state, edition)
    if not players:
        return Pairing(boards=(), bye=None)
    pairs, bye = Sieve(players, Compatibility(state.forbidden), state.is_last_round).pair()
    return to_pairing(state, players, pairs, bye)

"""B.1/B.2, C.4-C.10 and D.1: the set of upfloaters that joins a score group.

The possible upfloaters are all the players below the score group (D.1), numbered by
score and initial ranking. The set has the fewest members that let the residents be
paired while the rest of the round stays pairable (B.1, C.4, C.5); among the sets of
that size, containers come in C.6 order and sets inside a container in lexicographic
order of their sequence numbers (D.1.b); the first set whose bracket is best on
C.7-C.10 is chosen (B.2).

Three roads lead to that set, each exact:

- an even score group that pairs by itself while the rest stays pairable: no upfloater;
- an odd score group: one upfloater, tried in D.1 order, the colour bound of C.7 and the
  float criteria cutting the search;
- any other case: a maximum-weight matching whose edge weights hold, from the most
  significant field down, C.5, C.6, C.7, C.8, C.9, C.10 and the D.1 order. It is first
  solved without C.4 on the residents and a reduced pool (per resident and per kind of
  player, only the first few compatible ones can ever be chosen; the highest score
  groups first). If the rest of the round is then pairable the answer stands; if not,
  the next best sets are walked in order (Lawler's partition) while that provably finds
  the best set keeping the rest pairable; failing that, the matching is solved once over
  every player left, C.4 included.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence

from pairing.engine.dubov.criteria import float_failures
from pairing.engine.dubov.field import Field, bits
from pairing.engine.dubov.graphs import Matcher, best_matching, perfect
from pairing.engine.dubov.players import DubovEntrant
from pairing.engine.state import Colour, PairingError


def fewest_colour_failures(field: Field, bracket: Sequence[DubovEntrant]) -> int | None:
    """C.7 at its best for this bracket: the fewest pairs of two players seeking the same
    colour over all legal pairings (None when the bracket cannot be paired)."""
    n = len(bracket)
    if n % 2:
        return None
    whites = field.mask(p for p in bracket if p.colour is Colour.WHITE)
    everyone = field.mask(bracket)
    blacks = everyone & ~whites
    small = whites if whites.bit_count() <= blacks.bit_count() else blacks
    bound = abs(whites.bit_count() - blacks.bit_count()) // 2
    adj = list(field.adj)
    for v in bits(small):
        adj[v] &= ~small
    if perfect(adj, everyone):
        return bound
    if not perfect(field.adj, everyone):  # C.4: no legal pairing at all, none to weigh
        return None
    vertices = list(bits(everyone))
    weights = {}
    for v in vertices:
        for u in bits(field.adj[v] & everyone):
            if v < u:
                weights[(v, u)] = 1 if (small >> v & 1 and small >> u & 1) else 2
    mate = best_matching(len(field.adj), weights)
    if any(mate[v] == -1 for v in vertices):
        return None
    inside = sum(1 for v in bits(small) if mate[v] > v and small >> mate[v] & 1)
    return 2 * inside + bound


def choose_upfloaters(
    field: Field, residents: Sequence[DubovEntrant], pool: Sequence[DubovEntrant], last_round: bool
) -> list[DubovEntrant]:
    """The upfloaters for *residents* from *pool* (the players below, in D.1 order)."""
    pool_mask = field.mask(pool)
    if len(residents) % 2 == 0:
        if perfect(field.adj, field.mask(residents)) and perfect(field.adj, pool_mask):
            return []  # B.1: no upfloater needed, C.4 holds
    else:
        single = _single_upfloater(field, residents, pool, last_round)
        if single is not None:
            return [single]
    # Here no set of fewer than two (even group) or three (odd group) upfloaters will do.
    return weighted_upfloaters(field, residents, pool, last_round, at_least=2 + len(residents) % 2)


def _single_upfloater(
    field: Field, residents: Sequence[DubovEntrant], pool: Sequence[DubovEntrant], last_round: bool
) -> DubovEntrant | None:
    """An odd score group completed by one upfloater (C.5), if one can do it (C.4)."""
    residents_mask = field.mask(residents)
    if Matcher(field.adj, residents_mask, stop_at_first_failure=False).size < len(residents) // 2:
        # B.1: one upfloater pairs at most one of the residents a maximum matching leaves out.
        return None
    pool_matcher = Matcher(field.adj, field.mask(pool), stop_at_first_failure=False)
    whites = sum(1 for p in residents if p.colour is Colour.WHITE)
    blacks = len(residents) - whites
    bound = {Colour.WHITE: abs(whites + 1 - blacks) // 2, Colour.BLACK: abs(whites - blacks - 1) // 2}
    ideal = (min(bound.values()), 0, 0, 0)
    colour_failures: dict[tuple[Colour, int], int | None] = {}
    start = 0
    while start < len(pool):  # one C.6 container per score, highest first (D.1.b)
        end = start
        while end < len(pool) and pool[end].score == pool[start].score:
            end += 1
        best: tuple[tuple[int, int, int, int], DubovEntrant] | None = None
        for u in pool[start:end]:
            floats = float_failures([u], last_round)
            if best is not None and (bound[u.colour], *floats) >= best[0]:
                continue  # cannot beat the first best one (B.2: first in D.1 order)
            position = field.index[u.id]
            reach = field.adj[position] & residents_mask
            if not reach:
                continue
            # The bracket's C.7 depends only on u's colour and on whom u can meet in it.
            signature = (u.colour, reach)
            if signature not in colour_failures:
                colour_failures[signature] = fewest_colour_failures(field, [*residents, u])
            c7 = colour_failures[signature]
            if c7 is None:
                continue
            key = (c7, *floats)
            if best is not None and key >= best[0]:
                continue
            if not pool_matcher.perfect_without(1 << position):  # C.4
                continue
            best = (key, u)
            if key == ideal:
                break
        if best is not None:
            return best[1]
        start = end
    return None


def score_penalty(score: int, levels: Sequence[int], base: int) -> int:
    """C.6 as a sum: an upfloater from the t-th lowest score weighs base**(T-1-t), so that
    with fewer than *base* upfloaters a smaller total means the lowest score is maximised
    first, then the second lowest, and so on."""
    return base ** (len(levels) - 1 - levels.index(score))


class _Weights:
    """Edge weights of the upfloater matching, one bit field per criterion."""

    def __init__(
        self, residents: Sequence[DubovEntrant], pool: Sequence[DubovEntrant], last_round: bool, pairs_max: int
    ) -> None:
        self.resident_ids = {p.id for p in residents}
        self.seq = {u.id: k for k, u in enumerate(pool)}  # D.1.a sequence numbers, from 0
        self.levels = sorted({u.score for u in pool})
        self.base = len(residents) + 1
        self.c6_top = max((score_penalty(s, self.levels, self.base) for s in self.levels), default=0) + 1
        self.c9_top = max((u.upfloats for u in pool), default=0) + 1
        self.last_round = last_round
        self.pool_size = len(pool)
        self.pairs_max = pairs_max
        self._known: dict[tuple, int] = {}

    def fields(self, a: DubovEntrant, b: DubovEntrant) -> list[tuple[int, int]]:
        """(value, per-edge maximum) per field, most significant first."""
        ra, rb = a.id in self.resident_ids, b.id in self.resident_ids
        d1_top = 1 << self.pool_size
        if ra and rb:
            return [
                (2, 2),
                (1, 1),
                (self.c6_top, self.c6_top),
                (int(a.colour is not b.colour), 1),
                (1, 1),
                (self.c9_top, self.c9_top),
                (1, 1),
                (0, d1_top),
            ]
        if not ra and not rb:  # two players of the rest: only C.4 (the full solve)
            return [
                (0, 2),
                (0, 1),
                (self.c6_top, self.c6_top),
                (1, 1),
                (1, 1),
                (self.c9_top, self.c9_top),
                (1, 1),
                (0, d1_top),
            ]
        r, u = (a, b) if ra else (b, a)
        c8, c9, c10 = float_failures([u], self.last_round)
        return [
            (1, 2),  # every resident paired
            (0, 1),  # C.5: a resident paired out of its group needs an upfloater
            (self.c6_top - score_penalty(u.score, self.levels, self.base), self.c6_top),  # C.6
            (int(r.colour is not u.colour), 1),  # C.7
            (1 - c8, 1),
            (self.c9_top - c9, self.c9_top),
            (1 - c10, 1),  # C.8, C.9, C.10
            (1 << (self.pool_size - 1 - self.seq[u.id]), d1_top),  # D.1: lexicographic order of the set
        ]

    def weight(self, a: DubovEntrant, b: DubovEntrant) -> int:
        # The fields depend on the two players only through which of them are residents,
        # whether their colours differ (C.7) and the non-resident's own facts.
        ra, rb = a.id in self.resident_ids, b.id in self.resident_ids
        key = (ra, rb, a.colour is b.colour, None if ra == rb else (b.id if ra else a.id))
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self._weight(a, b)
        return known

    def _weight(self, a: DubovEntrant, b: DubovEntrant) -> int:
        w = 0
        for value, top in self.fields(a, b):
            w = w * (self.pairs_max * top + 1) + value
        return w


def _solve(
    field: Field,
    residents: Sequence[DubovEntrant],
    pool: Sequence[DubovEntrant],
    candidates: Sequence[DubovEntrant],
    last_round: bool,
    with_rest: bool,
    forced: frozenset[int] = frozenset(),
) -> tuple[list[DubovEntrant], int] | None:
    """The best upfloaters among *candidates*, and the weight of their matching.

    With *with_rest*, every player of the pool must be paired too (C.4); otherwise pool
    players are left out at will, and the weights of different calls compare (the same
    radix for every call on the same residents). Players in *forced* must be upfloaters.
    """
    people = [*residents, *candidates]
    pairs_max = len(people) // 2 + 1 if with_rest else len(residents) + 1
    weights_of = _Weights(residents, pool, last_round, pairs_max)
    resident_mask = field.mask(residents)
    everyone = field.mask(people)
    weights = {}
    for a in people:
        i = field.index[a.id]
        partners = field.adj[i] & (everyone if (with_rest or resident_mask >> i & 1) else resident_mask)
        for j in bits(partners):
            if i < j:
                weights[(i, j)] = weights_of.weight(a, field.players[j])
    bonus = 0
    if forced and weights:
        bonus = max(weights.values()) * (len(residents) + 1) + 1
        for i, j in weights:
            if field.players[i].id in forced or field.players[j].id in forced:
                weights[(i, j)] += bonus
    mate = best_matching(len(field.adj), weights, max_cardinality=with_rest)
    if any(mate[field.index[r.id]] == -1 for r in residents):
        return None
    if with_rest and any(mate[field.index[u.id]] == -1 for u in candidates):
        return None
    if any(mate[field.index[u]] == -1 for u in forced):
        return None
    chosen = {mate[field.index[r.id]] for r in residents} - set(bits(resident_mask))
    total = sum(w for (i, j), w in weights.items() if mate[i] == j) - bonus * len(forced)
    return [p for p in pool if field.index[p.id] in chosen], total


def _reduced_pool(
    field: Field, residents: Sequence[DubovEntrant], pool: Sequence[DubovEntrant], keep: int, last_round: bool
) -> list[DubovEntrant]:
    """Per resident and per kind of player (score, colour, float criteria), the first
    *keep* compatible pool players: with at most *keep* upfloaters, any other choice can
    be swapped for an earlier one of the same kind, equal on C.5-C.10 and first in D.1."""
    chosen: set[int] = set()
    kinds = [(field.index[u.id], (u.score, u.colour, float_failures([u], last_round)), u) for u in pool]
    for r in residents:
        taken: dict[tuple, int] = {}
        row = field.adj[field.index[r.id]]
        for position, kind, u in kinds:
            if row >> position & 1 and taken.get(kind, 0) < keep:
                taken[kind] = taken.get(kind, 0) + 1
                chosen.add(u.id)
    return [u for u in pool if u.id in chosen]


def _score_prefixes(pool: Sequence[DubovEntrant]) -> list[list[DubovEntrant]]:
    """The pool cut after each score group: the highest group, the two highest, ... all."""
    out = []
    for k in range(1, len(pool) + 1):
        if k == len(pool) or pool[k].score != pool[k - 1].score:
            out.append(list(pool[:k]))
    return out


def _relaxed(
    field: Field,
    residents: Sequence[DubovEntrant],
    pool: Sequence[DubovEntrant],
    allowed: Sequence[DubovEntrant],
    last_round: bool,
    keep: int,
    forced: frozenset[int] = frozenset(),
) -> tuple[list[DubovEntrant], int] | None:
    """The best upfloaters from *allowed* (those in *forced* among them) without C.4,
    on the reduced pool, with the weight of their matching."""
    while True:
        candidates = _reduced_pool(field, residents, allowed, keep, last_round)
        if forced:
            extra = [u for u in allowed if u.id in forced and u not in candidates]
            candidates = [u for u in allowed if u in candidates or u in extra]
        found = _solve(field, residents, pool, candidates, last_round, False, forced)
        if found is None or len(found[0]) - len(forced) <= keep or len(candidates) == len(allowed):
            return found
        keep = len(found[0])


BRANCHES = 30  # subproblems tried before the single solve over every player left


def _first_completing(
    field: Field,
    residents: Sequence[DubovEntrant],
    pool: Sequence[DubovEntrant],
    last_round: bool,
    keep: int,
    best: tuple[list[DubovEntrant], int],
    completes: Callable[[list[DubovEntrant]], bool],
) -> list[DubovEntrant] | None:
    """The best set that keeps the rest pairable (C.4), walking the sets in order of their
    weight without C.4 (Lawler's partition: a set that breaks C.4 splits its subproblem
    into "keep its first upfloaters, bar the next one").

    The partition leaves out the strict supersets of the sets it rejects; they have more
    upfloaters (C.5), so the answer stands when every rejected set was as large as it.
    None when that cannot be proved within BRANCHES subproblems.
    """
    heap: list[tuple[int, int, list[DubovEntrant], frozenset[int], frozenset[int]]] = []
    counter = 0
    heapq.heappush(heap, (-best[1], counter, best[0], frozenset(), frozenset()))
    smallest_rejected: int | None = None
    for _ in range(BRANCHES):
        if not heap:
            return None
        _, _, ups, kept, barred = heapq.heappop(heap)
        if completes(ups):
            if smallest_rejected is None or smallest_rejected >= len(ups):
                return ups
            return None
        if smallest_rejected is None or len(ups) < smallest_rejected:
            smallest_rejected = len(ups)
        free = [u for u in ups if u.id not in kept]
        for k, u in enumerate(free):
            now_kept = kept | {v.id for v in free[:k]}
            now_barred = barred | {u.id}
            allowed = [v for v in pool if v.id not in now_barred]
            found = _relaxed(field, residents, pool, allowed, last_round, keep, now_kept)
            if found is not None:
                counter += 1
                heapq.heappush(heap, (-found[1], counter, found[0], now_kept, now_barred))
    return None


def weighted_upfloaters(
    field: Field, residents: Sequence[DubovEntrant], pool: Sequence[DubovEntrant], last_round: bool, at_least: int = 0
) -> list[DubovEntrant]:
    """The general case, by maximum-weight matching (see the module docstring)."""
    # B.1: at least as many upfloaters as residents a maximum matching among them leaves out.
    fewest = len(residents) - 2 * Matcher(field.adj, field.mask(residents), stop_at_first_failure=False).size
    keep = max(2, fewest)
    best = None
    for top in _score_prefixes(pool):
        # C.6: if the fewest upfloaters can all come from the highest scores, no set with a
        # lower score can be better; the lower groups are only looked at when needed.
        best = _relaxed(field, residents, pool, top, last_round, keep)
        if best is not None and len(best[0]) == fewest:
            break
    pool_mask = field.mask(pool)

    def completes(ups: list[DubovEntrant]) -> bool:  # C.4
        return perfect(field.adj, pool_mask & ~field.mask(ups))

    if best is not None and len(best[0]) >= at_least:
        found = _first_completing(field, residents, pool, last_round, keep, best, completes)
        if found is not None:
            return found
    found = _solve(field, residents, pool, pool, last_round, with_rest=True)
    if found is None:
        raise PairingError("the remaining players cannot all be paired (C.4)")
    return found[0]

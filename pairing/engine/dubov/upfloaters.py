"""B.1/B.2, C.4-C.10 and D.1: the set of upfloaters that joins a score group.

The possible upfloaters are all the players below the score group (D.1), numbered by
score and initial ranking. The set has the fewest members that let the residents be
paired while the rest of the round stays pairable (B.1, C.4, C.5); among the sets of
that size, containers come in C.6 order and sets inside a container in lexicographic
order of their sequence numbers (D.1.b); the first set whose bracket is best on
C.7-C.10 is chosen (B.2).

Two roads lead to that set:

- the usual one: an even score group that pairs by itself, or an odd one that needs a
  single upfloater, tried in D.1 order with the colour bound of C.7 cutting the search;
- any other case: one maximum-weight matching over every player still to be paired,
  whose edge weights hold, from the most significant field down, C.5, C.6, C.7, C.8,
  C.9, C.10 and the D.1 order, so that the best matching's upfloaters are the set the
  rules choose and the rest of the matching proves C.4.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.dubov.criteria import float_failures
from pairing.engine.dubov.graphs import Matcher, best_matching
from pairing.engine.dubov.players import Entrant
from pairing.engine.state import Colour

CanMeet = Callable[[Entrant, Entrant], bool]


def adjacency(players: Sequence[Entrant], can_meet: CanMeet) -> list[list[int]]:
    n = len(players)
    adj: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        a = players[i]
        for j in range(i + 1, n):
            if can_meet(a, players[j]):
                adj[i].append(j)
                adj[j].append(i)
    return adj


def fewest_colour_failures(bracket: Sequence[Entrant], can_meet: CanMeet) -> int | None:
    """C.7 at its best for this bracket: the fewest pairs of two players seeking the same
    colour over all legal pairings (None when the bracket cannot be paired)."""
    n = len(bracket)
    if n % 2:
        return None
    white = [p.colour is Colour.WHITE for p in bracket]
    whites = sum(white)
    small_colour = whites <= n - whites  # True: the White seekers are the smaller side
    small = [w == small_colour for w in white]
    bound = abs(n - 2 * whites) // 2
    adj = adjacency(bracket, can_meet)
    if Matcher([[j for j in adj[i] if not (small[i] and small[j])] for i in range(n)]).perfect:
        return bound
    weights = {(i, j): 1 if small[i] and small[j] else 2 for i in range(n) for j in adj[i] if i < j}
    mate = best_matching(n, weights)
    if any(m == -1 for m in mate):
        return None
    inside = sum(1 for i in range(n) if mate[i] > i and small[i] and small[mate[i]])
    return 2 * inside + bound


def choose_upfloaters(residents: Sequence[Entrant], pool: Sequence[Entrant], can_meet: CanMeet,
                      last_round: bool) -> list[Entrant]:
    """The upfloaters for *residents* from *pool* (players below, in D.1 order)."""
    pool_matcher = Matcher(adjacency(pool, can_meet))
    if len(residents) % 2 == 0:
        if pool_matcher.perfect and Matcher(adjacency(residents, can_meet)).perfect:
            return []  # B.1: no upfloater needed, C.4 holds
    else:
        single = _single_upfloater(residents, pool, can_meet, last_round, pool_matcher)
        if single is not None:
            return [single]
    return weighted_upfloaters(residents, pool, can_meet, last_round)


def _single_upfloater(residents: Sequence[Entrant], pool: Sequence[Entrant], can_meet: CanMeet,
                      last_round: bool, pool_matcher: Matcher) -> Entrant | None:
    """An odd score group completed by one upfloater (C.5), if one can do it (C.4)."""
    whites = sum(1 for p in residents if p.colour is Colour.WHITE)
    blacks = len(residents) - whites
    bound = {Colour.WHITE: abs(whites + 1 - blacks) // 2, Colour.BLACK: abs(whites - blacks - 1) // 2}
    ideal = (min(bound.values()), 0, 0, 0)
    start = 0
    while start < len(pool):  # one C.6 container per score, highest first (D.1.b)
        end = start
        while end < len(pool) and pool[end].score == pool[start].score:
            end += 1
        best: tuple[tuple[int, int, int, int], Entrant] | None = None
        for position in range(start, end):
            u = pool[position]
            floats = float_failures([u], last_round)
            if best is not None and (bound[u.colour], *floats) >= best[0]:
                continue  # cannot beat the first best one (B.2: first in D.1 order)
            if not any(can_meet(u, r) for r in residents):
                continue
            if not pool_matcher.perfect_without({position}):  # C.4
                continue
            c7 = fewest_colour_failures([*residents, u], can_meet)
            if c7 is None:
                continue
            key = (c7, *floats)
            if best is None or key < best[0]:
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


def weighted_upfloaters(residents: Sequence[Entrant], pool: Sequence[Entrant], can_meet: CanMeet,
                        last_round: bool) -> list[Entrant]:
    """The general case, by one maximum-weight matching over every player left."""
    players = [*residents, *pool]
    n, nr, npool = len(players), len(residents), len(pool)
    pairs_max = n // 2 + 1
    levels = sorted({u.score for u in pool})
    base = nr + 1
    c6_top = max((score_penalty(s, levels, base) for s in levels), default=0) + 1
    c9_top = max((u.upfloats for u in pool), default=0) + 1

    # (per-edge value, per-edge maximum) for each field, most significant first.
    def fields(a: int, b: int) -> list[tuple[int, int]]:
        ra, rb = a < nr, b < nr
        if ra and rb:
            pa, pb = players[a], players[b]
            return [(1, 1), (c6_top, c6_top), (int(pa.colour is not pb.colour), 1),
                    (1, 1), (c9_top, c9_top), (1, 1), (0, 1 << npool)]
        if not ra and not rb:
            return [(0, 1), (c6_top, c6_top), (1, 1), (1, 1), (c9_top, c9_top), (1, 1), (0, 1 << npool)]
        r, u = (players[a], players[b]) if ra else (players[b], players[a])
        seq = (b if ra else a) - nr  # D.1.a sequence number, from 0
        c8, c9, c10 = float_failures([u], last_round)
        return [
            (0, 1),  # C.5: a resident paired out of its group needs an upfloater
            (c6_top - score_penalty(u.score, levels, base), c6_top),  # C.6
            (int(r.colour is not u.colour), 1),  # C.7
            (1 - c8, 1), (c9_top - c9, c9_top), (1 - c10, 1),  # C.8, C.9, C.10
            (1 << (npool - 1 - seq), 1 << npool),  # D.1: lexicographic order of the set
        ]

    weights: dict[tuple[int, int], int] = {}
    for i in range(n):
        for j in range(i + 1, n):
            if can_meet(players[i], players[j]):
                w = 0
                for value, top in fields(i, j):
                    w = w * (pairs_max * top + 1) + value
                weights[(i, j)] = w
    mate = best_matching(n, weights)
    if any(m == -1 for m in mate[:nr]) or any(m == -1 for m in mate):
        from pairing.engine.state import PairingError

        raise PairingError("the remaining players cannot all be paired (C.4)")
    return [players[j] for j in sorted({mate[i] for i in range(nr) if mate[i] >= nr})]

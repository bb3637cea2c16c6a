"""The D.1 transposition order without wide weights, when no exchange is needed.

Among the remainder's pairings of best quality (C.5-C.19), B.8 takes the one generated
first: the fewest exchanges between S1R and S2R (D.2), then the first transposition of
S2R (D.1). ``generation.RemainderOrder`` encodes that order as weight fields below the
quality fields, a few thousand bits wide in a bracket of a few hundred players, and a
weighted matching on such numbers is slow. This module finds the same pairing another
way whenever a pairing of best quality needs no exchange at all, which is the usual
case in large brackets:

1. A maximum-quality matching of the whole remainder gives the best quality, and one
   of the bipartite graph S1R x S2R (every pair made of an S1R player and an S2R
   player) says whether it can be reached without an exchange. If it can, with every
   S1R player paired, the pairings generated first are among those (D.2: no exchange
   comes before any exchange), and they are exactly the maximum-quality matchings of
   the bipartite graph.
2. The bipartite solve also gives optimal duals. By complementary slackness the
   maximum-quality matchings of the bipartite graph are the matchings on its tight
   edges that cover every vertex of positive dual. D.1 transposes S2R in
   lexicographic order, so the first such matching gives S1R's first player the
   lowest S2R opponent it can have, then the second player, and so on: the walk
   below takes S1R's players in order and moves each to its lowest possible opponent
   along an alternating path or cycle of tight edges, which keeps the matching among
   the maximum-quality ones and leaves the players already settled alone.

When the condition of step 1 fails the caller falls back to the wide weights.
"""

from __future__ import annotations

from pairing.engine.matching import bipartite_matching_with_duals, max_weight_matching


def first_transposition(
    vertex_count: int, remainder: list[int], pairs: int, quality: dict[tuple[int, int], int]
) -> list[int] | None:
    """``mate`` (indices into the bracket's people, -1 when unpaired) of the remainder's
    pairing generated first among those of best quality, or None when reaching the best
    quality needs an exchange, or fewer than *pairs* pairs.

    *remainder* lists the players in BSN order, S1R being its first *pairs*;
    *quality* holds the quality weight of every pair of remainder players that may
    meet, keyed ``(i, j)`` with ``i < j``.
    """
    s1 = remainder[:pairs]
    in_s1 = set(s1)
    everything = [(i, j, w) for (i, j), w in quality.items()]
    best = _value(max_weight_matching(vertex_count, everything), quality)
    across = [(i, j, w) for i, j, w in everything if (i in in_s1) != (j in in_s1)]
    mate, dual = bipartite_matching_with_duals(vertex_count, across)
    if _value(mate, quality) != best or any(mate[t] == -1 for t in s1):
        return None
    tight: dict[int, list[int]] = {v: [] for v in remainder}
    for i, j, w in across:
        if dual[i] + dual[j] == 2 * w:
            tight[i].append(j)
            tight[j].append(i)
    for options in tight.values():
        options.sort()
    fixed: set[int] = set()  # settled S1R players and their opponents
    for t in s1:
        _move_to_lowest_opponent(t, tight, mate, dual, fixed)
        fixed |= {t, mate[t]}
    if any(mate[t] == -1 for t in s1) or _value(mate, quality) != best:
        return None  # cannot happen by the argument above; the wide weights decide if it does
    return mate


def _value(mate: list[int], quality: dict[tuple[int, int], int]) -> int:
    return sum(quality[v, u] for v, u in enumerate(mate) if v < u)


def _move_to_lowest_opponent(
    t: int, tight: dict[int, list[int]], mate: list[int], dual: list[int], fixed: set[int]
) -> None:
    """Give S1R player *t* the lowest S2R opponent he has in any maximum-quality matching
    that keeps the settled pairs (*fixed*), changing *mate* in place.

    Pairing *t* with ``u`` leaves his old opponent and ``u``'s old partner unpaired. A
    matching of maximum quality must cover every vertex of positive dual; each of the
    two that has one is covered again along an alternating path of tight edges, which
    ends at an unpaired vertex or takes the partner away from a vertex of zero dual.
    If some maximum-quality matching pairs *t* with ``u``, the symmetric difference
    with it holds such a path for each, so the search below finds them one after the
    other (bipartite matching theory); if not, ``u`` is not possible for *t*.
    """
    current = mate[t]
    for u in tight[t]:
        if u >= current:
            return
        if u in fixed:
            continue
        trial = list(mate)
        holder = trial[u]
        trial[current] = -1
        if holder != -1:
            trial[holder] = -1
        trial[t], trial[u] = u, t
        blocked = fixed | {t, u}
        if all(
            trial[x] != -1 or dual[x] == 0 or _cover(x, tight, trial, dual, blocked)
            for x in (current, holder)
            if x != -1
        ):
            mate[:] = trial
            return


def _cover(start: int, tight: dict[int, list[int]], mate: list[int], dual: list[int], blocked: set[int]) -> bool:
    """Cover the unpaired *start* along an alternating path of tight edges, changing
    *mate*: a free edge to an unpaired vertex, or to a paired one whose partner either
    has a zero dual (it is left unpaired) or goes on along a free edge, and so on.
    False, *mate* unchanged, when there is none (breadth first, each vertex once)."""
    reached_from: dict[int, int] = {start: -1}  # vertex -> the vertex before it on its path
    queue = [start]
    for x in queue:  # vertices to be paired anew: *start*, then partners taken away
        for y in tight[x]:
            if y in blocked or y in reached_from or y == mate[x]:
                continue
            reached_from[y] = x
            partner = mate[y]
            if partner == -1 or dual[partner] == 0:
                if partner != -1:
                    mate[partner] = -1
                while True:  # y takes x; x's old partner takes the vertex before x; ...
                    x = reached_from[y]
                    previous_partner = mate[x] if x != start else -1
                    mate[x], mate[y] = y, x
                    if x == start:
                        return True
                    y = previous_partner
            if partner not in reached_from and partner not in blocked:
                reached_from[partner] = y
                queue.append(partner)
    return False

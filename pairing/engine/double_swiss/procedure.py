"""The pairing procedure of C.04.5 (2026), Article 3, on bitsets.

3.3.2: the PAB first (3.4); then, as long as players are left, the top-scoregroup with
the first set of upfloaters (3.5) makes a bracket, paired by its first identifier (3.6).
"Can these players all be paired?" ([C3]) is answered by a maximum matching
(:mod:`pairing.engine.common.bitset_matching`), never by listing pairings, so that the
first upfloater set and the first identifier are found without walking the orders.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from pairing.engine.common.bitset_matching import Matcher, bits, perfect
from pairing.engine.double_swiss.matches import Contender


class RoundField:
    """The players to pair, indexed in pairing order (1.2), with the legal pairs ([C1])."""

    def __init__(self, players: Sequence[Contender], forbidden: frozenset[frozenset[int]], last_round: bool) -> None:
        self.players = list(players)
        self.last_round = last_round
        n = len(self.players)
        index = {p.id: k for k, p in enumerate(self.players)}
        everyone = (1 << n) - 1
        adj = [everyone & ~(1 << k) for k in range(n)]
        barred = [(p.id, q) for p in self.players for q in p.met] + [
            tuple(pair) for pair in forbidden if len(pair) == 2
        ]
        for a, b in barred:
            if a in index and b in index:
                adj[index[a]] &= ~(1 << index[b])
                adj[index[b]] &= ~(1 << index[a])
        self.adj = adj
        self.index = index
        self.floated = sum(1 << k for k, p in enumerate(self.players) if p.floated and not last_round)

    def mask(self, ids: Sequence[int]) -> int:
        return sum(1 << self.index[i] for i in ids)

    def pairable(self, mask: int) -> bool:
        return perfect(self.adj, mask)


def choose_bye(field: RoundField) -> int | None:
    """3.4: among the players [C2] allows and whose bye leaves the others a legal pairing
    (3.4.1), the lowest score (3.4.2), the most matches played (3.4.3), the largest TPN (3.4.4)."""
    everyone = (1 << len(field.players)) - 1
    if len(field.players) % 2 == 0:
        return None
    matcher = Matcher(field.adj, everyone, stop_at_first_failure=False)
    order = sorted(
        (k for k, p in enumerate(field.players) if not p.pab_barred),
        key=lambda k: (field.players[k].score, -field.players[k].matches_played, -field.players[k].number),
    )
    for k in order:
        if matcher.perfect_without(1 << k):
            return k
    return -1


def pair_brackets(field: RoundField, remaining: int) -> list[tuple[int, int]] | None:
    """3.3.2 steps 2-4: the pairs (indices) of every bracket, top down; None when [C3] fails."""
    if not field.pairable(remaining):
        return None
    pairs: list[tuple[int, int]] = []
    while remaining:
        top_score = field.players[(remaining & -remaining).bit_length() - 1].score
        top = sum(1 << k for k in bits(remaining) if field.players[k].score == top_score)
        upfloaters = _upfloaters(field, remaining, top)
        bracket = top | upfloaters
        pairs += _first_identifier(field, top, upfloaters)
        remaining &= ~bracket
    return pairs


def _upfloaters(field: RoundField, remaining: int, top: int) -> int:
    """3.5: the first set of upfloaters complying with [C4] and [C5] (the number and the
    scores, 3.5.2) that gives a legal pairing of the bracket and of the rest ([C3]), then
    [C6] and [C7] as much as possible (3.5.5), in the order of 3.5.3-3.5.4."""
    players = field.players
    below = remaining & ~top
    whole = Matcher(field.adj, remaining, stop_at_first_failure=False)
    groups: dict[int, list[int]] = {}
    for k in bits(below):  # bits() ascending = pairing order: score down, TPN up inside a score
        groups.setdefault(players[k].score, []).append(k)
    scores = sorted(groups, reverse=True)
    following = sum(1 << k for k in groups[scores[0]]) if scores else 0
    # A resident with no legal opponent among the residents needs one among the upfloaters:
    # a set without one cannot pair the bracket, which is seen before any matching.
    needy = [field.adj[k] & below for k in bits(top) if not field.adj[k] & top]
    for size in range(top.bit_count() % 2, below.bit_count() + 1, 2):  # [C4]
        for profile in _profiles(size, scores, {s: len(g) for s, g in groups.items()}):  # [C5]
            best, best_key = None, None
            for chosen in _sets_with(profile, groups):  # 3.5.4
                upfloaters = sum(1 << k for k in chosen)
                if any(not options & upfloaters for options in needy):
                    continue
                bracket = top | upfloaters
                if not field.pairable(bracket) or not whole.perfect_without(bracket):
                    continue
                key = (
                    _breaks_c6(field, remaining & ~bracket, following & ~upfloaters, following),
                    _c7(field, upfloaters),
                )
                if best_key is None or key < best_key:
                    best, best_key = upfloaters, key
                if key == (0, 0):
                    break
            if best is not None:
                return best
    raise AssertionError("a pairable field always has a set of upfloaters")  # [C3] was checked


def _profiles(size: int, scores: list[int], counts: dict[int, int]) -> Iterator[dict[int, int]]:
    """The score profiles of *size* upfloaters, best first for [C5]: the upfloater scores
    in ascending order compared lexicographically, the higher first (the score differences
    in descending order, the smaller first, 2.3.2)."""

    def walk(need: int, floor_index: int, taken: dict[int, int]) -> Iterator[dict[int, int]]:
        if need == 0:
            yield dict(taken)
            return
        # the next-lowest score of the set, from the highest the players above it allow
        for i in range(0, floor_index + 1):
            score = scores[i]
            if taken.get(score, 0) >= counts[score]:
                continue
            available = sum(counts[s] - taken.get(s, 0) for s in scores[: i + 1])
            if available < need:
                continue
            taken[score] = taken.get(score, 0) + 1
            yield from walk(need - 1, i, taken)
            taken[score] -= 1
            if not taken[score]:
                del taken[score]

    if size == 0:
        yield {}
        return
    # The lowest score of the set first (most significant), from the highest down.
    for i in range(len(scores)):
        score = scores[i]
        available = sum(counts[s] for s in scores[: i + 1])
        if available < size:
            continue
        yield from walk(size - 1, i, {score: 1})


def _sets_with(profile: dict[int, int], groups: dict[int, list[int]]) -> Iterator[tuple[int, ...]]:
    """The sets with *profile* in the order of 3.5.4: members by score down then TPN up,
    the sets compared on that sequence of TPNs."""
    ordered = sorted(profile, reverse=True)
    parts = [combinations(groups[s], profile[s]) for s in ordered]
    for choice in product(*parts):
        yield tuple(k for part in choice for k in part)


def _breaks_c6(field: RoundField, rest: int, left_of_following: int, following: int) -> int:
    """[C6] (2.3.3): unless upfloating emptied the following scoregroup, its bracket can
    still comply with [C1], [C3] and [C4]: what is left of it pairs with the fewest
    upfloaters its parity allows, and the rest stays pairable (reading R3)."""
    if not following or not left_of_following:
        return 0
    lower = rest & ~left_of_following
    whole = Matcher(field.adj, rest, stop_at_first_failure=False)
    if left_of_following.bit_count() % 2 == 0:
        return 0 if field.pairable(left_of_following) and whole.perfect_without(left_of_following) else 1
    for k in bits(lower):
        bracket = left_of_following | 1 << k
        if field.pairable(bracket) and whole.perfect_without(bracket):
            return 0
    return 1


def _c7(field: RoundField, upfloaters: int) -> int:
    """[C7] (2.3.4): outside the last round, upfloaters who were floaters in the previous round."""
    return (upfloaters & field.floated).bit_count()


def _first_identifier(field: RoundField, top: int, upfloaters: int) -> list[tuple[int, int]]:
    """3.6: the first pairing of the bracket, in the lexicographic order of its identifier
    (3.6.2: the top members' TPNs ascending, then their bottom members'), that complies
    with [C1] and, as much as possible, [C8] (3.6.4)."""
    bracket = top | upfloaters
    members = sorted(bits(bracket), key=lambda k: field.players[k].number)  # by TPN
    local = {k: i for i, k in enumerate(members)}
    everyone = (1 << len(members)) - 1
    # Built from the pairs that are not legal, few beside the legal ones in a big bracket.
    adj = [
        everyone & ~(1 << i) & ~sum(1 << local[j] for j in bits(bracket & ~field.adj[k] & ~(1 << k)))
        for i, k in enumerate(members)
    ]
    # [C8] (2.3.5): a resident who floated last round against an upfloater is to be avoided.
    risky_residents = sum(1 << local[k] for k in bits(top & field.floated))
    ups = [local[k] for k in bits(upfloaters)]
    best: list[int] | None = None
    if risky_residents and ups and not field.last_round:
        for allowed in range(len(ups) + 1):
            for chosen in combinations(ups, allowed):
                trimmed = _without_risky(adj, ups, chosen, risky_residents)
                found = _lexicographically_first(trimmed)
                if found is not None and (best is None or _identifier(found) < _identifier(best)):
                    best = found
            if best is not None:
                break
    else:
        best = _lexicographically_first(adj)
    assert best is not None  # the bracket is pairable ([C3], checked in 3.5)
    return [(members[i], members[best[i]]) for i in range(len(members)) if i < best[i]]


def _without_risky(adj: list[int], ups: list[int], allowed: tuple[int, ...], risky: int) -> list[int]:
    out = list(adj)
    for u in ups:
        if u not in allowed:
            out[u] &= ~risky
            for r in bits(risky):
                out[r] &= ~(1 << u)
    return out


def pairing_identifier(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """3.6.2: the TPNs of the top members (the smaller of each pair) ascending, then their
    bottom members in the same order."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return tuple(t for t, _ in ordered) + tuple(b for _, b in ordered)


def _identifier(mate: list[int]) -> tuple[int, ...]:
    return pairing_identifier([(i, mate[i]) for i in range(len(mate)) if i < mate[i]])


def _lexicographically_first(adj: list[int]) -> list[int] | None:
    """The perfect matching (mate per local index; indices in TPN order) with the smallest
    identifier: the set of top members first, each as small as a completion allows, then
    the bottom member of each top member in turn."""
    n = len(adj)
    full = (1 << n) - 1
    half = n // 2
    if all(adj[i] >> (i + half) & 1 for i in range(half)):  # the very first identifier, 1..m | m+1..2m
        return [i + half for i in range(half)] + list(range(half))
    if not perfect(adj, full):
        return None
    tops = bottoms = 0
    last = -1
    for _ in range(n // 2):
        free = full & ~tops & ~bottoms & ~((1 << (last + 1)) - 1)
        for x in bits(free):
            new_tops = tops | 1 << x
            new_bottoms = bottoms | (free & ((1 << x) - 1))
            if _completes(adj, new_tops, new_bottoms, free & ~((1 << (x + 1)) - 1)):
                tops, bottoms, last = new_tops, new_bottoms, x
                break
        else:
            return None
    bottoms = full & ~tops
    mate = [-1] * n
    for t in bits(tops):
        for b in bits(adj[t] & bottoms & ~((1 << (t + 1)) - 1)):
            rest_tops = tops & ~((1 << (t + 1)) - 1)
            rest_bottoms = bottoms & ~(1 << b)
            if _completes(adj, rest_tops, rest_bottoms, 0):
                mate[t], mate[b] = b, t
                bottoms = rest_bottoms
                break
        else:
            return None
        tops &= ~(1 << t)
    return mate


def _completes(adj: list[int], tops: int, bottoms: int, free: int) -> bool:
    """Can the vertices be paired so that every pair's smaller index is a top member: a top
    with a larger bottom or a free vertex, free vertices with each other?"""
    active = tops | bottoms | free
    restricted = list(adj)
    for v in bits(active):
        above = ~((1 << (v + 1)) - 1)
        below = (1 << v) - 1
        if tops >> v & 1:
            restricted[v] = adj[v] & ((bottoms & above) | free)
        elif bottoms >> v & 1:
            restricted[v] = adj[v] & tops & below
        else:
            restricted[v] = adj[v] & (tops | free)
    return perfect(restricted, active)

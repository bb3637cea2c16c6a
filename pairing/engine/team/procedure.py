"""The pairing procedure of C.04.6 (2026) art. 3: the pairing-allocated-bye first (3.4),
then, top-scoregroup after top-scoregroup, its upfloaters (3.5) and the first best
pairing of its bracket (3.6); the colours last (art. 4, :mod:`pairing.engine.team.colours`).

The searches are exact and fast: every "is there a legal pairing of these teams" ([C1],
[C3], 3.4.1, 3.5.5) is one bitset matching (:mod:`pairing.engine.common.bitset_matching`),
and the first best pairing of a bracket (3.6.4) is one maximum-weight matching whose
weights order the pairings by [C8], [C9], [C10] and then by their identifier (3.6.2).
The literal enumeration of the text is the test oracle (tests/engine/team/sieve.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

from pairing.engine.boards import sorted_by_scores
from pairing.engine.common.bitset_matching import Matcher, bits, perfect
from pairing.engine.matching import max_weight_matching
from pairing.engine.state import PairingError
from pairing.engine.team.colours import Preference, allocate, preference, unfulfilled
from pairing.engine.team.model import ColourPreferences, Team, TeamPairing, TeamRound


class _Field:
    """The round's teams by position (TPN order) with their compatibility bitsets."""

    def __init__(self, round_: TeamRound) -> None:
        self.round = round_
        self.teams: list[Team] = sorted(round_.teams, key=lambda t: t.tpn)
        tpns = [t.tpn for t in self.teams]
        if len(set(tpns)) != len(tpns):
            raise PairingError("two teams share a TPN (C.04.6 art. 1.1.1)")
        self.index = {t.tpn: i for i, t in enumerate(self.teams)}
        self.score = [round_.score(t) for t in self.teams]
        # the scoregroups of the round (art. 1.3.1), highest first; the PAB team's too
        self.levels = sorted(set(self.score), reverse=True)
        forbidden = {frozenset(p) for p in round_.forbidden}
        n = len(self.teams)
        self.adj = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                a, b = self.teams[i], self.teams[j]
                if b.tpn in a.opponents or a.tpn in b.opponents:  # [C1] art. 2.1.1
                    continue
                if frozenset((a.tpn, b.tpn)) in forbidden:
                    continue
                self.adj[i] |= 1 << j
                self.adj[j] |= 1 << i
        self.preference: list[Preference] = [preference(t, round_) for t in self.teams]

    def legal(self, mask: int) -> bool:
        """Can the teams of *mask* all be paired among themselves under [C1]?"""
        return perfect(self.adj, mask) if mask else True


def pair_round(round_: TeamRound, progress: Callable[[int, int], None] | None = None) -> TeamPairing:
    """Pair the round (art. 3.3.2). Raises PairingError when no round-pairing exists (art. 3.3.3).

    *progress*, when given, hears (brackets paired, brackets expected) after each bracket;
    the brackets expected are those paired plus the scoregroups left (an upfloater may
    empty one), so the second figure may shrink but never passes the first."""
    field = _Field(round_)
    remaining = (1 << len(field.teams)) - 1
    bye = None
    if len(field.teams) % 2:
        bye = _bye(field, remaining)
        remaining &= ~(1 << bye)
    elif not field.legal(remaining):
        raise PairingError("no legal pairing of all the teams exists (C.04.6 art. 3.3.3)")
    pairs: list[tuple[int, int]] = []
    brackets = []
    while remaining:
        top = max(field.score[i] for i in bits(remaining))
        residents = [i for i in bits(remaining) if field.score[i] == top]
        upfloaters = _upfloaters(field, residents, remaining)
        bracket = sorted(residents + upfloaters)
        bracket_pairs = _pair_bracket(field, bracket, top)
        pairs += bracket_pairs
        brackets.append(tuple(field.teams[i].tpn for i in bracket))
        for i in bracket:
            remaining &= ~(1 << i)
        if progress is not None:
            left = len({field.score[i] for i in bits(remaining)})
            progress(len(brackets), len(brackets) + left)
    matches = [allocate(field.teams[a], field.teams[b], round_) for a, b in pairs]
    # C.04.6 is silent on board order: C.04.2 2026 art. 3.6 (recommended), on the primary score
    score = {t.tpn: round_.score(t) for t in field.teams}
    matches = sorted_by_scores(matches, score.__getitem__, {t.tpn: t.tpn for t in field.teams})
    return TeamPairing(matches, None if bye is None else field.teams[bye].tpn, tuple(brackets))


def _bye(field: _Field, remaining: int) -> int:
    """Art. 3.4: the team that leaves a legal pairing (3.4.1), then has the lowest score
    (3.4.2), then has played the most matches (3.4.3), then has the largest TPN (3.4.4);
    never one [C2] bars (art. 2.1.2)."""
    candidates = [i for i in bits(remaining) if not field.teams[i].pab_barred]
    candidates.sort(key=lambda i: (field.score[i], -field.teams[i].played, -field.teams[i].tpn))
    for i in candidates:
        if field.legal(remaining & ~(1 << i)):
            return i
    raise PairingError("no team can receive the pairing-allocated-bye and leave a legal pairing (C.04.6 art. 3.4.1)")


def _profiles(field: _Field, lower: Sequence[int], count: int) -> list[tuple]:
    """The score profiles of *count* upfloaters, best [C5] first: their scores taken in
    ascending order, the largest first (art. 2.3.2)."""
    available: dict = {}
    for i in lower:
        available[field.score[i]] = available.get(field.score[i], 0) + 1
    scores = sorted(available, reverse=True)
    out: list[tuple] = []

    def extend(k: int, left: int, chosen: tuple) -> None:
        if left == 0:
            out.append(chosen)
            return
        if k == len(scores):
            return
        for take in range(min(left, available[scores[k]]), -1, -1):
            extend(k + 1, left - take, chosen + (scores[k],) * take)

    extend(0, count, ())
    out.sort(key=lambda profile: sorted(profile), reverse=True)
    return out


def _sets(field: _Field, lower: Sequence[int], profile: tuple) -> Iterator[list[int]]:
    """The sets of upfloaters with *profile*, in the order of art. 3.5.3-3.5.4: each set
    by descending score then ascending TPN, the sets lexicographically."""
    levels = sorted(set(profile), reverse=True)
    groups = [[i for i in lower if field.score[i] == s] for s in levels]  # lower is in TPN order
    counts = [profile.count(s) for s in levels]

    def chosen(k: int) -> Iterator[list[int]]:
        if k == len(levels):
            yield []
            return
        for part in combinations(groups[k], counts[k]):
            for rest in chosen(k + 1):
                yield list(part) + rest

    return chosen(0)


def _upfloaters(field: _Field, residents: list[int], remaining: int) -> list[int]:
    """Art. 3.5: the first set (3.5.4) of the fewest upfloaters ([C4]) with the best scores
    ([C5]) that gives a legal pairing ([C1]) of the bracket and of the teams left ([C3]),
    best by [C6] then [C7] (3.5.5). A count or profile no set of which is legal is passed
    over: [C3] outranks the quality criteria (reading, docs/team.md)."""
    top_level = field.levels.index(field.score[residents[0]])
    resident_mask = sum(1 << i for i in residents)
    lower = [i for i in bits(remaining) if field.score[i] < field.score[residents[0]]]
    for count in range(len(residents) % 2, len(lower) + 1, 2):
        for profile in _profiles(field, lower, count):
            best = None
            # no set of this profile has fewer [C7] floaters than this: when one that meets
            # [C6] reaches it, no later set is better (the search stops, the answer is the same)
            least_c7 = 0 if field.round.in_last_two_rounds else _least_floaters(field, lower, profile)
            for index, upfloaters in enumerate(_sets(field, lower, profile)):
                bracket = resident_mask | sum(1 << i for i in upfloaters)
                if not field.legal(bracket):
                    continue
                rest = remaining & ~bracket
                if not field.legal(rest):
                    continue  # [C3] art. 2.2.1
                key = (0 if _c6(field, top_level, rest) else 1, _c7(field, upfloaters), index)
                if best is None or key < best[0]:
                    best = (key, upfloaters)
                if key[:2] == (0, least_c7):
                    break
            if best is not None:
                return best[1]
    raise PairingError(
        f"the scoregroup of {field.score[residents[0]]} has no legal pairing with any set of upfloaters "
        "(C.04.6 art. 3.3.3)"
    )


def _least_floaters(field: _Field, lower: Sequence[int], profile: tuple) -> int:
    """The fewest upfloaters that floated last round a set of *profile* can hold."""
    least = 0
    for score in set(profile):
        others = sum(1 for i in lower if field.score[i] == score and not field.teams[i].floated)
        least += max(0, profile.count(score) - others)
    return least


def _c6(field: _Field, top_level: int, rest: int) -> bool:
    """[C6] art. 2.3.3: what is left of the following scoregroup can be paired ([C1], [C3])
    with the fewest upfloaters its size allows ([C4]): none when even, one when odd
    (reading, docs/team.md). An emptied following scoregroup passes."""
    if top_level + 1 >= len(field.levels):
        return True
    following_score = field.levels[top_level + 1]
    following = [i for i in bits(rest) if field.score[i] == following_score]
    if not following:
        return True
    mask = sum(1 << i for i in following)
    if len(following) % 2 == 0:
        return field.legal(mask) and field.legal(rest & ~mask)
    for u in bits(rest):
        if field.score[u] < following_score:
            bracket = mask | (1 << u)
            if field.legal(bracket) and field.legal(rest & ~bracket):
                return True
    return False


def _c7(field: _Field, upfloaters: list[int]) -> int:
    """[C7] art. 2.3.4: upfloaters that were floaters in the previous round, not in the last two rounds."""
    if field.round.in_last_two_rounds:
        return 0
    return sum(1 for i in upfloaters if field.teams[i].floated)


def _pair_cost(field: _Field, a: int, b: int, bracket_score) -> tuple[int, int, int]:
    """[C8], [C9] and [C10] of the pair a-b in a bracket of *bracket_score*."""
    c8, c9 = unfulfilled(field.preference[a], field.preference[b])
    if field.round.preferences is not ColourPreferences.TYPE_B:
        c9 = 0
    c10 = 0
    if not field.round.in_last_two_rounds:
        for x, y in ((a, b), (b, a)):
            if field.score[x] < bracket_score and field.teams[y].floated:
                c10 += 1  # art. 2.3.7: an upfloater's opponent that was a floater
    return c8, c9, c10


def _pair_bracket(field: _Field, bracket: list[int], bracket_score) -> list[tuple[int, int]]:
    """Art. 3.6: the first legal pairing when it costs nothing in [C8]-[C10] (it is then
    the first best: round one, and most brackets of type A), else :func:`_first_best`."""
    first = _first_legal(field, bracket)
    if all(_pair_cost(field, a, b, bracket_score) == (0, 0, 0) for a, b in first):
        return first
    return _first_best(field, bracket, bracket_score)


def _first_legal(field: _Field, bracket: list[int]) -> list[tuple[int, int]]:
    """The legal pairing of *bracket* with the smallest identifier (art. 3.6.2-3.6.3).

    The identifier lists the top members first, so the top members are chosen first,
    position by position, each made a top member when some legal pairing still allows it
    (the smallest team of the difference between two top sets decides); then each top
    member, in order, takes the smallest bottom member that still leaves a legal pairing.
    A witness pairing that fits every choice so far answers most questions without a search.
    """
    size = len(bracket)
    local = [0] * size
    for p, a in enumerate(bracket):
        for q, b in enumerate(bracket):
            if field.adj[a] >> b & 1:
                local[p] |= 1 << q
    everyone = (1 << size) - 1
    top = bottom = 0  # the positions decided so far

    def witness(fixed: list[tuple[int, int]] = ()) -> list[int] | None:
        """A legal pairing (mates by position) with every decided top paired to a later
        bottom, or None. *fixed* pairs are taken as made."""
        adj = []
        for p in range(size):
            later = everyone ^ ((1 << (p + 1)) - 1)
            earlier = (1 << p) - 1
            allowed = 0
            if not bottom >> p & 1:
                allowed |= later & ~top
            if not top >> p & 1:
                allowed |= earlier & ~bottom
            adj.append(local[p] & allowed)
        active = everyone
        for p, q in fixed:
            active &= ~((1 << p) | (1 << q))
        matcher = Matcher(adj, active)
        if not matcher.complete:
            return None
        mate = matcher.mate
        for p, q in fixed:
            mate[p], mate[q] = q, p
        return mate

    mate = witness()
    assert mate is not None  # the bracket was chosen legal
    for p in range(size):
        top |= 1 << p
        if mate[p] > p:
            continue
        trial = witness()
        if trial is None:
            top &= ~(1 << p)
            bottom |= 1 << p
        else:
            mate = trial
    pairs: list[tuple[int, int]] = []
    for p in bits(top):
        for q in bits(local[p] & bottom & ~((1 << (p + 1)) - 1)):
            if any(q == b for _, b in pairs):
                continue
            if mate[p] == q:
                break
            trial = witness([*pairs, (p, q)])
            if trial is not None:
                mate = trial
                break
        else:  # pragma: no cover - the witness always offers one
            raise PairingError("no bottom member left for a top member")
        pairs.append((p, mate[p]))
    return [(bracket[p], bracket[q]) for p, q in pairs]


def _first_best(field: _Field, bracket: list[int], bracket_score) -> list[tuple[int, int]]:
    """Art. 3.6: the first pairing, in the order of the identifiers (3.6.2-3.6.3), of those
    with the fewest [C8], then [C9], then [C10] (3.6.4), as a minimum-weight perfect matching.

    Position p (0-based, TPN order) of the bracket's B teams. The identifier lists the
    top members first, so a pairing whose bottom members hold the smallest position of the
    difference is later whatever follows: a bottom at p weighs 2**(B-1-p). Among pairings
    with the same top members, the bottoms compare in the order of their tops: bottom q of
    top p weighs q * (B+1)**(B-1-p), digits that cannot carry. The criteria weigh above the
    identifier's whole range, each above the next one's.
    """
    size = len(bracket)
    base = size + 1
    identifier_span = base**size
    w10 = identifier_span * 2**size
    w9 = w10 * base
    w8 = w9 * base
    edges = []
    for p in range(size):
        a = bracket[p]
        for q in range(p + 1, size):
            b = bracket[q]
            if not field.adj[a] >> b & 1:
                continue
            c8, c9, c10 = _pair_cost(field, a, b, bracket_score)
            cost = c8 * w8 + c9 * w9 + c10 * w10 + identifier_span * 2 ** (size - 1 - q) + q * base ** (size - 1 - p)
            edges.append((p, q, cost))
    ceiling = max(cost for _, _, cost in edges) + 1
    mate = max_weight_matching(size, [(p, q, ceiling - cost) for p, q, cost in edges], max_cardinality=True)
    if any(m == -1 for m in mate):
        raise PairingError("a bracket thought pairable has no perfect matching")  # pragma: no cover
    return [(bracket[p], bracket[mate[p]]) for p in range(size) if mate[p] > p]

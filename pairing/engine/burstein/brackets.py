"""Burstein 2026, articles 2 to 4: the pairing of one bracket, then the next.

A bracket holds the players of one score group (residents) and the players left
unpaired by the brackets above (incoming floaters); the rules treat them alike (1.2.2)
and rank them by the opposition index (1.8). The pairing of a bracket is its pairs and
its outgoing floaters (3.2.1), chosen by the criteria, in order:

- absolute: [C1] no rematch, [C3] no two players with the same absolute colour
  preference, and the arbiter's forbidden pairs ([C2], the PAB, is settled before);
- completion: [C4] every player still to be paired after this bracket can be paired;
- quality: [C5] the most pairs; [C6] the lowest scores, taken in descending order, for
  the outgoing floaters; [C7] outgoing floaters chosen so that the next bracket meets
  [C1]-[C6] as well as it can (its most pairs, then its lowest floater scores); [C8] the
  fewest players without their colour preference;
- among the pairings that meet the criteria best, the first in the order of article 4:
  the one whose BSN 1 (1.8 ranking) meets the largest BSN, then BSN 2, and so on; a
  player who floats meets a virtual player of BSN 0 (4.2), the last choice.

All of it is one maximum-weight matching over every player still to be paired, max
cardinality first (C4), then one bit field per criterion, most significant first; the
order of article 4 is settled one BSN at a time: a last field favours the partners of
the current BSN by their own BSN, and the pair (or the float) found is then fixed.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from itertools import pairwise, repeat
from typing import Protocol

from pairing.engine.burstein.certified_solves import (
    CORE_PER_KIND,
    CORE_PER_PLAYER,
    CertifiedSolves,
    OptimalFace,
    PairClasses,
)
from pairing.engine.options import PairingOptions, report_progress
from pairing.engine.state import Colour


class Bracketed(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def rank(self) -> tuple: ...  # 1.8, larger ranks higher
    @property
    def colour(self) -> Colour | None: ...


# How many BSNs one solve settles in article 4 order (the next ones still to be paired):
# each adds log2(bracket size) bits to the weights.
AHEAD = 36

# Edges to the players below the next bracket that each player brings to a solve at first
# (they weigh nothing but [C4]; see Bracket._solve_ahead).
BELOW_PER_PLAYER = 4


def opponents_within(compatible: Callable[[int, int], bool], pid: int, inside: frozenset[int]) -> frozenset[int]:
    """Those of *inside* whom *pid* may meet: *compatible*'s own ``within`` when it has one
    (:class:`pairing.engine.burstein.corrected.Compatibility`: set operations), else one
    call per player."""
    within = getattr(compatible, "within", None)
    if within is not None:
        return within(pid, inside)
    return frozenset(q for q in inside if q != pid and compatible(pid, q))


def score_digits(levels: Sequence[int], base: int) -> dict[int, int]:
    """[C6] as a sum: a player of the t-th lowest score weighs base**t, so that with fewer
    than *base* players a larger sum of paired players means fewer outgoing floaters
    at the highest score, then at the next, and so on (their scores minimised in
    descending order)."""
    return {s: base**t for t, s in enumerate(levels)}


def order_bonus(own: int, partner: int) -> int:
    """Article 4.3: how much BSN *own* prefers a partner of BSN *partner* (0: a virtual
    player, that is floating, 4.2): the larger the partner's BSN, the better."""
    return partner


# The text's reading, whose order is strict and whose largest bonus is the bracket's
# size without listing them (the tests try other readings in its place).
TEXT_ORDER_BONUS = order_bonus


def pair_brackets(
    players: Sequence[Bracketed],
    compatible: Callable[[int, int], bool],
    options: PairingOptions | None = None,
) -> list[tuple[int, int]]:
    """Every pair of the round, bracket by bracket from the top score (3.2); *options*'
    progress callback, if any, is told (k, n) as bracket k of n starts."""
    remaining = list(players)
    pairs: list[tuple[int, int]] = []
    scores = sorted({p.score for p in remaining}, reverse=True)
    for k, resident in enumerate(scores):
        if len(remaining) < 2:
            break
        report_progress(options, k + 1, len(scores))
        lower = next((s for s in scores[k + 1 :] if any(p.score == s for p in remaining)), None)
        found = pair_bracket(remaining, resident, lower, compatible)
        taken = {pid for pair in found for pid in pair}
        remaining = [p for p in remaining if p.id not in taken]
        pairs += found
    if remaining:
        raise ValueError("players are left over after the last bracket")
    return pairs


def pair_bracket(
    remaining: Sequence[Bracketed], resident: int, lower: int | None, compatible: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """The pairs of the bracket of the players scoring *resident* or more (the incoming
    floaters), the next bracket's residents scoring *lower*; as (higher BSN, lower BSN)."""
    return Bracket(remaining, resident, lower, compatible).pairs()


class Bracket(CertifiedSolves):
    """One bracket among the players still to be paired, and the weights of its criteria."""

    def __init__(
        self,
        remaining: Sequence[Bracketed],
        resident: int,
        lower: int | None,
        compatible: Callable[[int, int], bool],
    ) -> None:
        self.people = people = list(remaining)
        self.n = n = len(people)
        self.position = {p.id: i for i, p in enumerate(people)}
        self.in_bracket = [p.score >= resident for p in people]
        self.in_next = [lower is not None and p.score == lower for p in people]
        self.bracket = sorted((i for i in range(n) if self.in_bracket[i]), key=lambda i: people[i].rank, reverse=True)
        self.bsn = {i: k + 1 for k, i in enumerate(self.bracket)}  # 4.1
        levels = sorted({people[i].score for i in self.bracket})
        base = len(self.bracket) + 1
        self.digit = score_digits(levels, base)
        top_scores = base ** len(levels)
        self.radix = (
            top_scores,  # C6
            n // 2 + 1,  # C7: pairs in the next bracket
            top_scores,  # C7: the floaters paired there, by score
            len(self.bracket) // 2 + 1,  # C8
            len(self.bracket) + 2,  # article 4, one BSN at a time
        )
        self.compatible = compatible
        # Only pairs within the bracket and the next one weigh anything ([C5]-[C8]); a
        # pair with a player below them weighs nothing, it only serves [C4].
        self.core = [i for i in range(n) if self.in_bracket[i] or self.in_next[i]]
        self._ids = ids = [p.id for p in people]
        self.below = [i for i in range(n) if not (self.in_bracket[i] or self.in_next[i])]
        self._below_ids = frozenset(ids[i] for i in self.below)
        self._kind, self._kind_weight, kind_members = self._kinds()
        self._core_pairs, self._first_core = self._pairs_within_core(kind_members)
        self._sparse = self._first_below_edges()
        self._face: OptimalFace | None = None
        self._face_matching: list[int] | None = None  # the face's own solve (see _solve_ahead)
        self._near_core: set[int] = set()  # players below kept in every solve (see _set_aside)
        self._partners: dict[int, list[int]] = {}  # bracket partners by BSN, largest first
        self._next_partner: dict[int, int] = {}  # how far _best_known has looked in them
        self._barred: tuple[array, array, array] | None = None  # see _barred_positions
        self._strict: dict[int, bool] = {}  # see _strictly_ordered
        self._bonus_bound: dict[int, int] = {}  # see _largest_bonus

    def _kinds(self) -> tuple[list[int], list[list[int]], list[list[int]]]:
        """Players of one kind weigh alike with anyone ([C5]-[C8] read only whether a
        player is in the bracket or the next one, his score and his colour): each
        position's kind, the weight of each pair of kinds, and the core players of each
        kind (the players below have a kind of their own)."""
        key_of: dict[tuple, int] = {}
        kind = []
        for i, p in enumerate(self.people):
            key = (True, p.score, p.colour) if self.in_bracket[i] else (False, self.in_next[i], None, None)
            kind.append(key_of.setdefault(key, len(key_of)))
        someone = {}
        members: list[list[int]] = [[] for _ in key_of]
        for i in self.core:
            someone.setdefault(kind[i], i)
            members[kind[i]].append(i)
        weight = [[0] * len(key_of) for _ in key_of]
        for a, i in someone.items():
            for b, j in someone.items():
                weight[a][b] = self._weight(i, j)
        return kind, weight, members

    def _pairs_within_core(self, members: list[list[int]]) -> tuple[PairClasses, set[tuple[int, int]]]:
        """Every pair within the bracket and the next one, by weight class, and a first
        guess of the pairs an optimal matching uses (:meth:`_first_core_pairs`); *members*:
        the core players of each kind (:meth:`_kinds`)."""
        kind, weight = self._kind, self._kind_weight
        table = sorted({w for row in weight for w in row})
        index = {w: c for c, w in enumerate(table)}
        class_row = [[index[w] for w in row] for row in weight]
        ids, position = self._ids, self.position
        core_ids = frozenset(ids[i] for i in self.core)
        us, vs, classes = array("i"), array("i"), array("i")
        rng = random.Random(self.n)
        for same in members:
            rng.shuffle(same)
        by_weight = [sorted(range(len(row)), key=lambda b, row=row: -row[b]) for row in weight]
        first: set[tuple[int, int]] = set()
        for i in self.core:
            mates = opponents_within(self.compatible, ids[i], core_ids)
            later = [j for j in map(position.__getitem__, mates) if j > i]
            us.extend(repeat(i, len(later)))
            vs.extend(later)
            classes.extend(map(class_row[kind[i]].__getitem__, map(kind.__getitem__, later)))
            self._first_core_pairs(i, mates, by_weight[kind[i]], members, first)
        return PairClasses(us, vs, classes, table), first

    def _first_core_pairs(
        self, i: int, mates: frozenset[int], kinds: list[int], members: list[list[int]], first: set[tuple[int, int]]
    ) -> None:
        """Position *i*'s heaviest pairs in the core (CORE_PER_PLAYER) and at least
        CORE_PER_KIND with each kind of player, heaviest kinds first, the players of a
        kind in a fixed pseudo-random order from a place that depends on *i*: the first
        solve's guess, which the duals then prove enough or complete."""
        ids, taken = self._ids, 0
        for kind in kinds:
            group = members[kind]
            if not group:
                continue
            want = max(CORE_PER_KIND, CORE_PER_PLAYER - taken)
            size, start, got = len(group), (i * 7919) % len(group), 0
            for k in range(size):
                j = group[(start + k) % size]
                if ids[j] in mates:
                    first.add((i, j) if i < j else (j, i))
                    got += 1
                    if got == want:
                        break
            taken += got

    @cached_property
    def core_edges(self) -> dict[tuple[int, int], int]:
        """Every pair within the bracket and the next one, with its weight for [C5]-[C8]."""
        core = self._core_pairs
        table = core.table
        return {(u, v): table[c] for u, v, c in zip(core.us, core.vs, core.classes, strict=True)}

    def _weight(self, i: int, j: int) -> int:
        w = 0
        for value, r in zip(self.fields(i, j), (1, *self.radix[:-1]), strict=True):
            w = w * r + value
        return w

    def neighbours_below(self, i: int) -> frozenset[int]:
        """The ids of the players below the next bracket whom position *i* may meet
        (asked when needed, never kept for every player: thousands of players below)."""
        return opponents_within(self.compatible, self._ids[i], self._below_ids)

    def _first_below_edges(self) -> set[tuple[int, int]]:
        """A few edges to the players below for each player, spread over them by a fixed
        pseudo-random order so that together they connect well (the first solve's guess;
        the duals then prove it enough, or name the edges missing)."""
        order = [self._ids[i] for i in self.below]
        if not order:
            return set()
        random.Random(self.n).shuffle(order)
        size = len(order)
        position = self.position
        chosen: set[tuple[int, int]] = set()
        compatible, ids = self.compatible, self._ids
        for i in range(self.n):
            start, taken = (i * 7919) % size, 0
            for k in range(size):  # one player at a time: a few are wanted of thousands
                q = order[(start + k) % size]
                if q != ids[i] and compatible(ids[i], q):
                    j = position[q]
                    chosen.add((i, j) if i < j else (j, i))
                    taken += 1
                    if taken == BELOW_PER_PLAYER:
                        break
        return chosen

    def fields(self, i: int, j: int) -> tuple[int, ...]:
        """C5, C6, C7 (pairs, floaters' scores), C8 for the pair of positions i and j."""
        a, b = self.people[i], self.people[j]
        if self.in_bracket[i] and self.in_bracket[j]:
            both = a.colour is None or b.colour is None or a.colour is not b.colour
            return (1, self.digit[a.score] + self.digit[b.score], 0, 0, int(both))  # C5, C6, C8
        if self.in_next[i] or self.in_next[j]:
            floater = a if self.in_bracket[i] else b if self.in_bracket[j] else None
            if floater is not None or (self.in_next[i] and self.in_next[j]):
                return (0, 0, 1, self.digit[floater.score] if floater is not None else 0, 0)  # C7
        return (0, 0, 0, 0, 0)  # C4 only

    def _solve_ahead(
        self, gone: set[int], floats: set[int], chain: Sequence[int], latest: list[int] | None = None
    ) -> list[int]:
        """One matching of most pairs on [C4]-[C8], then the bonus of *chain*'s BSNs, the
        first most significant: among the matchings best for [C4]-[C8], the one giving
        chain[0] the largest BSN, then chain[1], and so on, as the BSNs' own solves would
        one after the other.

        Solved on the pairs that some matching best for [C4]-[C8] may use
        (:meth:`_optimal_face`), and of those with a player below the next bracket only a
        few at first (:meth:`_certified`). Within that face [C4]-[C8] weigh, instead of
        their own fields, the few bits of the face's blossoms (fewer bits, a faster solve).
        *latest*: the latest solve's matching (the face's, at first), whose pairs of players
        below the next bracket stay aside while the duals allow it (:meth:`_certified`)."""
        base = len(self.bracket) + 2  # above any BSN (0: a float)
        weight = {pos: base ** (len(chain) - 1 - t) for t, pos in enumerate(chain)}
        if not self._strict_order(chain):
            return self._solve_whole(gone, floats, weight, base ** len(chain))
        face = self._optimal_face(gone, floats)
        self._close(face, gone, floats)
        if face.admits_below is None:
            scale = base ** len(chain)  # above the bonus of any matching
            classes, table = face.weight_class, [w * scale for w in face.weights]
        else:  # one more pair in the face's blossoms outweighs any bonus
            scale = 2 * sum(weight[p] * self._largest_bonus(p) for p in chain) + 1
            classes, table = face.held, [h * scale for h in range(face.most_held + 1)]
        weighted, with_bonus = self._bonus_pairs(face, chain, weight, classes, table)
        us, vs, alive = face.us, face.vs, face.alive
        chosen = {k for k in face.joined if alive[k] and k not in with_bonus}
        for k in with_bonus:  # solved with their bonus, not among the others
            alive[k] = 0
        try:
            others = PairClasses(us, vs, classes, table, alive)
            if latest is None:
                latest = self._face_matching
            mate, _, _, _ = self._certified(weighted, gone, face.admits_below, others, chosen, latest=latest)
        finally:
            for k in with_bonus:
                alive[k] = 1
        face.joined.update(chosen)
        return mate

    def _bonus_pairs(
        self, face: OptimalFace, chain: Sequence[int], weight: dict[int, int], classes: array, table: list[int]
    ) -> tuple[list[tuple[int, int, int]], set[int]]:
        """The face's open pairs with a bonus of article 4 for a BSN of *chain* (of weight
        *weight*), each as ``(u, v, table[classes[k]] + bonus)`` in the order of the chain
        and of each one's incident pairs, and their indices k."""
        weighted: list[tuple[int, int, int]] = []
        with_bonus: set[int] = set()
        us, vs, alive, bsn = face.us, face.vs, face.alive, self.bsn
        partner_bsn = bsn.get
        text = order_bonus is TEXT_ORDER_BONUS  # the bonus is the partner's BSN
        for p in chain:
            own, mine = weight[p], bsn[p]
            for k in face.incident[p]:
                if not alive[k]:
                    continue
                u, v = us[k], vs[k]
                q = v if u == p else u
                if q in weight:  # both of the chain: k may be listed already, both bonuses count
                    if k in with_bonus:
                        continue
                    bonus = weight[u] * order_bonus(bsn[u], bsn.get(v, 0))
                    bonus += weight[v] * order_bonus(bsn[v], bsn.get(u, 0))
                elif text:
                    bonus = own * partner_bsn(q, 0)
                else:
                    bonus = own * order_bonus(mine, partner_bsn(q, 0))
                if bonus:
                    with_bonus.add(k)
                    weighted.append((u, v, table[classes[k]] + bonus))
        return weighted, with_bonus

    def _close(self, face: OptimalFace, gone: set[int], floats: set[int]) -> None:
        """Close the face's pairs of the positions paired since (*gone*) and those between
        a settled floater and the bracket (his pairs with the next bracket stay open)."""
        alive, incident, us, vs = face.alive, face.incident, face.us, face.vs
        for v in gone - face.settled:
            for k in incident[v]:
                alive[k] = 0
            face.settled.add(v)
        for v in floats - face.floated:
            for k in incident[v]:
                if self.in_bracket[us[k] + vs[k] - v]:
                    alive[k] = 0
            face.floated.add(v)

    def _strict_order(self, chain: Sequence[int]) -> bool:
        """Does each BSN of *chain* prefer every partner to the next lower one (4.3)? Then
        two matchings best for [C4]-[C8] and the chain give its BSNs the same partners,
        whichever the solver returns, and :meth:`_solve_ahead` may solve on fewer pairs.
        (A reading with ties, as some tests try, gets the whole solve.)"""
        return all(self._strictly_ordered(pos) for pos in chain)

    def _strictly_ordered(self, pos: int) -> bool:
        """Does the BSN of *pos* prefer every partner to the next lower one (4.3)?"""
        if order_bonus is TEXT_ORDER_BONUS:
            return True
        strict = self._strict.get(pos)
        if strict is None:
            bonuses = [order_bonus(self.bsn[pos], b) for b in range(len(self.bracket) + 1)]
            strict = self._strict[pos] = all(x < y for x, y in pairwise(bonuses))
        return strict

    def _largest_bonus(self, pos: int) -> int:
        """The largest magnitude of the bonus of article 4.3 for the BSN of *pos*."""
        if order_bonus is TEXT_ORDER_BONUS:
            return len(self.bracket)
        largest = self._bonus_bound.get(pos)
        if largest is None:
            bonuses = (abs(order_bonus(self.bsn[pos], b)) for b in range(len(self.bracket) + 1))
            largest = self._bonus_bound[pos] = max(bonuses)
        return largest

    def _solve_whole(self, gone: set[int], floats: set[int], weight: dict[int, int], scale: int) -> list[int]:
        """:meth:`_solve_ahead` on every open pair, [C5]-[C8] above the chain's bonus."""
        weighted = []
        for u, v, w in self._open_core(gone, floats):
            bonus = 0
            if u in weight:
                bonus += weight[u] * order_bonus(self.bsn[u], self.bsn.get(v, 0))
            if v in weight:
                bonus += weight[v] * order_bonus(self.bsn[v], self.bsn.get(u, 0))
            weighted.append((u, v, w * scale + bonus))
        mate, _, _, _ = self._certified(weighted, gone, None, signed=False)
        return mate

    def _open_core(self, gone: set[int], floats: set[int]) -> Iterator[tuple[int, int, int]]:
        """The pairs within the bracket and the next one still open: neither end settled,
        and no settled floater in a bracket pair."""
        in_bracket = self.in_bracket
        for (u, v), w in self.core_edges.items():
            if u in gone or v in gone:
                continue
            if (u in floats and in_bracket[v]) or (v in floats and in_bracket[u]):
                continue
            yield u, v, w

    def pairs(self) -> list[tuple[int, int]]:
        """The first pairing in article 4 order among those that best meet [C4]-[C8]."""
        fixed: list[tuple[int, int]] = []
        gone: set[int] = set()  # paired in this bracket
        floats: set[int] = set()  # outgoing floaters, settled
        last: list[int] | None = None  # the latest solve: optimal for [C4]-[C8] still
        settled: set[int] = set()  # BSNs whose partner the latest solve gives (article 4)
        for k, i in enumerate(self.bracket):
            if i in gone or i in floats:
                continue
            j = last[i] if last is not None and i in settled else self._best_known(i, gone, floats, last)
            if j is None:
                chain = [p for p in self.bracket[k:] if p not in gone and p not in floats][:AHEAD]
                last = self._solve_ahead(gone, floats, chain, last)
                settled = set(chain)
                j = last[i]
            if self.in_bracket[j]:
                fixed.append((self.people[i].id, self.people[j].id))
                gone |= {i, j}
            else:
                floats.add(i)
        return fixed

    def _best_known(self, i: int, gone: set[int], floats: set[int], last: list[int] | None) -> int | None:
        """Position *i*'s partner when it is known without a solve, else None.

        The latest solve's matching, less the pairs and floats fixed since (which it
        contains), is still optimal for [C4]-[C8]: the solve for *i* would only pick,
        among such matchings, the one giving *i* the largest BSN (4.3). So if *i* has no
        partner in the bracket at all, he floats (his mate lies outside it); and if his
        mate in that matching is already the largest BSN he may meet, that is the answer.
        """
        if last is None:
            return None
        best = self._largest_open_partner(i, gone, floats)
        if best is None:
            return last[i]  # outside the bracket: he floats
        return best if last[i] == best else None

    @cached_property
    def _bracket_ids(self) -> frozenset[int]:
        return frozenset(self._ids[j] for j in self.bracket)

    def _largest_open_partner(self, i: int, gone: set[int], floats: set[int]) -> int | None:
        """The largest BSN of the bracket whom *i* may meet, neither paired nor floating
        yet (both only grow while the bracket is paired, so the search resumes where it
        stopped)."""
        partners = self._partners.get(i)
        if partners is None:
            mates = opponents_within(self.compatible, self._ids[i], self._bracket_ids)
            partners = [j for j in reversed(self.bracket) if self._ids[j] in mates]
            self._partners[i] = partners
        k = self._next_partner.get(i, 0)
        while k < len(partners) and (partners[k] in gone or partners[k] in floats):
            k += 1
        self._next_partner[i] = k
        return partners[k] if k < len(partners) else None

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
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import compress, pairwise, repeat
from typing import Protocol

from pairing.engine import matching
from pairing.engine.matching import (
    _SharedBlossomDuals,
    _solve_with_duals,
    max_weight_matching,
    negative_pairs,
    outermost_blossoms,
    shared_counts,
    slack_edges,
)
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

# Pairs within the bracket and the next one that each player brings to a solve at first,
# his heaviest, beside those with a bonus of article 4 (see Bracket._certified); and at
# least this many with each kind of player he may meet (Bracket._first_core_pairs).
CORE_PER_PLAYER = 12
CORE_PER_KIND = 4


@dataclass(frozen=True)
class PairClasses:
    """Pairs of positions ``(us[k], vs[k])`` of weight ``table[classes[k]]``: many pairs
    share a weight, which travels once (see :func:`pairing.engine.matching.slack_edges`);
    only those whose *alive* byte is set count (None: all)."""

    us: array
    vs: array
    classes: array
    table: list[int]
    alive: bytearray | None = None


@dataclass(frozen=True)
class TightUnder:
    """Lets in the pairs tight under vertex duals *dual* (doubled) for the weight
    ``twice / 2``: ``dual[u] + dual[v] == twice``."""

    dual: list[int]
    twice: int

    def __call__(self, u: int, v: int) -> bool:
        return self.dual[u] + self.dual[v] == self.twice


@dataclass(frozen=True)
class OptimalFace:
    """What the matchings best for [C4]-[C8] in a bracket are (:meth:`Bracket._optimal_face`):
    the matchings of most pairs over the pairs ``(us[k], vs[k])`` (within the bracket and
    the next one) and the pairs below that *admits_below* lets in, with the largest total
    of the pairs' *held* values (the face's blossoms of positive dual holding both ends);
    None for *admits_below*: every pair below, with the weights of [C5]-[C8]
    (``weights[weight_class[k]]``).

    *alive* marks the pairs still open, *incident* lists each player's pairs (the
    bracket's players: the others' are never closed nor weighted, their lists empty),
    *settled* and *floated* the positions already closed (:meth:`Bracket._close`),
    *joined* the pairs without a bonus that joined a solve."""

    us: array
    vs: array
    weight_class: array
    weights: list[int]
    held: array
    admits_below: Callable[[int, int], bool] | None
    alive: bytearray
    incident: list[list[int]]
    settled: set[int] = field(default_factory=set)
    floated: set[int] = field(default_factory=set)
    joined: set[int] = field(default_factory=set)
    most_held: int = 0  # the largest of *held* (0: none)


def _inside_marked(b: int, parent: list[int], marked: list[bool]) -> bool:
    """Does blossom *b* (-1: none) or one around it carry a mark?"""
    while b != -1:
        if marked[b]:
            return True
        b = parent[b]
    return False


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
    progress: Callable[[int, int], None] | None = None,
) -> list[tuple[int, int]]:
    """Every pair of the round, bracket by bracket from the top score (3.2); *progress*,
    if given, is told (k, n) as bracket k of n starts (no effect on the pairing)."""
    remaining = list(players)
    pairs: list[tuple[int, int]] = []
    scores = sorted({p.score for p in remaining}, reverse=True)
    for k, resident in enumerate(scores):
        if len(remaining) < 2:
            break
        if progress is not None:
            progress(k + 1, len(scores))
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


class Bracket:
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

    @cached_property
    def edges(self) -> dict[tuple[int, int], int]:
        """Every pair of positions that may meet, with its weight for [C5]-[C8]."""
        edges = dict(self.core_edges)
        for i in range(self.n):
            for q in self.neighbours_below(i):
                j = self.position[q]
                edges.setdefault((min(i, j), max(i, j)), 0)
        return dict(sorted(edges.items()))

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

    def _open_edges(self, gone: set[int], floats: set[int]) -> Iterator[tuple[int, int, int]]:
        """The edges still open: neither end settled, and no settled floater in a bracket pair."""
        for (u, v), w in self.edges.items():
            if u in gone or v in gone:
                continue
            if (u in floats and self.in_bracket[v]) or (v in floats and self.in_bracket[u]):
                continue
            yield u, v, w

    def _solve(self, gone: set[int], floats: set[int], bonus_of: int | None) -> list[int]:
        edges = []
        for u, v, w in self._open_edges(gone, floats):
            bonus = 0
            if bonus_of in (u, v):
                bonus = order_bonus(self.bsn[bonus_of], self.bsn.get(v if u == bonus_of else u, 0))
            edges.append((u, v, w * self.radix[-1] + bonus))
        mate = max_weight_matching(self.n, edges, max_cardinality=True)
        if any(mate[v] == -1 for v in range(self.n) if v not in gone):
            raise ValueError("the players still to be paired cannot all be paired (C4)")
        return mate

    def _solve_ahead(
        self, gone: set[int], floats: set[int], chain: Sequence[int], latest: list[int] | None = None
    ) -> list[int]:
        """As :meth:`_solve` with the bonus of *chain*'s BSNs, the first most significant:
        among the matchings best for [C4]-[C8], the one giving chain[0] the largest BSN,
        then chain[1], and so on, as the BSNs' own solves would one after the other.

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
        """The pairs within the bracket and the next one still open (as :meth:`_open_edges`)."""
        in_bracket = self.in_bracket
        for (u, v), w in self.core_edges.items():
            if u in gone or v in gone:
                continue
            if (u in floats and in_bracket[v]) or (v in floats and in_bracket[u]):
                continue
            yield u, v, w

    def _certified(
        self,
        weighted: list[tuple[int, int, int]],
        gone: set[int],
        admits_below: Callable[[int, int], bool] | None,
        optional: PairClasses | None = None,
        chosen: set[int] | None = None,
        guess: set[tuple[int, int]] = frozenset(),
        signed: bool = True,
        latest: list[int] | None = None,
    ) -> tuple[list[int], list[int], list[int], int]:
        """A maximum-weight matching of most pairs over *weighted*, *optional* and every
        pair with a player below the next bracket (weight 0; only those *admits_below*
        lets in, when given); ``(mate, dual, parent, lift)`` (the duals and blossoms as
        :func:`pairing.engine.matching._solve_with_duals` gives them).

        Solved on all of *weighted* but only a few of the pairs below and of *optional*
        (those of *chosen*, which gathers the ones solved, and the pairs of positions of
        *guess*, else each player's heaviest): the solver's duals prove the matching
        optimal for every pair left out, or name the ones that break them, which join and
        the solve runs again. The matching is then optimal over every pair (the article 4
        order asks nothing of it that two optimal matchings could answer differently), in
        a fraction of the time.

        The players below the next bracket serve [C4] alone: with *latest* (an optimal
        matching of an earlier solve, holding every pair fixed since), the pairs it makes
        among them stay out of the solve (:meth:`_set_aside`), each player of them with
        the dual ``lift`` (doubled), which makes his pair tight. Every pair with a player
        set aside is then checked with the others below; when one breaks the duals and
        the second certificate (:meth:`_aside_certified`) does not hold either, every
        pair set aside rejoins the solve, which runs again as it would have without them."""
        # Max cardinality first ([C4]): every weight lifted above any matching's spread.
        # (*signed*: by the largest magnitude; else by the largest weight, as the whole solve was)
        spread = max((abs(w) if signed else w for _, _, w in weighted), default=0)
        if optional is not None:
            spread = max(spread, max(map(abs, optional.table), default=0))
        lift = (self.n // 2 + 1) * 2 * spread + 1
        lifted = [(u, v, w + lift) for u, v, w in weighted]
        chosen = set() if chosen is None else chosen
        table: list[int] = []
        if optional is not None:
            table = [w + lift for w in optional.table]
            if not chosen and not guess:
                chosen.update(self._heaviest(optional))
        kind, kind_weight = self._kind, self._kind_weight
        lifted += [(u, v, kind_weight[kind[u]][kind[v]] + lift) for u, v in sorted(guess)]
        if isinstance(admits_below, TightUnder):  # its test inline: thousands of pairs
            dual_below, twice = admits_below.dual, admits_below.twice
            plain = [
                (u, v)
                for u, v in self._sparse
                if u not in gone and v not in gone and dual_below[u] + dual_below[v] == twice
            ]
        else:
            plain = [
                (u, v)
                for u, v in self._sparse
                if u not in gone and v not in gone and (admits_below is None or admits_below(u, v))
            ]
        present = set(plain)
        aside = self._set_aside(latest, gone, admits_below)
        fell_back = False
        while True:
            edges = list(lifted)
            if optional is not None:
                o = optional
                edges += [(o.us[k], o.vs[k], table[o.classes[k]]) for k in sorted(chosen)]
            solved = [(u, v) for u, v in plain if u not in aside and v not in aside]
            edges += [(u, v, lift) for u, v in solved]
            mate, dual, parent = self._solve_among(gone | aside.keys(), edges)
            for v, partner in aside.items():
                mate[v], dual[v] = partner, lift
            missing = self._slack_below(dual, parent, lift, gone, set(solved), admits_below)
            back = any(v in aside for pair in missing for v in pair)
            # A second certificate, before every pair set aside rejoins the solve.
            if back and self._aside_certified(aside, mate, dual, parent, lift, gone, admits_below):
                missing = {(u, v) for u, v in missing if u not in aside and v not in aside}
                back = False
            if back:  # every pair set aside rejoins the solve (a few bring the rest, by their duals)
                missing = {(u, v) for u, v in missing if u not in aside and v not in aside}
                aside.clear()
            missing -= present
            left_out: list[int] = []
            if optional is not None:  # those solved have no negative slack
                left_out = slack_edges(self.n, o.us, o.vs, o.classes, table, dual, parent, o.alive)
            fell_back |= back
            if not missing and not left_out and not back:
                break
            self._sparse |= missing
            plain += sorted(missing)
            present |= missing
            chosen.update(left_out)
        if fell_back:
            self._near_core = {v for v in self.below if v not in gone and dual[v] != lift}
        if any(mate[v] == -1 for v in range(self.n) if v not in gone):
            raise ValueError("the players still to be paired cannot all be paired (C4)")
        return mate, dual, parent, lift

    def _aside_certified(
        self,
        aside: dict[int, int],
        mate: list[int],
        dual: list[int],
        parent: list[int],
        lift: int,
        gone: set[int],
        admits_below: Callable[[int, int], bool] | None,
    ) -> bool:
        """A second certificate for the pairs set aside, when the first breaks: in the
        large brackets one outermost blossom T holds every player solved but one, w, a
        player below paired with T's base t and of dual under ``lift``, which no pair
        set aside could meet under the first certificate (the players of T under
        ``lift`` reach them only through T's dual). Duals for the whole graph
        (odd sets need not nest, weak duality holds for any family of them):

        - T, whose dual adds D to the slack of a pair inside it (twice its dual, as
          for every blossom here), also holds the pairs set aside (still full: they pair
          among themselves, t pairs outside);
        - a new odd set S of the pairs set aside and w, adding
          ``b = D + 2 (lift - dual[w])`` (positive), full (w pairs outside, with t);
        - each player set aside of dual ``dual[w] - D``, which makes every pair between
          two of them tight (``2 (dual[w] - D) + D + b = 2 lift``) and every pair with w
          too (``dual[w] + dual[w] - D + b = 2 lift``).

        Every other pair keeps its slack, but a pair of a player u of T and a player set
        aside: ``dual[u] + dual[w] - D + D``, at least ``2 lift`` exactly when
        ``dual[u] + dual[w]`` is. So the matching is optimal for the whole graph (duals
        feasible, every pair of it tight, every set of positive dual full) when no player
        of T under ``2 lift - dual[w]`` may meet a player set aside (C4: the pairs below
        weigh ``lift``; only the pairs *admits_below* lets in are in the graph)."""
        top = outermost_blossoms(parent, self.n)
        solved = [v for v in range(self.n) if v not in gone and v not in aside]
        outside = [v for v in solved if top[v] == -1]
        if len(outside) != 1:
            return False
        w = outside[0]
        blossom = top[mate[w]] if mate[w] != -1 else -1
        if blossom == -1 or dual[w] >= lift or any(top[v] != blossom for v in solved if v != w):
            return False
        ids = self._ids
        if isinstance(admits_below, TightUnder):  # the pairs let in: tight under the face's duals
            by_dual: dict[int, set[int]] = {}
            for v in aside:
                by_dual.setdefault(admits_below.dual[v], set()).add(ids[v])
        elif admits_below is not None:
            return False
        aside_ids = frozenset(ids[v] for v in aside)
        for u in solved:
            if u == w or dual[u] + dual[w] >= 2 * lift:
                continue
            # The players set aside whom u may meet: all, or those tight with him under the face.
            reach = aside_ids if admits_below is None else by_dual.get(admits_below.twice - admits_below.dual[u], set())
            if reach and not self.neighbours_below(u).isdisjoint(reach):
                return False
        return True

    def _set_aside(
        self, latest: list[int] | None, gone: set[int], admits_below: Callable[[int, int], bool] | None
    ) -> dict[int, int]:
        """The pairs of *latest* between two players below the next bracket (still open
        and let in), each player with his partner: left out of a solve, they only serve
        [C4], and with the duals ``lift`` they keep every condition of optimality that
        the checks below do not test. (Every pair of *latest* is among the pairs solved
        since, ``_sparse``: when they rejoin, the solve has them.) Those whose duals
        left ``lift`` when every pair rejoined (``_near_core``: their pairs reach the
        bracket's) stay in the solve from then on."""
        aside: dict[int, int] = {}
        if latest is None:
            return aside
        in_core = self.in_bracket, self.in_next
        for v in self.below:
            partner = latest[v]
            if (
                partner > v
                and v not in self._near_core
                and partner not in self._near_core
                and v not in gone
                and partner not in gone
                and not (in_core[0][partner] or in_core[1][partner])
                and (admits_below is None or admits_below(v, partner))
            ):
                aside[v], aside[partner] = partner, v
        return aside

    def _solve_among(self, gone: set[int], edges: list[tuple[int, int, int]]) -> tuple[list[int], list[int], list[int]]:
        """:func:`pairing.engine.matching._solve_with_duals` on the positions not in *gone*
        (none of *edges* meets them), numbered without them (the solver's every step
        visits every vertex), its answer numbered back: vertices by position, blossoms
        from ``n`` up; the positions of *gone* unmatched, of dual 0, in no blossom."""
        n = self.n
        if not gone:
            return _solve_with_duals(n, edges)
        keep = [v for v in range(n) if v not in gone]
        size = len(keep)
        index = [-1] * n
        for c, v in enumerate(keep):
            index[v] = c
        small_mate, small_dual, small_parent = _solve_with_duals(size, [(index[u], index[v], w) for u, v, w in edges])
        back = [*keep, *range(n, n + size)]  # the solver's ids to ours
        mate, dual, parent = [-1] * n, [0] * (2 * n), [-1] * (2 * n)
        for c, v in enumerate(keep):
            mate[v] = -1 if small_mate[c] == -1 else keep[small_mate[c]]
        for c in range(2 * size):
            x = back[c]
            dual[x] = small_dual[c]
            parent[x] = -1 if small_parent[c] == -1 else back[small_parent[c]]
        return mate, dual, parent

    def _heaviest(self, optional: PairClasses) -> set[int]:
        """Each position's CORE_PER_PLAYER heaviest pairs of *optional* still open."""
        incident: list[list[int]] = [[] for _ in range(self.n)]
        alive, us, vs = optional.alive, optional.us, optional.vs
        for k in range(len(us)):
            if alive is None or alive[k]:
                incident[us[k]].append(k)
                incident[vs[k]].append(k)
        table, classes = optional.table, optional.classes
        chosen: set[int] = set()
        for ks in incident:
            ks.sort(key=lambda k: -table[classes[k]])
            chosen.update(ks[:CORE_PER_PLAYER])
        return chosen

    def _optimal_face(self, gone: set[int], floats: set[int]) -> OptimalFace:
        """The pairs a matching best for [C4]-[C8] may use, from one solve on those criteria
        alone (the bracket's first; kept for its later solves).

        Complementary slackness: under an optimal dual solution (vertex duals, and the
        blossoms' ones), a matching of most pairs ([C4]: all) is optimal exactly when it
        uses only tight pairs (the duals of both ends and of the blossoms holding both
        equal twice the weight) and holds as many pairs as it can inside every blossom of
        positive dual. So the weights of [C5]-[C8] may give way, on the tight pairs, to
        the number of such blossoms holding both ends: its largest total makes every such
        blossom full. The pairs and floats fixed later come from an optimal matching, so
        the best matchings then are the best of now that hold them: the same face.

        When a player below the next bracket lies in such a blossom, the face keeps the
        weights of [C5]-[C8] (``admits_below`` None: every pair below is let in)."""
        if self._face is not None:
            return self._face
        core = self._core_pairs
        alive = None
        if gone or floats:
            alive = bytearray(
                not (
                    u in gone
                    or v in gone
                    or (u in floats and self.in_bracket[v])
                    or (v in floats and self.in_bracket[u])
                )
                for u, v in zip(core.us, core.vs, strict=True)
            )
        core = PairClasses(core.us, core.vs, core.classes, core.table, alive)
        guess = {(u, v) for u, v in self._first_core if u not in gone and v not in gone}
        if floats:
            in_bracket = self.in_bracket
            guess = {
                (u, v) for u, v in guess if not ((u in floats and in_bracket[v]) or (v in floats and in_bracket[u]))
            }
        chosen: set[int] = set()
        self._face_matching, dual, parent, lift = self._certified([], gone, None, core, chosen, guess)
        lifted = [w + lift for w in core.table]
        tight = slack_edges(self.n, core.us, core.vs, core.classes, lifted, dual, parent, alive, tight=True)
        us, vs = array("i", map(core.us.__getitem__, tight)), array("i", map(core.vs.__getitem__, tight))
        positive = [x >= self.n and dual[x] > 0 for x in range(2 * self.n)]
        common = shared_counts(self.n, us, vs, parent, positive)  # the blossoms of positive dual holding both
        # The pairs come by their first player, in increasing order (_pairs_within_core, and
        # the tight ones keep it): each player's pairs as the first are one run of them.
        firsts = [bisect_left(us, u) for u in range(self.n + 1)]
        incident: list[list[int]] = [[] for _ in range(self.n)]  # the bracket's players only
        in_bracket = self.in_bracket
        for k in compress(range(len(vs)), map(in_bracket.__getitem__, vs)):
            incident[vs[k]].append(k)  # the pairs of which he is the second, in order
        for u in self.bracket:
            incident[u] += range(firsts[u], firsts[u + 1])  # after those, whose first is lower
        solved = {*guess, *((core.us[k], core.vs[k]) for k in chosen)}
        joined = set(self._face_indices(vs, firsts, solved))
        face_pairs = dict(
            us=us,
            vs=vs,
            weight_class=array("i", map(core.classes.__getitem__, tight)),
            weights=core.table,
            held=common,
            alive=bytearray(b"\x01") * len(us),
            incident=incident,
            joined=joined,
            most_held=max(common, default=0),
        )
        if any(_inside_marked(parent[v], parent, positive) for v in self.below if v not in gone):
            self._face = OptimalFace(admits_below=None, **face_pairs)
        else:  # no blossom of positive dual holds a player below
            self._face = OptimalFace(admits_below=TightUnder(dual[: self.n], 2 * lift), **face_pairs)
        return self._face

    @staticmethod
    def _face_indices(vs: array, firsts: list[int], pairs: set[tuple[int, int]]) -> Iterator[int]:
        """The face indices of those of *pairs* (u < v) in the face (*vs* the face's second
        players, its pairs of first player u from ``firsts[u]`` to ``firsts[u + 1]``): v
        looked for as bytes in u's run, at a whole item."""
        raw, size = vs.tobytes(), vs.itemsize
        for u, v in pairs:
            start, end = size * firsts[u], size * firsts[u + 1]
            pattern = array(vs.typecode, [v]).tobytes()
            at = raw.find(pattern, start, end)
            while at != -1 and (at - start) % size:
                at = raw.find(pattern, at + 1, end)
            if at != -1:
                yield at // size

    def _slack_below(
        self,
        dual: list[int],
        parent: list[int],
        lift: int,
        gone: set[int],
        present: set[tuple[int, int]],
        admits: Callable[[int, int], bool] | None = None,
    ) -> set[tuple[int, int]]:
        """:meth:`_slack_below_python` by the compiled solver's ``negative_pairs`` when it
        is built and the compatibility says whom each player may never meet by name and
        by colour (``barred``), as :class:`pairing.engine.burstein.corrected.Compatibility` does."""
        barred = self._barred_positions()
        if matching.compiled is None or barred is None or not (admits is None or isinstance(admits, TightUnder)):
            return self._slack_below_python(dual, parent, lift, gone, present, admits)
        below = sorted((v for v in self.below if v not in gone), key=dual.__getitem__)
        if not below:
            return set()
        firsts = sorted((u for u in range(self.n) if u not in gone), key=dual.__getitem__)
        group, start, barred_list = barred
        found = negative_pairs(self.n, firsts, below, 2 * lift, dual, parent, group, start, barred_list, admits)
        missing = {(u, v) if u < v else (v, u) for u, v in found}
        return missing - present

    def _barred_positions(self) -> tuple[array, array, array] | None:
        """For the compiled check: each position's group of absolute colour preference
        (0: none; [C3]: never two of one group) and, as one list with each position's
        start in it, the positions he may never meet by name ([C1], the arbiter's)."""
        if self._barred is None:
            barred = getattr(self.compatible, "barred", None)
            if barred is None:
                return None
            group, start, names = array("i"), array("i", [0]), array("i")
            position = self.position
            colours = {None: 0, Colour.WHITE: 1, Colour.BLACK: 2}
            for pid in self._ids:
                blocked, colour = barred(pid)
                group.append(colours[colour])
                names.extend(sorted(position[q] for q in blocked if q in position))
                start.append(len(names))
            self._barred = (group, start, names)
        return self._barred

    def _slack_below_python(
        self,
        dual: list[int],
        parent: list[int],
        lift: int,
        gone: set[int],
        present: set[tuple[int, int]],
        admits: Callable[[int, int], bool] | None = None,
    ) -> set[tuple[int, int]]:
        """The pairs with a player below the next bracket, left out of the solve, whose
        slack under its duals is negative (vertex duals, doubled, plus those of the
        blossoms holding both ends, less twice the weight *lift*). None: the duals are
        feasible for the whole graph and the matching is optimal for it (complementary
        slackness holds on the pairs solved). Only pairs whose two vertex duals fall
        short are looked at, from the smallest duals up."""
        below = sorted((v for v in self.below if v not in gone), key=dual.__getitem__)
        if not below:
            return set()
        twice = 2 * lift
        lowest = dual[below[0]]
        shared = _SharedBlossomDuals(dual, parent)
        top = outermost_blossoms(parent, self.n)
        missing: set[tuple[int, int]] = set()
        for u in sorted((u for u in range(self.n) if u not in gone), key=dual.__getitem__):
            limit = twice - dual[u]
            if lowest >= limit:
                break  # the duals only grow from here
            mates: frozenset[int] | None = None
            for v in below:
                if dual[v] >= limit:
                    break
                if mates is None:
                    mates = self.neighbours_below(u)
                if self._ids[v] not in mates:
                    continue
                # Negative at the vertices; the blossoms holding both (only within one
                # outermost blossom) may make up for it.
                if top[u] != -1 and top[u] == top[v] and shared.covers(u, v, dual[u] + dual[v] - twice):
                    continue
                key = (u, v) if u < v else (v, u)
                if key in present or key in missing or (admits is not None and not admits(*key)):
                    continue
                missing.add(key)
        return missing

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

    def value(self, pairs: Sequence[tuple[int, int]]) -> int | None:
        """How well the bracket pairing *pairs* meets [C4]-[C8] (larger is better; None when
        it breaks an absolute criterion or leaves the rest unpairable)."""
        total = 0
        gone: set[int] = set()
        for a, b in pairs:
            i, j = sorted((self.position[a], self.position[b]))
            if (i, j) not in self.edges:
                return None
            total += self.edges[(i, j)]
            gone |= {i, j}
        floats = set(self.bracket) - gone
        try:
            mate = self._solve(gone, floats, None)
        except ValueError:
            return None
        rest = sum(self.edges[(u, v)] for u, v in enumerate(mate) if u < v and u not in gone)
        return total + rest

    def criteria(self, value: int) -> tuple[int, ...]:
        """A :meth:`value` split into its criteria: C5, C6, C7 pairs, C7 scores, C8."""
        out = []
        for r in reversed(self.radix[:-1]):
            value, digit = divmod(value, r)
            out.append(digit)
        return (value, *reversed(out))

    def order(self, pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
        """Article 4.3: the BSN each BSN meets, 0 for a float; the larger, the earlier."""
        partner: dict[int, int] = {}
        for a, b in pairs:
            i, j = self.position[a], self.position[b]
            partner[i], partner[j] = self.bsn[j], self.bsn[i]
        return tuple(partner.get(i, 0) for i in self.bracket)

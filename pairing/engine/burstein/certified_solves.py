"""Burstein 2026, articles 2 to 4: the solves of a bracket on a few of its pairs, each
certified optimal for every pair by the solver's duals, and the face of the matchings
best for [C4]-[C8] that the article 4 order then chooses among.

A bracket's graph holds every player still to be paired, thousands below the next bracket
in a large event, whose pairs only serve [C4]. Solving on all of them would repeat the
same answer at a far greater cost: complementary slackness (a matching is optimal when
the duals are feasible on every pair, every pair of it is tight and every blossom of
positive dual is full) lets a solve on a few pairs prove itself for all of them, or name
the pairs that break the duals, which join and the solve runs again.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import compress

from pairing.engine import matching
from pairing.engine.matching import (
    _SharedBlossomDuals,
    _solve_with_duals,
    negative_pairs,
    outermost_blossoms,
    shared_counts,
    slack_edges,
)
from pairing.engine.state import Colour

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


class CertifiedSolves:
    """The certified solves of :class:`pairing.engine.burstein.brackets.Bracket`, which
    holds the bracket they read: its positions (``n``, ``_ids``, ``position``, ``bracket``,
    ``below``, ``in_bracket``), the kinds of player and their weights (``_kind``,
    ``_kind_weight``), its pairs (``_core_pairs``, ``_first_core``, ``_sparse``) and
    ``compatible``; the face and what the solves learn (``_face``, ``_face_matching``,
    ``_near_core``, ``_barred``) are kept there too."""

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

"""C.04.4.2 rules 6.1, 6.2, 6.4 and 6.5: the combinations of a score group, in order.

Rule 6.1 pairs the highest player with the lowest one he may meet, the second with
the second lowest, and so on. The printed lists of 6.2 (six players) and 6.4 (five
players, "F" the floater) are one recursive order: the highest player still unpaired
takes as partner the lowest player first, then the next lowest ... up to the one just
below him, and, in a group with an odd number of players, last of all "F" (he is the
floater and the others are paired among themselves). :func:`combinations` generates it.

Rule 6.5 then asks for the combination that gives the maximum number of players their
due colour; among those, the first in the order. :func:`first_best` finds it without
listing every combination: a depth-first walk in the order, cut wherever even the best
colour outcome of the players left cannot reach the target.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from pairing.engine.matching import augment_from, max_weight_matching, maximum_matching
from pairing.engine.state import Colour

FLOATER = 0  # the "F" of rule 6.4
_FLOAT_VERTEX = object()  # "F" as a vertex of the completion checks
_GONE = object()  # no mate: the player is no longer in the set


def combinations(n: int) -> Iterator[tuple[tuple[tuple[int, int], ...], int | None]]:
    """Every combination of players 1..n in 6.2/6.4 priority order: (pairs, floater)."""

    # Depth-first with an explicit stack of child iterators (no recursion: a group may
    # hold thousands of players): a node's children are its pairs, the partner from the
    # lowest up, then "F".
    Node = tuple[tuple[int, ...], tuple[tuple[int, int], ...], int | None]

    def children(remaining: tuple[int, ...], pairs: tuple[tuple[int, int], ...], floater: int | None) -> Iterator[Node]:
        top, rest = remaining[0], remaining[1:]
        for partner in reversed(rest):
            yield tuple(p for p in rest if p != partner), (*pairs, (top, partner)), floater
        if len(remaining) % 2 and floater is None:
            yield rest, pairs, top

    stack: list[Iterator[Node]] = [iter([(tuple(range(1, n + 1)), (), None)])]
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
        elif not node[0]:
            yield node[1], node[2]
        else:
            stack.append(children(*node))


def printed(pairs: Sequence[tuple[int, int]], floater: int | None) -> str:
    """A combination as the handbook prints it: "1*5 3*4 2*F"."""
    words = [f"{a}*{b}" for a, b in pairs]
    if floater is not None:
        words.append(f"{floater}*F")
    return " ".join(words)


@dataclass(frozen=True)
class Combination:
    pairs: tuple[tuple[int, int], ...]  # (higher, lower) in the group's 3.2 order
    floater: int | None
    due_colours: int  # players who can be given their due colour (6.5)


class SearchBudgetExceeded(Exception):
    pass


@dataclass
class _Frame:
    """One level of :meth:`GroupSearch._first_reaching`'s walk: the players left, the due
    colours counted without the top one, the next partner index to try."""

    remaining: list[int]
    value: int
    floater: int | None
    w: int
    b: int
    z: int
    next_k: int
    paired: bool = False  # a pair of this frame's top is on the walk's pair list
    fixed: tuple[tuple[int, int | None], ...] = ()  # the group's fixed pairs among *remaining*
    floated: bool = False  # "F" has been tried
    # How to give back the pairing of the frame above when this one is left: the
    # changes made to it (key, old mate), or the whole pairing it replaced.
    undo: list[tuple[object, object]] | dict[object, object] | None = None


class GroupSearch:
    """The first combination, in 6.2/6.4 order, among those that best satisfy 6.5.

    *order* is the group in 3.2 order; *may_float* says who may be the floater (6.3:
    not a floater from another group; 6.6: one who can be paired below). A walk in the
    order, cut where the due colours still reachable fall short of the target (6.5) or
    where the players left cannot all be paired, finds it; the target is the most due
    colours any complete combination gives. Should the walk run long, the combination
    is fixed pair by pair, each step checked by weighted matching (same answer).
    """

    def __init__(
        self,
        order: Sequence[int],
        compatible: Callable[[int, int], bool],
        due: dict[int, Colour | None],
        may_float: Callable[[int], bool],
        budget: int = 20_000,
        opponents_within: Callable[[int, frozenset[int]], frozenset[int]] | None = None,
        forced: dict[int, Colour | None] | None = None,
    ) -> None:
        self.order = list(order)
        self.compatible = compatible
        # Those of a set whom a player may meet (the same test as *compatible*, on whole
        # sets at once); without it, *compatible* one by one.
        self.opponents_within = opponents_within
        # The colour 5.2/5.3 force on each player (None: free, or not told): players
        # forced to one colour never meet each other.
        self.forced = forced or {}
        self.due = due
        self.may_float = may_float
        self.budget = budget
        self._float_ok: dict[int, bool] = {}
        self._fixed: tuple[tuple[int, int | None], ...] = ()  # see _fixed_pairs

    def can_float(self, pid: int) -> bool:
        if pid not in self._float_ok:
            self._float_ok[pid] = self.may_float(pid)
        return self._float_ok[pid]

    def pair_value(self, a: int, b: int) -> int:
        da, db = self.due[a], self.due[b]
        return 1 if da is not None and da is db else 2

    @staticmethod
    def bound(whites: int, blacks: int, free: int, size: int) -> int:
        """Most players of a set that can get their due colour (6.5), ignoring rematches."""
        floater = size % 2
        pairs = (size - floater) // 2
        excess = abs(whites - blacks) - free
        if excess <= 0:
            return 2 * pairs
        return 2 * pairs - (excess - floater) // 2

    def fixed_bound(
        self, fixed: Sequence[tuple[int, int | None]], whites: int, blacks: int, free: int, size: int
    ) -> int:
        """:meth:`bound` for a set holding the pairs *fixed* (every complete combination
        of it has them; (x, None): x is its floater): their own due colours, and the
        bound of the others. Never above :meth:`bound`: the same maximum over fewer
        combinations."""
        loose = self.bound(whites, blacks, free, size)
        if not fixed:
            return loose
        due, value = self.due, 0
        for x, y in fixed:
            if y is None:
                members: tuple[int, ...] = (x,)
            else:
                members = (x, y)
                value += self.pair_value(x, y)
            for p in members:
                d = due[p]
                whites -= d is Colour.WHITE
                blacks -= d is Colour.BLACK
                free -= d is None
            size -= len(members)
        return min(loose, value + self.bound(whites, blacks, free, size))

    def _fixed_pairs(self) -> tuple[tuple[int, int | None], ...]:
        """What every complete combination of the group holds: a player who may meet one
        player of the group only, and may not float (6.3, 6.6), meets him; in a group
        with an odd number of players, the only one who may float is the floater
        (x, None). Kept only when no two share a player (else there is no complete
        combination, and the walk finds that out by itself)."""
        order, compatible = self.order, self.compatible
        odd = len(order) % 2 == 1
        pairs: list[tuple[int, int | None]] = []
        for x in order:
            only = None
            for y in order:
                if y != x and compatible(x, y):
                    if only is not None:
                        break
                    only = y
            else:
                if only is not None and not (odd and self.can_float(x)):
                    pairs.append((x, only))
        if odd:
            # Two who may float settle it; the lowest first, as 6.4 offers them first
            # (the walk asks about them anyway, and the answers are kept).
            floating = []
            for x in reversed(order):
                if self.can_float(x):
                    floating.append(x)
                    if len(floating) == 2:
                        break
            if len(floating) == 1:
                pairs.append((floating[0], None))
        taken: set[int] = set()
        fixed: list[tuple[int, int | None]] = []
        for x, y in pairs:
            if y is not None and (y, x) in fixed:
                continue
            members = {x} if y is None else {x, y}
            if members & taken:
                return ()
            taken |= members
            fixed.append((x, y))
        return tuple(fixed)

    def _counts(self, players: Sequence[int]) -> tuple[int, int, int]:
        w = sum(1 for p in players if self.due[p] is Colour.WHITE)
        b = sum(1 for p in players if self.due[p] is Colour.BLACK)
        return w, b, len(players) - w - b

    def best(self) -> Combination | None:
        self._root = self._pairing_of(self.order)
        if self._root is None:
            return None
        self._fixed = self._fixed_pairs()
        w, b, z = self._counts(self.order)
        target = self.fixed_bound(self._fixed, w, b, z, len(self.order))
        try:
            found = self._first_reaching(target)
        except SearchBudgetExceeded:
            found = None
        if found is not None:
            return found
        exact = self._maximum(self.order)
        if exact is None:
            return None
        try:
            found = self._first_reaching(exact)
        except SearchBudgetExceeded:
            found = None
        return found if found is not None else self._fix_pair_by_pair(exact)

    # ---------------------------------------------------------------- feasibility
    # The walk may only enter a set of players that can all be paired, one of them
    # floating if they are odd (6.5 counts complete combinations only; 6.6). Each set
    # is decided with a pairing of it in hand: "F" is one more vertex, joined to those
    # who may float, and a complete combination is a perfect matching.
    def _joined(self, u: object, v: object) -> bool:
        if u is _FLOAT_VERTEX:
            return self.can_float(v)  # type: ignore[arg-type]
        if v is _FLOAT_VERTEX:
            return self.can_float(u)  # type: ignore[arg-type]
        return self.compatible(u, v)  # type: ignore[arg-type]

    def _pairing_of(self, players: Sequence[int]) -> dict[object, object] | None:
        """A complete combination of *players* as mates ("F" a vertex when they are odd),
        or None when there is none."""
        n = len(players)
        if n == 0:
            return {}
        # The cheap certificate first: a greedy pass in order, the lowest who may float
        # as "F" (a True proves a pairing; a failure proves nothing).
        if n % 2 == 0:
            found = _greedy_mates(players, self.compatible)
            if found is not None:
                return found
        else:
            tried = 0
            for k in range(n - 1, -1, -1):
                if self.can_float(players[k]):
                    found = _greedy_mates(players[:k] + players[k + 1 :], self.compatible)
                    if found is not None:
                        found[players[k]], found[_FLOAT_VERTEX] = _FLOAT_VERTEX, players[k]
                        return found
                    tried += 1
                    if tried == 3:
                        break
        vertices: list[object] = [*players, _FLOAT_VERTEX] if n % 2 else list(players)
        size = len(vertices)
        neighbours: list[list[int]] = [[] for _ in range(size)]
        for i in range(n):
            for j in range(i + 1, n):
                if self.compatible(players[i], players[j]):
                    neighbours[i].append(j)
                    neighbours[j].append(i)
            if n % 2 and self.can_float(players[i]):
                neighbours[i].append(n)
                neighbours[n].append(i)
        mate = _perfect_matching(size, neighbours)
        if mate is None:
            return None
        return {vertices[i]: vertices[mate[i]] for i in range(size)}

    def _drop(self, mate: dict[object, object], u: object, v: object, log: list[tuple[object, object]]) -> bool:
        """Take *u* and *v* out of the complete pairing *mate* and mend it on the spot:
        their two partners meet, or each meets one of another pair. True when mended
        (the changes are appended to *log*); False proves nothing, *mate* is unchanged."""
        a, b = mate[u], mate[v]
        if a is v or a == v:
            changes: list[tuple[object, object]] = [(u, _GONE), (v, _GONE)]
        elif self._joined(a, b):
            changes = [(u, _GONE), (v, _GONE), (a, b), (b, a)]
        else:
            taken = (u, v, a, b)
            for x, y in mate.items():
                if x in taken or y in taken:
                    continue
                if self._joined(a, x) and self._joined(b, y):
                    changes = [(u, _GONE), (v, _GONE), (a, x), (x, a), (b, y), (y, b)]
                    break
            else:
                return False
        for key, value in changes:
            log.append((key, mate.get(key, _GONE)))
            if value is _GONE:
                del mate[key]
            else:
                mate[key] = value
        return True

    def _augmented(
        self, mate: dict[object, object], u: object, v: object, left: list[int]
    ) -> dict[object, object] | None:
        """A complete pairing of *left* (with "F" when odd), the set *mate* pairs less *u*
        and *v*, or None when there is none. Without *u* and *v*, *mate* leaves only their
        two partners unpaired, so (Berge) a complete pairing exists exactly when one
        augmenting path joins them: one search from either of them decides."""
        if self._too_many_forced_alike(left):
            return None
        a, b = mate[u], mate[v]
        vertices: list[object] = [*left, _FLOAT_VERTEX] if len(left) % 2 else list(left)
        index = {x: i for i, x in enumerate(vertices)}
        mates = [index[mate[x]] if x not in (a, b) else -1 for x in vertices]
        inside = frozenset(left)
        float_vertex = len(left) if len(left) % 2 else -1

        def around(i: int) -> list[int]:
            if i == float_vertex:
                return [k for k, p in enumerate(left) if self.can_float(p)]
            pid = left[i]
            if self.opponents_within is None:
                found = [k for k, p in enumerate(left) if self.compatible(pid, p)]
            else:
                found = [index[p] for p in self.opponents_within(pid, inside)]
            if float_vertex != -1 and self.can_float(pid):
                found.append(float_vertex)
            return found

        # Either end will do; the one with fewer opponents may keep the search small (the
        # mend failed because one of them has few: no path of three edges joins them).
        root = index[a] if len(around(index[a])) <= len(around(index[b])) else index[b]
        if not augment_from(root, around, mates):
            return None
        return {x: vertices[mates[i]] for i, x in enumerate(vertices)}

    def _too_many_forced_alike(self, players: Sequence[int]) -> bool:
        """More than half of *players* forced to one colour (5.2/5.3)? Those never meet
        each other, so each needs a partner of his own among the rest ("F" counting as
        one when they are odd): then no complete combination exists. A count answers
        what would otherwise be a search over every player left."""
        if not self.forced:
            return False
        forced = self.forced
        whites = sum(1 for p in players if forced.get(p) is Colour.WHITE)
        blacks = sum(1 for p in players if forced.get(p) is Colour.BLACK)
        return 2 * max(whites, blacks) > len(players) + len(players) % 2

    def _maximum(self, players: Sequence[int]) -> int | None:
        """Most due colours over every complete combination of *players*, or None."""
        n = len(players)
        if n == 0:
            return 0
        dummy = n
        edges = []
        for i in range(n):
            for j in range(i + 1, n):
                a, b = players[i], players[j]
                if self.compatible(a, b):
                    edges.append((i, j, 1 + self.pair_value(a, b)))
            if n % 2 and self.can_float(players[i]):
                edges.append((i, dummy, 1))
        mate = max_weight_matching(n + n % 2, edges, max_cardinality=True)
        if any(m == -1 for m in mate):
            return None
        return sum(self.pair_value(players[i], players[mate[i]]) for i in range(n) if mate[i] > i and mate[i] != dummy)

    # ---------------------------------------------------------------- the walk
    def _first_reaching(self, target: int) -> Combination | None:
        """The first combination in 6.2/6.4 order whose due colours reach *target*.

        A depth-first walk kept on an explicit stack of frames (a group of 2,000 players
        is 1,000 levels deep): each frame is one player left at the top, the partners it
        still has to try (lowest first), then "F"."""
        due = self.due
        nodes = 0
        pairs: list[tuple[int, int]] = []
        stack: list[_Frame] = []

        def enter(
            remaining: list[int], w: int, b: int, z: int, value: int, floater: int | None, fixed: tuple
        ) -> Combination | None:
            nonlocal nodes
            nodes += 1
            if nodes > self.budget:
                raise SearchBudgetExceeded
            if not remaining:
                return Combination(tuple(pairs), floater, value)
            dt = due[remaining[0]]
            w1 = w - (dt is Colour.WHITE)
            b1 = b - (dt is Colour.BLACK)
            z1 = z - (dt is None)
            stack.append(_Frame(remaining, value, floater, w1, b1, z1, len(remaining) - 2, fixed=fixed))
            return None

        mate = dict(self._root)  # a complete pairing of the top frame's players

        def leave(frame: _Frame) -> None:
            nonlocal mate
            if isinstance(frame.undo, dict):
                mate = frame.undo
            elif frame.undo:
                for key, value in reversed(frame.undo):
                    if value is _GONE:
                        del mate[key]
                    else:
                        mate[key] = value

        def narrowed(
            u: object, v: object, left: list[int]
        ) -> list[tuple[object, object]] | dict[object, object] | None:
            """Can *left*, the players of the top frame less *u* and *v*, all be paired?
            If so, *mate* becomes a pairing of them and the way back is returned."""
            nonlocal mate
            log: list[tuple[object, object]] = []
            if self._drop(mate, u, v, log):
                return log
            fresh = self._augmented(mate, u, v, left)
            if fresh is None:
                return None
            previous, mate = mate, fresh
            return previous

        w, b, z = self._counts(self.order)
        found = enter(self.order, w, b, z, 0, None, self._fixed)
        undo: list[tuple[object, object]] | dict[object, object] | None = None
        while found is None and stack:
            f = stack[-1]
            remaining = f.remaining
            top, rest = remaining[0], remaining[1:]
            dt = due[top]
            child: tuple[list[int], int, int, int, int, int | None, tuple] | None = None
            while f.next_k >= 0:
                k = f.next_k
                f.next_k -= 1
                partner = rest[k]
                if not self.compatible(top, partner):
                    continue
                dp = due[partner]
                w2 = f.w - (dp is Colour.WHITE)
                b2 = f.b - (dp is Colour.BLACK)
                z2 = f.z - (dp is None)
                gained = 1 if dt is not None and dt is dp else 2
                fixed = f.fixed
                if fixed:
                    # A fixed pair broken leaves its player with no one to meet (the
                    # fixed floater paired, no one to float).
                    if any((top in fp or partner in fp) and not (top in fp and partner in fp) for fp in fixed):
                        continue
                    fixed = tuple(fp for fp in fixed if top not in fp)
                if f.value + gained + self.fixed_bound(fixed, w2, b2, z2, len(rest) - 1) < target:
                    continue
                left = rest[:k] + rest[k + 1 :]
                undo = narrowed(top, partner, left)
                if undo is None:
                    continue
                pairs.append((top, partner))
                f.paired = True
                child = (left, w2, b2, z2, f.value + gained, f.floater, fixed)
                break
            if child is None and not f.floated:
                f.floated = True
                fixed = tuple(fp for fp in f.fixed if top not in fp)
                if (
                    len(remaining) % 2
                    and self.can_float(top)
                    # his fixed partner would be left with no one to meet
                    and not any(top in fp and fp[1] is not None for fp in f.fixed)
                    and f.value + self.fixed_bound(fixed, f.w, f.b, f.z, len(rest)) >= target
                ):
                    undo = narrowed(top, _FLOAT_VERTEX, rest)
                    if undo is not None:
                        child = (rest, f.w, f.b, f.z, f.value, top, fixed)
            if child is None:  # this frame is exhausted: back to the one above
                leave(stack.pop())
                if stack and stack[-1].paired:
                    pairs.pop()
                    stack[-1].paired = False
                continue
            found = enter(*child)
            if found is None:
                stack[-1].undo = undo
        return found

    def _fix_pair_by_pair(self, target: int) -> Combination | None:
        """The same answer as the walk, each step decided by an exact matching."""
        remaining, pairs, value, floater = list(self.order), [], 0, None
        while remaining:
            top, rest = remaining[0], remaining[1:]
            choices = [(p, self.pair_value(top, p)) for p in reversed(rest) if self.compatible(top, p)]
            if len(remaining) % 2 and self.can_float(top):
                choices.append((None, 0))
            for partner, gained in choices:
                left = [p for p in rest if p != partner]
                best_left = self._maximum(left)
                if best_left is not None and value + gained + best_left >= target:
                    if partner is None:
                        floater = top
                    else:
                        pairs.append((top, partner))
                    value += gained
                    remaining = left
                    break
            else:
                return None
        return Combination(tuple(pairs), floater, value)


def _greedy_mates(players: Sequence[int], compatible: Callable[[int, int], bool]) -> dict[object, object] | None:
    """:func:`greedy_in_order`'s pass, keeping its pairs: each player meets the next free
    one he may meet, a few places ahead at most; None when it gets stuck."""
    free = list(players)
    mate: dict[object, object] = {}
    while free:
        first = free[0]
        for k in range(1, min(len(free), 9)):
            if compatible(first, free[k]):
                mate[first], mate[free[k]] = free[k], first
                del free[k]
                del free[0]
                break
        else:
            return None
    return mate


def _perfect_matching(size: int, neighbours: list[list[int]]) -> list[int] | None:
    """A perfect matching of the graph (``mate[v]``), or None."""
    mate = maximum_matching(size, neighbours)
    return mate if all(m != -1 for m in mate) else None

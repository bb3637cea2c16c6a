"""Matching tools the Dubov engine decides with: exact, and cheap in the usual case.

- :class:`Matcher`: maximum-cardinality matching on a general graph given as bitsets
  (Edmonds' blossoms), started from a greedy matching and repaired by one
  augmenting-path search per exposed vertex. "Can these players all be paired?"
  (C.4, B.0.b) is one call; "...and without this one?" reuses the matching.
- :func:`lex_first_assignment`: the first transposition in D.3 order, i.e. the
  lexicographically smallest perfect assignment of a bipartite graph, fixing one
  position at a time and repairing the assignment along an alternating path.
- :func:`best_matching`: a maximum-weight matching for the rare brackets whose
  criteria the cheap tests cannot settle (exact integer weights).
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.dubov.field import bits
from pairing.engine.matching import max_weight_matching


class Matcher:
    """A maximum matching of the vertices in *active* (bits) under the bitset graph *adj*."""

    def __init__(
        self, adj: Sequence[int], active: int, mate: list[int] | None = None, stop_at_first_failure: bool = True
    ) -> None:
        self.adj = adj
        self.active = active
        if mate is None:
            mate = [-1] * len(adj)
            self.mate = mate
            self._greedy()
        else:
            self.mate = mate
        self.free = 0  # the active vertices left exposed
        for v in bits(active):
            if mate[v] == -1:
                self.free |= 1 << v
        exposed = list(bits(self.free))
        left = len(exposed)
        for v in exposed:
            if left < 2:
                break  # an augmenting path joins two exposed vertices
            if not self.free >> v & 1:
                continue
            if self.augment(v):
                left -= 2
            else:
                left -= 1
                if stop_at_first_failure:
                    break
        self.complete = not self.free  # every active vertex matched

    @property
    def size(self) -> int:
        """Pairs in the matching."""
        return ((self.active & ~self.free).bit_count()) // 2

    def _greedy(self) -> None:
        adj, mate, active = self.adj, self.mate, self.active
        free = active
        for v in sorted(bits(active), key=lambda v: (adj[v] & active).bit_count()):
            if not free >> v & 1:
                continue
            candidates = adj[v] & free
            if candidates:
                u = (candidates & -candidates).bit_length() - 1
                mate[v], mate[u] = u, v
                free &= ~((1 << v) | (1 << u))

    def perfect_without(self, removed: int) -> bool:
        """Can every active vertex outside the bitset *removed* be matched among themselves?

        Starts from this matching: only the partners of removed vertices (and vertices
        already exposed) need an augmenting path, so the usual answer costs little.
        """
        active = self.active & ~removed
        if active.bit_count() % 2:
            return False
        mate = list(self.mate)
        for r in bits(removed & self.active):
            m = mate[r]
            if m != -1:
                mate[m] = -1
                mate[r] = -1
        return Matcher(self.adj, active, mate).complete

    def augment(self, root: int) -> bool:
        """Edmonds' search for an augmenting path from the exposed vertex *root*; when
        one is found the matching is flipped along it."""
        end = augmenting_path(root, self.adj, self.active, self.mate, self.free & ~(1 << root))
        if end < 0:
            return False
        self.free &= ~((1 << root) | (1 << end))
        return True


def augmenting_path(root: int, adj: Sequence[int], active: int, mate: list[int], targets: int) -> int:
    """Edmonds' blossom search on bitsets from the exposed vertex *root* to any vertex of
    *targets* (the other exposed vertices). Flips *mate* along the path found and returns
    its other end, or returns -1 with *mate* unchanged.

    Each outer vertex is scanned with a few bitset operations: an exposed neighbour ends
    the search at once, unlabelled neighbours become inner (their partners outer), and
    only edges to outer vertices of another blossom are looked at one by one, each of
    them shrinking a blossom. Blossoms are merged as sets (union-find, with their
    members as a bitset), so a search costs about one pass over the vertices it reaches,
    not over their edges.
    """
    n = len(adj)
    parent = [-1] * n  # for an inner vertex, the outer vertex it was reached from
    link = list(range(n))  # union-find over the blossoms
    base_of: dict[int, int] = {}  # a shrunk blossom's representative -> its base vertex
    members: dict[int, int] = {}  # a shrunk blossom's representative -> its vertices
    outer = 1 << root
    inner = 0
    queue = [root]

    def find(v: int) -> int:
        top = v
        while link[top] != top:
            top = link[top]
        while link[v] != top:
            link[v], v = top, link[v]
        return top

    def base(v: int) -> int:
        top = find(v)
        return base_of.get(top, top)

    def common_base(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base(a)
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base(b)
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, stop: int, child: int, shrunk: set[int]) -> None:
        while base(v) != stop:
            shrunk.add(find(v))
            shrunk.add(find(mate[v]))
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        around = adj[v] & active
        reached = around & targets
        if reached:
            to = (reached & -reached).bit_length() - 1
            parent[to] = v
            end = to
            while to != -1:  # flip the path root ... v - to
                previous = parent[to]
                following = mate[previous]
                mate[to], mate[previous] = previous, to
                to = following
            return end
        fresh = around & ~outer & ~inner
        inner |= fresh
        for to in bits(fresh):  # matched, since no exposed vertex is adjacent
            parent[to] = v
            m = mate[to]
            outer |= 1 << m
            queue.append(m)
        while True:
            top = find(v)
            cross = around & outer & ~members.get(top, 1 << top)
            if not cross:
                break
            to = (cross & -cross).bit_length() - 1
            stop = common_base(v, to)
            shrunk = {find(stop)}
            mark_path(v, stop, to, shrunk)
            mark_path(to, stop, v, shrunk)
            merged = 0
            for r in shrunk:
                merged |= members.pop(r, 1 << r)
                base_of.pop(r, None)
            top = min(shrunk)
            for r in shrunk:
                link[r] = top
            members[top] = merged
            base_of[top] = stop
            added = merged & ~outer
            outer |= added
            queue.extend(bits(added))
    return -1


def perfect(adj: Sequence[int], active: int) -> bool:
    return active.bit_count() % 2 == 0 and Matcher(adj, active).complete


def lex_first_assignment(rows: int, options: Sequence[Sequence[int]]) -> list[int] | None:
    """The lexicographically first assignment of a column to every row.

    ``options[r]`` lists the columns row *r* may take, in the order they are to be
    preferred. Returns ``col[r]`` for every row, or None when no assignment covers
    every row.
    """
    owner: dict[int, int] = {}
    col = [-1] * rows

    def augment(r: int, seen: set[int], movable_from: int) -> bool:
        # Kuhn's search, without recursion: rows below *movable_from* are fixed.
        stack = [(r, iter(options[r]))]
        path: list[tuple[int, int]] = []  # the (row, column) edges leading down the stack
        while stack:
            row, choices = stack[-1]
            for c in choices:
                if c in seen:
                    continue
                seen.add(c)
                o = owner.get(c)
                if o is None:
                    path.append((row, c))
                    for rr, cc in path:
                        owner[cc] = rr
                        col[rr] = cc
                    return True
                if o >= movable_from:
                    path.append((row, c))
                    stack.append((o, iter(options[o])))
                    break
            else:
                stack.pop()
                if path:
                    path.pop()
        return False

    for r in range(rows):  # greedy start: the first free column in each row's order
        for c in options[r]:
            if c not in owner:
                owner[c] = r
                col[r] = c
                break
    for r in range(rows):
        if col[r] == -1 and not augment(r, set(), 0):
            return None
    for r in range(rows):  # fix row r to its first column that keeps the rest assignable
        for c in options[r]:
            if col[r] == c:
                break
            o = owner.get(c)
            if o is not None and o < r:
                continue
            saved_col, saved_owner = list(col), dict(owner)
            del owner[col[r]]
            owner[c] = r
            col[r] = c
            if o is None:
                break
            col[o] = -1
            if augment(o, {c}, r + 1):
                break
            col[:] = saved_col
            owner.clear()
            owner.update(saved_owner)
    return col


def best_matching(n: int, weights: dict[tuple[int, int], int], max_cardinality: bool = True) -> list[int]:
    """Maximum-weight matching (among the maximum-cardinality ones unless told otherwise)
    of the graph on vertices 0..n-1 whose edges are the keys of *weights*.

    The solver only sees the vertices that have an edge, renumbered, so that a bracket of
    a large field costs what the bracket costs.
    """
    used = sorted({v for edge in weights for v in edge})
    local = {v: k for k, v in enumerate(used)}
    inner = max_weight_matching(
        len(used), ((local[u], local[v], w) for (u, v), w in weights.items()), max_cardinality=max_cardinality
    )
    mate = [-1] * n
    for k, m in enumerate(inner):
        if m != -1:
            mate[used[k]] = used[m]
    return mate

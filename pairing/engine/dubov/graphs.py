"""Matching tools the Dubov engine decides with: exact, and cheap in the usual case.

- :class:`Matcher`: maximum-cardinality matching on a general graph (Edmonds' blossoms),
  started from a greedy matching and repaired by one augmenting-path search per exposed
  vertex. "Can these players all be paired?" (C.4, B.0.b) is one call.
- :func:`lex_first_assignment`: the first transposition in D.3 order, i.e. the
  lexicographically smallest perfect assignment of a bipartite graph, by fixing one
  position at a time and repairing the matching along an alternating path.
- :func:`best_matching`: a maximum-weight maximum-cardinality matching for the rare
  brackets whose criteria cannot be settled by the cheap tests (exact integer weights).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.matching import max_weight_matching

Adjacency = Sequence[Sequence[int]]


class Matcher:
    """Maximum matching of the graph ``adj`` (vertices 0..n-1)."""

    def __init__(self, adj: Adjacency, blocked: frozenset[int] | set[int] = frozenset(),
                 mate: list[int] | None = None) -> None:
        self.adj = adj
        self.n = len(adj)
        self.blocked = blocked
        if mate is None:
            self.mate = [-1] * self.n
            self._greedy()
        else:
            self.mate = mate
        self.complete = True  # every unblocked vertex matched
        for v in range(self.n):
            if self.mate[v] == -1 and v not in blocked and not self.augment(v):
                self.complete = False

    def perfect_without(self, removed: set[int] | frozenset[int]) -> bool:
        """Can every vertex but *removed* be matched among themselves?

        Starts from this matching: only the partners of removed vertices (and the vertices
        already exposed) need an augmenting path, so the usual answer costs little.
        """
        if (self.n - len(removed) - len(self.blocked)) % 2:
            return False
        mate = list(self.mate)
        for r in removed:
            m = mate[r]
            if m != -1:
                mate[m] = -1
                mate[r] = -1
        return Matcher(self.adj, frozenset(self.blocked) | frozenset(removed), mate).complete

    def _greedy(self) -> None:
        adj, mate = self.adj, self.mate
        blocked = self.blocked
        for v in sorted(range(self.n), key=lambda v: len(adj[v])):
            if mate[v] != -1 or v in blocked:
                continue
            for u in adj[v]:
                if mate[u] == -1 and u not in blocked:
                    mate[v], mate[u] = u, v
                    break

    @property
    def size(self) -> int:
        return sum(1 for m in self.mate if m != -1) // 2

    @property
    def perfect(self) -> bool:
        return self.complete

    def augment(self, root: int) -> bool:
        """Edmonds' search for an augmenting path from the exposed vertex *root*."""
        adj, mate, n, blocked = self.adj, self.mate, self.n, self.blocked
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = [root]

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in adj[v]:
                if base[v] == base[to] or mate[v] == to or to in blocked:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    current = lca(v, to)
                    blossom = [False] * n
                    mark(v, current, to, blossom)
                    mark(to, current, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = current
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        while to != -1:  # flip the path back to the root
                            pv = parent[to]
                            nxt = mate[pv]
                            mate[to], mate[pv] = pv, to
                            to = nxt
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False


def has_perfect_matching(adj: Adjacency) -> bool:
    if len(adj) % 2:
        return False
    return Matcher(adj).perfect


def induced(players: Sequence[int], can_meet: Callable[[int, int], bool]) -> list[list[int]]:
    """Adjacency lists of the players (by position) under *can_meet*."""
    n = len(players)
    adj: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        a = players[i]
        for j in range(i + 1, n):
            if can_meet(a, players[j]):
                adj[i].append(j)
                adj[j].append(i)
    return adj


def lex_first_assignment(rows: int, options: Sequence[Sequence[int]]) -> list[int] | None:
    """The lexicographically first perfect assignment row -> column.

    ``options[r]`` lists the columns row *r* may take, in the order they are to be
    preferred. Returns ``col[r]`` for every row, or None when no assignment covers
    every row.
    """
    owner: dict[int, int] = {}
    col = [-1] * rows

    def augment(r: int, seen: set[int], movable_from: int) -> bool:
        # Kuhn's search: rows below *movable_from* are fixed and keep their column.
        for c in options[r]:
            if c in seen:
                continue
            seen.add(c)
            o = owner.get(c)
            if o is None or (o >= movable_from and augment(o, seen, movable_from)):
                owner[c] = r
                col[r] = c
                return True
        return False

    for r in range(rows):
        if not augment(r, set(), 0):
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


def best_matching(n: int, weights: dict[tuple[int, int], int]) -> list[int]:
    """Maximum-weight matching among the maximum-cardinality ones (weights exact ints)."""
    return max_weight_matching(n, ((u, v, w) for (u, v), w in weights.items()), max_cardinality=True)

"""Maximum-weight matching on a general graph: Edmonds' blossom algorithm with
the primal-dual method (Galil's O(n^3) formulation), exact on Python integers.

Why our own: the pairing weights are integers of hundreds to thousands of bits
(``pairing.engine.dutch.weights``), so a solver on machine floats or fixed-width
integers that are too narrow would be wrong without saying so. The compiled twin
(``_blossom.c``) repeats this algorithm on integers sized for each problem.

Conventions, chosen so every dual stays an integer:

* Dual variables are doubled: the slack of edge ``k = (u, v)`` is
  ``dual[u] + dual[v] - 2 * weight[k]`` plus twice the duals of the blossoms
  holding both ends. Vertices start at the largest weight, blossoms at zero.
* Edge ``k`` has two directed halves: ``2k`` runs ``u -> v`` and ``2k + 1`` runs
  ``v -> u``; ``head[h]`` is where half ``h`` points and ``h ^ 1`` is its reverse.
* ``mate[v]`` is the half from ``v`` to its partner, or -1.
* Ids ``0..n-1`` are vertices, ``n..2n-1`` are blossoms. ``top[v]`` is the
  outermost blossom holding vertex ``v`` (itself when in none).
* A blossom's ``children`` go round its odd cycle from the child holding the base;
  ``links[i]`` is the half from ``children[i]`` to ``children[i + 1]`` (cyclically).
  Links at odd positions are matched.
* During a stage every outermost blossom is FREE, OUTER (S, even distance from an
  exposed vertex in the alternating forest) or INNER (T). ``entry[b]`` is the half
  through which ``b`` was labelled, pointing into ``b`` (-1 for a root).
"""

from __future__ import annotations

import sys

FREE, OUTER, INNER = 0, 1, 2
_MARK = 4  # set on OUTER blossoms while tracing two tree paths towards their roots


class BlossomSolver:
    """One maximum-weight matching problem; call :meth:`solve` once."""

    def __init__(self, vertex_count: int, edges: list[tuple[int, int, int]]) -> None:
        n = self.n = vertex_count
        self.weight = [w for _, _, w in edges]
        head: list[int] = []
        self.out: list[list[int]] = [[] for _ in range(n)]
        for k, (u, v, _) in enumerate(edges):
            head += (v, u)
            self.out[u].append(2 * k)
            self.out[v].append(2 * k + 1)
        self.head = head
        self.mate = [-1] * n
        top_weight = max(self.weight, default=0)
        self.dual = [top_weight] * n + [0] * n
        self.top = list(range(n))
        self.parent = [-1] * (2 * n)
        self.base = list(range(n)) + [-1] * n
        self.children: list[list[int]] = [[] for _ in range(2 * n)]
        self.links: list[list[int]] = [[] for _ in range(2 * n)]
        self.unused = list(range(2 * n - 1, n - 1, -1))
        self.label = [FREE] * (2 * n)
        self.entry = [-1] * (2 * n)
        self.best = [-1] * (2 * n)
        self.best_list: list[list[int] | None] = [None] * (2 * n)
        self.allowed = [False] * len(edges)
        self.queue: list[int] = []

    # -- helpers -----------------------------------------------------------------
    def _slack(self, k: int) -> int:
        return self.dual[self.head[2 * k + 1]] + self.dual[self.head[2 * k]] - 2 * self.weight[k]

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        found, stack = [], [b]
        while stack:
            x = stack.pop()
            if x < self.n:
                found.append(x)
            else:
                stack.extend(self.children[x])
        return found

    # -- labelling -----------------------------------------------------------------
    def _label(self, w: int, kind: int, half: int) -> None:
        """Label vertex *w* and its outermost blossom through *half* (INNER makes the
        base's partner OUTER in turn)."""
        while True:
            b = self.top[w]
            self.label[w] = self.label[b] = kind
            self.entry[w] = self.entry[b] = half
            self.best[w] = self.best[b] = -1
            if kind == OUTER:
                self.queue.extend(self.leaves(b))
                return
            partner_half = self.mate[self.base[b]]
            w, kind, half = self.head[partner_half], OUTER, partner_half

    def _trace(self, v: int, w: int) -> int:
        """Walk up from OUTER vertices *v* and *w* in turn: the base of the first
        blossom both paths reach (a new blossom), or -1 (an augmenting path)."""
        head, top, entry, label = self.head, self.top, self.entry, self.label
        marked: list[int] = []
        found = -1
        while v != -1:
            b = top[v]
            if label[b] & _MARK:
                found = self.base[b]
                break
            marked.append(b)
            label[b] = OUTER | _MARK
            if entry[b] == -1:
                v = -1
            else:
                inner = top[head[entry[b] ^ 1]]
                v = head[entry[inner] ^ 1]
            if w != -1:
                v, w = w, v
        for b in marked:
            label[b] = OUTER
        return found

    def _shrink(self, base: int, half: int) -> None:
        """Make a blossom of the odd cycle closed by *half* between two OUTER blossoms."""
        head, top, entry = self.head, self.top, self.entry
        root = top[base]

        def up_to_root(b: int) -> list[int]:
            path = []
            while b != root:
                path.append(b)
                b = top[head[entry[b] ^ 1]]
            return path

        down = up_to_root(top[head[half ^ 1]])[::-1]
        up = up_to_root(top[head[half]])
        children = [root, *down, *up]
        links = [entry[c] for c in down] + [half] + [entry[c] ^ 1 for c in up]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.children[b] = children
        self.links[b] = links
        self.label[b] = OUTER
        self.entry[b] = entry[root]
        self.dual[b] = 0
        for c in children:
            self.parent[c] = b
        for c in children:
            for x in self.leaves(c):
                if self.label[top[x]] == INNER:
                    self.queue.append(x)  # INNER children become OUTER: scan them
                top[x] = b
        self._gather_best_edges(b)

    def _gather_best_edges(self, b: int) -> None:
        """For the new OUTER blossom *b*, keep the least-slack edge to each other
        OUTER blossom (they bound the dual step of kind 3)."""
        head, top = self.head, self.top
        best_to: dict[int, tuple[int, int]] = {}
        for c in self.children[b]:
            listed = self.best_list[c]
            halves = [h for x in self.leaves(c) for h in self.out[x]] if listed is None else [2 * k for k in listed]
            for h in halves:
                k = h >> 1
                other = top[head[h]]
                if other == b:
                    other = top[head[h ^ 1]]
                    if other == b:
                        continue
                if self.label[other] != OUTER:
                    continue
                s = self._slack(k)
                known = best_to.get(other)
                if known is None or s < known[1]:
                    best_to[other] = (k, s)
            self.best_list[c] = None
            self.best[c] = -1
        self.best_list[b] = [k for k, _ in best_to.values()]
        self.best[b] = min(best_to.values(), key=lambda ks: ks[1])[0] if best_to else -1

    # -- blossom expansion and rotation ----------------------------------------------
    def _expand(self, b: int, end_of_stage: bool) -> None:
        n = self.n
        children = self.children[b]
        for c in children:
            self.parent[c] = -1
            if c < n:
                self.top[c] = c
            elif end_of_stage and self.dual[c] == 0:
                self._expand(c, True)
            else:
                for x in self.leaves(c):
                    self.top[x] = c
        if not end_of_stage and self.label[b] == INNER:
            self._relabel_expanded(b)
        self.label[b] = FREE
        self.entry[b] = -1
        self.children[b] = []
        self.links[b] = []
        self.base[b] = -1
        self.best_list[b] = None
        self.best[b] = -1
        self.unused.append(b)

    def _relabel_expanded(self, b: int) -> None:
        """An INNER blossom whose dual reached zero opens in the middle of a stage: the
        even path round the cycle from the entry child to the base child stays in the
        tree (INNER, OUTER, ..., INNER); children off it are FREE unless a tight edge
        from an OUTER vertex already reaches them."""
        head, top = self.head, self.top
        children, links = self.children[b], self.links[b]
        size = len(children)
        into = self.entry[b]
        start = children.index(top[head[into]])
        step = 1 if start & 1 else -1  # the even way round to position 0

        def link(j: int) -> int:
            return links[j] if step == 1 else links[j - 1] ^ 1

        j = start
        while j % size != 0:
            self._label(head[into], INNER, into)  # also makes the next child OUTER
            self.allowed[link(j) >> 1] = True
            j += step
            into = link(j)
            self.allowed[into >> 1] = True
            j += step
        first = children[0]
        entered = head[into]
        self.label[entered] = self.label[first] = INNER
        self.entry[entered] = self.entry[first] = into
        self.best[first] = -1
        j += step
        while children[j % size] is not children[start]:
            c = children[j % size]
            j += step
            if self.label[c] == OUTER:
                continue
            reached = next((x for x in self.leaves(c) if self.label[x] != FREE), None)
            if reached is not None:
                self.label[reached] = FREE
                self._label(reached, INNER, self.entry[reached])

    def _rotate(self, b: int, v: int) -> None:
        """Rematch inside blossom *b* so that vertex *v* becomes its base."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self._rotate(t, v)
        children, links = self.children[b], self.links[b]
        size = len(children)
        i = children.index(t)
        step = 1 if i & 1 else -1
        j = i
        while j % size != 0:
            j += step
            # the link leaving position j in the walking direction becomes matched
            half = links[j % size] if step == 1 else links[(j - 1) % size] ^ 1
            for end, h in ((self.head[half ^ 1], half), (self.head[half], half ^ 1)):
                c = end
                while self.parent[c] != b:
                    c = self.parent[c]
                if c >= self.n:
                    self._rotate(c, end)
                self.mate[end] = h
            j += step
        self.children[b] = children[i:] + children[:i]
        self.links[b] = links[i:] + links[:i]
        self.base[b] = self.base[t]

    def _augment(self, half: int) -> None:
        """Flip the augmenting path through *half*, which joins two OUTER trees."""
        head, top, entry = self.head, self.top, self.entry
        for s, h in ((head[half ^ 1], half), (head[half], half ^ 1)):
            while True:
                bs = top[s]
                if bs >= self.n:
                    self._rotate(bs, s)
                self.mate[s] = h
                if entry[bs] == -1:
                    break
                inner = top[head[entry[bs] ^ 1]]
                into = entry[inner]
                s = head[into ^ 1]
                j = head[into]
                if inner >= self.n:
                    self._rotate(inner, j)
                self.mate[j] = into ^ 1
                h = into

    # -- the primal-dual loop ----------------------------------------------------------
    def solve(self) -> list[int]:
        """Return ``mate`` as vertex ids (-1 when exposed)."""
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 4 * self.n + 1000))
        try:
            for _ in range(self.n // 2 + 1):
                if not self._stage():
                    break
        finally:
            sys.setrecursionlimit(limit)
        return [self.head[h] if h != -1 else -1 for h in self.mate]

    def _stage(self) -> bool:
        n = self.n
        head, top, label, dual = self.head, self.top, self.label, self.dual
        self.label = label = [FREE] * (2 * n)
        self.best = [-1] * (2 * n)
        self.best_list = [None] * (2 * n)
        self.allowed = allowed = [False] * len(self.weight)
        self.queue = []
        for v in range(n):
            if self.mate[v] == -1 and label[top[v]] == FREE:
                self._label(v, OUTER, -1)
        weight, best = self.weight, self.best
        while True:
            while self.queue:
                v = self.queue.pop()
                dv = dual[v]
                for h in self.out[v]:
                    w = head[h]
                    bw = top[w]
                    if top[v] == bw:
                        continue
                    k = h >> 1
                    s = 0
                    if not allowed[k]:
                        s = dv + dual[w] - 2 * weight[k]
                        if s <= 0:
                            allowed[k] = True
                    if allowed[k]:
                        if label[bw] == FREE:
                            self._label(w, INNER, h)
                        elif label[bw] == OUTER:
                            base = self._trace(v, w)
                            if base >= 0:
                                self._shrink(base, h)
                            else:
                                self._augment(h)
                                self._end_stage()
                                return True
                        elif label[w] == FREE:
                            label[w] = INNER  # reached inside an INNER blossom, for _relabel_expanded
                            self.entry[w] = h
                    elif label[bw] == OUTER:
                        bv = top[v]
                        b = best[bv]
                        if b == -1 or s < dual[head[2 * b]] + dual[head[2 * b + 1]] - 2 * weight[b]:
                            best[bv] = k
                    elif label[w] == FREE:
                        b = best[w]
                        if b == -1 or s < dual[head[2 * b]] + dual[head[2 * b + 1]] - 2 * weight[b]:
                            best[w] = k
            if not self._dual_step():
                return False

    def _dual_step(self) -> bool:
        """Move the duals by the largest step that keeps them feasible; False at the optimum."""
        n = self.n
        label, top, dual, best, parent, base = self.label, self.top, self.dual, self.best, self.parent, self.base
        delta = min(dual[:n])  # kind 1: an exposed vertex's dual reaches zero
        kind, arg = 1, -1
        for v in range(n):
            if label[top[v]] == FREE and best[v] != -1:
                s = self._slack(best[v])
                if s < delta:
                    delta, kind, arg = s, 2, best[v]
        for b in range(2 * n):
            if parent[b] == -1 and base[b] >= 0 and label[b] == OUTER and best[b] != -1:
                s = self._slack(best[b]) >> 1
                if s < delta:
                    delta, kind, arg = s, 3, best[b]
        for b in range(n, 2 * n):
            if base[b] >= 0 and parent[b] == -1 and label[b] == INNER and dual[b] < delta:
                delta, kind, arg = dual[b], 4, b
        for v in range(n):
            t = label[top[v]]
            if t == OUTER:
                dual[v] -= delta
            elif t == INNER:
                dual[v] += delta
        for b in range(n, 2 * n):
            if base[b] >= 0 and parent[b] == -1:
                if label[b] == OUTER:
                    dual[b] += delta
                elif label[b] == INNER:
                    dual[b] -= delta
        if kind == 1:
            return False
        if kind in (2, 3):
            self.allowed[arg] = True
            u = self.head[2 * arg + 1]
            if label[top[u]] != OUTER:
                u = self.head[2 * arg]
            self.queue.append(u)
        else:
            self._expand(arg, False)
        return True

    def _end_stage(self) -> None:
        n = self.n
        for b in range(n, 2 * n):
            if self.parent[b] == -1 and self.base[b] >= 0 and self.label[b] == OUTER and self.dual[b] == 0:
                self._expand(b, True)

"""Maximum-cardinality matching on a general graph given as bitsets: bit j of ``adj[i]``
is set when vertices i and j may be paired. "Can these players all be paired?" is the
question behind the Dubov C.4 and B.0.b and the Lim 2.1/4.4 lookaheads; on a round of
thousands of players it is asked thousands of times, so it is answered by
:class:`Matcher` (a greedy matching repaired by Edmonds' searches, each of them a few
bitset operations per vertex reached) and, where the caller keeps one, from a matching
already known for a set close to the one asked about.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def bits(mask: int) -> Iterator[int]:
    """The positions of the set bits, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Matcher:
    """A maximum matching of the vertices in *active* (bits) under the bitset graph *adj*.

    *mate*, if given, is a matching of some of the active vertices to start from, and
    *exposed*, if given, the active vertices it leaves unmatched (a caller that built
    *mate* knows them; otherwise they are counted here).
    """

    def __init__(
        self,
        adj: Sequence[int],
        active: int,
        mate: list[int] | None = None,
        stop_at_first_failure: bool = True,
        exposed: int | None = None,
    ) -> None:
        self.adj = adj
        self.active = active
        if mate is None:
            mate = [-1] * len(adj)
            self.mate = mate
            exposed = self._greedy()
        else:
            self.mate = mate
        if exposed is None:
            exposed = 0
            for v in bits(active):
                if mate[v] == -1:
                    exposed |= 1 << v
        self.free = exposed  # the active vertices left exposed
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

    def _greedy(self) -> int:
        """Match each vertex, fewest neighbours first, to its first free neighbour;
        returns the vertices left exposed."""
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
        return free

    def perfect_without(self, removed: int) -> bool:
        """Can every active vertex outside the bitset *removed* be matched among themselves?

        Starts from this matching: only the partners of removed vertices (and vertices
        already exposed) need an augmenting path, so the usual answer costs little.
        """
        active = self.active & ~removed
        if active.bit_count() % 2:
            return False
        mate = list(self.mate)
        exposed = self.free & active
        for r in bits(removed & self.active):
            m = mate[r]
            if m != -1:
                mate[m] = -1
                mate[r] = -1
                exposed |= 1 << m
        return Matcher(self.adj, active, mate, exposed=exposed & active).complete

    def remove_keeping_size(self, v: int) -> bool:
        """Take the active vertex *v* out if the others still have a matching as large as
        this one, which must be maximum (``stop_at_first_failure=False``); returns whether
        *v* was taken out, the matching kept maximum on the vertices left.

        Without *v* the matching loses at most its pair (v, m); an augmenting path of what
        is left, if any, starts at m (one between two other exposed vertices would, with
        that pair, have enlarged a maximum matching), so one search answers.
        """
        bit = 1 << v
        m = self.mate[v]
        if m == -1:
            self.active &= ~bit
            self.free &= ~bit
            return True
        active = self.active & ~bit
        self.mate[v] = self.mate[m] = -1
        end = augmenting_path(m, self.adj, active, self.mate, self.free)
        if end < 0:
            self.mate[v], self.mate[m] = m, v
            return False
        self.active = active
        self.free &= ~(1 << end)
        return True

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
    the search at once, unlabelled neighbours become inner (their partners outer, each
    ending the search if it is next to an exposed vertex), and only edges to outer
    vertices of another blossom are looked at one by one, each of them shrinking a
    blossom, once the tree can grow no further (the order does not change the answer).
    Blossoms are merged as sets (union-find, with their members as a bitset), so a search
    costs about one pass over the vertices it reaches, not over their edges.
    """
    # Keyed by the vertices reached only: a search usually reaches a few dozen of thousands
    # of vertices, and building (and freeing) two lists over all of them cost more than it.
    parent: dict[int, int] = {}  # for an inner vertex, the outer vertex it was reached from
    link: dict[int, int] = {}  # union-find over the blossoms; a vertex not in it is its own top
    base_of: dict[int, int] = {}  # a shrunk blossom's representative -> its base vertex
    members: dict[int, int] = {}  # a shrunk blossom's representative -> its vertices
    outer = 1 << root
    inner = 0
    queue = [root]

    def find(v: int) -> int:
        top = v
        while top in link:
            top = link[top]
        while v != top:
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

    def flip(to: int) -> None:  # the path root ... parent[to] - to becomes matched
        while to != -1:
            previous = parent[to]
            following = mate[previous]
            mate[to], mate[previous] = previous, to
            to = following

    head = 0  # the next outer vertex to grow the tree from
    pending = 0  # the next outer vertex whose edges to other outer vertices are still unseen
    while True:
        if head < len(queue):
            v = queue[head]
            head += 1
            around = adj[v] & active
            reached = around & targets
            if reached:
                end = (reached & -reached).bit_length() - 1
                parent[end] = v
                flip(end)
                return end
            fresh = around & ~outer & ~inner
            inner |= fresh
            for to in bits(fresh):  # matched, since no exposed vertex is adjacent
                parent[to] = v
                m = mate[to]
                reached = adj[m] & active & targets
                if reached:  # the path root ... v - to - m - end, found as the tree grows
                    end = (reached & -reached).bit_length() - 1
                    parent[end] = m
                    flip(end)
                    return end
                outer |= 1 << m
                queue.append(m)
            continue
        if pending == len(queue):
            break
        # Blossoms only once the tree has grown as far as it can: an augmenting path
        # through a few matched pairs is then found without shrinking any.
        v = queue[pending]
        pending += 1
        around = adj[v] & active
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
                if r != top:
                    link[r] = top
            members[top] = merged
            base_of[top] = stop
            added = merged & ~outer
            outer |= added
            queue.extend(bits(added))
    return -1


def perfect(adj: Sequence[int], active: int) -> bool:
    return active.bit_count() % 2 == 0 and Matcher(adj, active).complete

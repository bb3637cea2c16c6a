"""How many pairs a set of players can make: the test behind every Burstein and Lim lookahead."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pairing.engine.matching import has_perfect_matching


def neighbours_of(players: Sequence[int], compatible: Callable[[int, int], bool]) -> list[list[int]]:
    n = len(players)
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if compatible(players[i], players[j]):
                neighbours[i].append(j)
                neighbours[j].append(i)
    return neighbours


def can_all_pair(
    players: Sequence[int],
    compatible: Callable[[int, int], bool],
    hint: Sequence[tuple[int, int]] | None = None,
    known: Mapping[int, frozenset[int]] | None = None,
) -> bool:
    """Do *players* have a pairing of them all? *hint*, a proposal to try first;
    *known*, every player's compatible opponents in the round, when already computed."""
    if len(players) % 2:
        return False
    if not players:
        return True
    if hint is not None and all(compatible(a, b) for a, b in hint):
        return True
    if greedy_in_order(players, compatible):
        return True
    if known is not None:
        index = {p: k for k, p in enumerate(players)}
        neighbours = [[index[q] for q in known[p] if q in index] for p in players]
    else:
        neighbours = neighbours_of(players, compatible)
    return _augmented_greedy(neighbours) or has_perfect_matching(len(players), neighbours)


def _augmented_greedy(neighbours: list[list[int]]) -> bool:
    """A greedy pairing completed by alternating paths: True proves a complete pairing.

    The path search does not shrink odd cycles, so it can miss a pairing; the caller
    then asks the exact matcher.
    """
    n = len(neighbours)
    mate = [-1] * n
    degree = [len(around) for around in neighbours]
    for v in sorted(range(n), key=degree.__getitem__):
        if mate[v] == -1:
            free = [u for u in neighbours[v] if mate[u] == -1]
            if free:
                u = min(free, key=degree.__getitem__)
                mate[u], mate[v] = v, u
    return all(mate[root] != -1 or _augment(root, neighbours, mate) for root in range(n))


def _augment(root: int, neighbours: list[list[int]], mate: list[int]) -> bool:
    """Find an alternating path from the unpaired *root* to another unpaired player and
    flip it. Outer players are reached through their partner (*via*)."""
    seen = {root}
    parent: dict[int, int] = {}
    via: dict[int, int] = {}
    stack = [root]
    while stack:
        x = stack.pop()
        for y in neighbours[x]:
            if y in seen:
                continue
            seen.add(y)
            if mate[y] == -1:
                while True:  # flip the path root ... x - y
                    previous = via.get(x)
                    mate[x], mate[y] = y, x
                    if x == root:
                        return True
                    x, y = parent[x], previous
            z = mate[y]
            if z in seen:
                continue
            seen.add(z)
            parent[z], via[z] = x, y
            stack.append(z)
    return False


def greedy_in_order(players: Sequence[int], compatible: Callable[[int, int], bool], tries: int = 8) -> bool:
    """A cheap certificate: each player in turn meets the next free player he may meet
    (looking a few places ahead only). True proves a complete pairing exists."""
    free = list(players)
    while free:
        first = free[0]
        for k in range(1, min(len(free), tries + 1)):
            if compatible(first, free[k]):
                del free[k]
                del free[0]
                break
        else:
            return False
    return True

"""Direct encounter (C.07 6).

Among participants still tied, the points they scored in the games played between
them decide (6.1; a pair that met more than once counts the average of its games,
6.3). When not all of them met each other (a Swiss), a participant goes ahead only if
his points exceed what each of the others could have reached by winning every game
they did not play in the group (6.2); the others stay tied. Whoever is separated, the
procedure starts again within each group still tied, until nothing changes.

The value is the participant's place within his tied group (1, 2, ..., shared when
still tied), or 0 when direct encounter separates nobody in that group: lower is better.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from pairing.engine.tiebreaks.rounds import Crosstable

MAX_PASSES = 30


def _split(table: Crosstable, group: list[int], forfeits_played: bool) -> list[list[int]]:
    members = set(group)
    scored: dict[int, Fraction] = {}
    met: dict[int, int] = {}
    for pid in group:
        games: dict[int, list[Fraction]] = defaultdict(list)
        for r in table.rows[pid]:
            if (r.played or forfeits_played) and r.opponent in members:  # 6.1.1; /P: forfeits too
                games[r.opponent].append(r.points)
        scored[pid] = sum((sum(g, Fraction(0)) / len(g) for g in games.values()), Fraction(0))
        met[pid] = len(games)
    others = len(group) - 1
    if all(met[pid] == others for pid in group):  # 6.1: everybody met everybody
        by_score: dict[Fraction, list[int]] = defaultdict(list)
        for pid in group:
            by_score[scored[pid]].append(pid)
        return [by_score[s] for s in sorted(by_score, reverse=True)]
    best = {pid: scored[pid] + (others - met[pid]) * table.win for pid in group}  # 6.2
    order = sorted(group, key=lambda pid: (-scored[pid], -best[pid], pid))
    parts: list[list[int]] = []
    k = 0
    while k < len(order) - 1 and scored[order[k]] > max(best[p] for p in order[k + 1 :]):
        parts.append([order[k]])
        k += 1
    parts.append(order[k:])
    return parts


def direct_encounter(table: Crosstable, groups: list[list[int]], forfeits_played: bool = False) -> dict[int, int]:
    """Places within each of the tied *groups* (lists of ids); 0 for a group left whole.
    *forfeits_played* (``DE/P``): a forfeit counts as a game between the two (6.1.1 leaves
    it to the regulations)."""
    place = dict.fromkeys(table.ids, 0)
    for group in groups:
        if len(group) < 2:
            continue
        parts = [list(group)]
        for _ in range(MAX_PASSES):
            refined = []
            for part in parts:
                refined.extend(_split(table, part, forfeits_played) if len(part) > 1 else [part])
            if len(refined) == len(parts):
                break
            parts = refined
        if len(parts) == 1:
            continue
        position = 1
        for part in parts:
            for pid in part:
                place[pid] = position
            position += len(part)
    return place

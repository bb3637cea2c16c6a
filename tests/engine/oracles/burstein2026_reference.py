"""Burstein 2026, article 4 as first written: one weighted matching per BSN of the bracket.

The engine (pairing.engine.burstein.brackets.Bracket.pairs) now skips the solves whose
answer the latest matching already gives; this is the procedure it replaced, kept as the
oracle of tests/engine/burstein/test_bracket_order_differential.py. Its matching on every
pair of positions, weighed as the engine weighs [C5]-[C8], also values a bracket pairing
for the py4swiss categories and the exhaustive test of the 2026 edition.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence

from pairing.engine.burstein import brackets
from pairing.engine.burstein.brackets import Bracket, Bracketed
from pairing.engine.matching import max_weight_matching

_EDGES: weakref.WeakKeyDictionary[Bracket, dict[tuple[int, int], int]] = weakref.WeakKeyDictionary()


def edges(bracket: Bracket) -> dict[tuple[int, int], int]:
    """Every pair of positions that may meet, with its weight for [C5]-[C8]."""
    found = _EDGES.get(bracket)
    if found is None:
        found = dict(bracket.core_edges)
        for i in range(bracket.n):
            for q in bracket.neighbours_below(i):
                j = bracket.position[q]
                found.setdefault((min(i, j), max(i, j)), 0)
        found = _EDGES[bracket] = dict(sorted(found.items()))
    return found


def open_edges(bracket: Bracket, gone: set[int], floats: set[int]) -> Iterator[tuple[int, int, int]]:
    """The edges still open: neither end settled, and no settled floater in a bracket pair."""
    in_bracket = bracket.in_bracket
    for (u, v), w in edges(bracket).items():
        if u in gone or v in gone:
            continue
        if (u in floats and in_bracket[v]) or (v in floats and in_bracket[u]):
            continue
        yield u, v, w


def solve(bracket: Bracket, gone: set[int], floats: set[int], bonus_of: int | None) -> list[int]:
    """One matching on every open pair: [C4] first, [C5]-[C8], then article 4's bonus for
    the partners of *bonus_of* (the engine's reading, ``brackets.order_bonus``)."""
    weighted = []
    bsn = bracket.bsn
    for u, v, w in open_edges(bracket, gone, floats):
        bonus = 0
        if bonus_of in (u, v):
            bonus = brackets.order_bonus(bsn[bonus_of], bsn.get(v if u == bonus_of else u, 0))
        weighted.append((u, v, w * bracket.radix[-1] + bonus))
    mate = max_weight_matching(bracket.n, weighted, max_cardinality=True)
    if any(mate[v] == -1 for v in range(bracket.n) if v not in gone):
        raise ValueError("the players still to be paired cannot all be paired (C4)")
    return mate


def value(bracket: Bracket, pairs: Sequence[tuple[int, int]]) -> int | None:
    """How well the bracket pairing *pairs* meets [C4]-[C8] (larger is better; None when
    it breaks an absolute criterion or leaves the rest unpairable)."""
    weights = edges(bracket)
    total = 0
    gone: set[int] = set()
    for a, b in pairs:
        i, j = sorted((bracket.position[a], bracket.position[b]))
        if (i, j) not in weights:
            return None
        total += weights[(i, j)]
        gone |= {i, j}
    floats = set(bracket.bracket) - gone
    try:
        mate = solve(bracket, gone, floats, None)
    except ValueError:
        return None
    return total + sum(weights[(u, v)] for u, v in enumerate(mate) if u < v and u not in gone)


def criteria(bracket: Bracket, worth: int) -> tuple[int, ...]:
    """A :func:`value` split into its criteria: C5, C6, C7 pairs, C7 scores, C8."""
    out = []
    for r in reversed(bracket.radix[:-1]):
        worth, digit = divmod(worth, r)
        out.append(digit)
    return (worth, *reversed(out))


def order(bracket: Bracket, pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Article 4.3: the BSN each BSN meets, 0 for a float; the larger, the earlier."""
    partner: dict[int, int] = {}
    for a, b in pairs:
        i, j = bracket.position[a], bracket.position[b]
        partner[i], partner[j] = bracket.bsn[j], bracket.bsn[i]
    return tuple(partner.get(i, 0) for i in bracket.bracket)


def bracket_pairs(bracket: Bracket) -> list[tuple[int, int]]:
    fixed: list[tuple[int, int]] = []
    gone: set[int] = set()
    floats: set[int] = set()
    for i in bracket.bracket:
        if i in gone or i in floats:
            continue
        j = solve(bracket, gone, floats, i)[i]
        if bracket.in_bracket[j]:
            fixed.append((bracket.people[i].id, bracket.people[j].id))
            gone |= {i, j}
        else:
            floats.add(i)
    return fixed


def pair_brackets(
    players: Sequence[Bracketed],
    compatible: Callable[[int, int], bool],
    options: object = None,  # the engine's progress reporting, not the reference's
) -> list[tuple[int, int]]:
    remaining = list(players)
    pairs: list[tuple[int, int]] = []
    scores = sorted({p.score for p in remaining}, reverse=True)
    for k, resident in enumerate(scores):
        if len(remaining) < 2:
            break
        lower = next((s for s in scores[k + 1 :] if any(p.score == s for p in remaining)), None)
        found = bracket_pairs(Bracket(remaining, resident, lower, compatible))
        taken = {pid for pair in found for pid in pair}
        remaining = [p for p in remaining if p.id not in taken]
        pairs += found
    if remaining:
        raise ValueError("players are left over after the last bracket")
    return pairs

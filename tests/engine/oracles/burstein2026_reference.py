"""Burstein 2026, article 4 as first written: one weighted matching per BSN of the bracket.

The engine (pairing.engine.burstein.brackets.Bracket.pairs) now skips the solves whose
answer the latest matching already gives; this is the procedure it replaced, kept as the
oracle of tests/engine/burstein/test_bracket_order_differential.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.burstein.brackets import Bracket, Bracketed


def bracket_pairs(bracket: Bracket) -> list[tuple[int, int]]:
    fixed: list[tuple[int, int]] = []
    gone: set[int] = set()
    floats: set[int] = set()
    for i in bracket.bracket:
        if i in gone or i in floats:
            continue
        j = bracket._solve(gone, floats, i)[i]
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

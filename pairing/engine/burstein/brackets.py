"""Burstein 2026, articles 2 to 4: the pairing of one bracket, then the next.

A bracket holds the players of one score group (residents) and the players left
unpaired by the brackets above (incoming floaters); the rules treat them alike (1.2.2)
and rank them by the opposition index (1.8). The pairing of a bracket is its pairs and
its outgoing floaters (3.2.1), chosen by the criteria, in order:

- absolute: [C1] no rematch, [C3] no two players with the same absolute colour
  preference, and the arbiter's forbidden pairs ([C2], the PAB, is settled before);
- completion: [C4] every player still to be paired after this bracket can be paired;
- quality: [C5] the most pairs; [C6] the lowest scores, taken in descending order, for
  the outgoing floaters; [C7] outgoing floaters chosen so that the next bracket meets
  [C1]-[C6] as well as it can (its most pairs, then its lowest floater scores); [C8] the
  fewest players without their colour preference;
- among the pairings that meet the criteria best, the first in the order of article 4:
  the one whose BSN 1 (1.8 ranking) meets the largest BSN, then BSN 2, and so on; a
  player who floats meets a virtual player of BSN 0 (4.2), the last choice.

All of it is one maximum-weight matching over every player still to be paired, max
cardinality first (C4), then one bit field per criterion, most significant first; the
order of article 4 is settled one BSN at a time: a last field favours the partners of
the current BSN by their own BSN, and the pair (or the float) found is then fixed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from pairing.engine.matching import max_weight_matching
from pairing.engine.state import Colour


class Bracketed(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def rank(self) -> tuple: ...  # 1.8, larger ranks higher
    @property
    def colour(self) -> Colour | None: ...


def score_digits(levels: Sequence[int], base: int) -> dict[int, int]:
    """[C6] as a sum: a player of the t-th lowest score weighs base**t, so that with fewer
    than *base* players a larger sum of paired players means fewer outgoing floaters
    at the highest score, then at the next, and so on (their scores minimised in
    descending order)."""
    return {s: base**t for t, s in enumerate(levels)}


def order_bonus(own: int, partner: int) -> int:
    """Article 4.3: how much BSN *own* prefers a partner of BSN *partner* (0: a virtual
    player, that is floating, 4.2): the larger the partner's BSN, the better."""
    return partner


def pair_brackets(players: Sequence[Bracketed], compatible: Callable[[int, int], bool]) -> list[tuple[int, int]]:
    """Every pair of the round, bracket by bracket from the top score (3.2)."""
    remaining = list(players)
    pairs: list[tuple[int, int]] = []
    scores = sorted({p.score for p in remaining}, reverse=True)
    for k, resident in enumerate(scores):
        if len(remaining) < 2:
            break
        lower = next((s for s in scores[k + 1 :] if any(p.score == s for p in remaining)), None)
        found = pair_bracket(remaining, resident, lower, compatible)
        taken = {pid for pair in found for pid in pair}
        remaining = [p for p in remaining if p.id not in taken]
        pairs += found
    if remaining:
        raise ValueError("players are left over after the last bracket")
    return pairs


def pair_bracket(
    remaining: Sequence[Bracketed], resident: int, lower: int | None, compatible: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """The pairs of the bracket of the players scoring *resident* or more (the incoming
    floaters), the next bracket's residents scoring *lower*; as (higher BSN, lower BSN)."""
    people = list(remaining)
    n = len(people)
    in_bracket = [p.score >= resident for p in people]
    in_next = [lower is not None and p.score == lower for p in people]
    bracket = sorted((i for i in range(n) if in_bracket[i]), key=lambda i: people[i].rank, reverse=True)
    bsn = {i: k + 1 for k, i in enumerate(bracket)}  # 4.1
    levels = sorted({people[i].score for i in bracket})
    base = len(bracket) + 1
    digit = score_digits(levels, base)
    top_scores = base ** len(levels)
    radix = (
        top_scores,  # C6
        n // 2 + 1,  # C7: pairs in the next bracket
        top_scores,  # C7: the floaters paired there, by score
        len(bracket) // 2 + 1,  # C8
        len(bracket) + 2,  # article 4, one BSN at a time
    )

    def fields(i: int, j: int) -> tuple[int, ...]:
        a, b = people[i], people[j]
        if in_bracket[i] and in_bracket[j]:
            both = a.colour is None or b.colour is None or a.colour is not b.colour
            return (1, digit[a.score] + digit[b.score], 0, 0, int(both))  # C5, C6, C8
        if in_next[i] or in_next[j]:
            floater = a if in_bracket[i] else b if in_bracket[j] else None
            if floater is not None or (in_next[i] and in_next[j]):
                return (0, 0, 1, digit[floater.score] if floater is not None else 0, 0)  # C7
        return (0, 0, 0, 0, 0)  # C4 only

    base_edges = {}
    for i in range(n):
        for j in range(i + 1, n):
            if compatible(people[i].id, people[j].id):
                w = 0
                for value, r in zip(fields(i, j), (1, *radix[:-1]), strict=True):
                    w = w * r + value
                base_edges[(i, j)] = w

    fixed: list[tuple[int, int]] = []
    gone: set[int] = set()  # paired in this bracket
    floats: set[int] = set()  # outgoing floaters, settled
    for i in bracket:
        if i in gone or i in floats:
            continue
        edges = []
        for (u, v), w in base_edges.items():
            if u in gone or v in gone:
                continue
            if (u in floats and in_bracket[v]) or (v in floats and in_bracket[u]):
                continue  # a settled floater is paired in no bracket pair
            bonus = 0
            if i in (u, v):
                bonus = order_bonus(bsn[i], bsn.get(v if u == i else u, 0))
            edges.append((u, v, w * radix[-1] + bonus))
        mate = max_weight_matching(n, edges, max_cardinality=True)
        if any(mate[v] == -1 for v in range(n) if v not in gone):
            raise ValueError("the players still to be paired cannot all be paired (C4)")
        j = mate[i]
        if in_bracket[j]:
            fixed.append((people[i].id, people[j].id))
            gone |= {i, j}
        else:
            floats.add(i)
    return fixed

"""B.4: accept the first candidate straight away when it is perfect.

The first candidate in generation order (B.3 with the original S1/S2, no
transposition, no exchange) is the answer whenever no other candidate beats it on
any quality criterion. This module proves that cheaply for the common case, by
checking each criterion against a bound no candidate can beat; when any check is
inconclusive, the caller falls back to the exact matching.
"""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.dutch.criteria import (
    colour_difference_kept,
    no_third_colour_in_a_row,
    preferences_met,
    strong_preferences_met,
)
from pairing.engine.dutch.players import DutchEntrant, Float
from pairing.engine.matching import has_perfect_matching
from pairing.engine.state import Colour


def first_candidate(
    people: list[DutchEntrant], mdp_count: int, bracket_end: int
) -> tuple[list[tuple[int, int]], list[int]] | None:
    residents = list(range(mdp_count, bracket_end))
    if mdp_count > len(residents):
        return None  # a Limbo: leave it to the exact search
    pairs = [(m, residents[m]) for m in range(mdp_count)]
    remainder = residents[mdp_count:]
    half = len(remainder) // 2
    pairs += [(remainder[k], remainder[half + k]) for k in range(half)]
    floaters = remainder[2 * half :]
    return pairs, floaters


def _float_repeated(player: DutchEntrant, direction: Float) -> bool:
    return direction in player.floats


def is_perfect(
    people: list[DutchEntrant],
    mdp_count: int,
    bracket_end: int,
    special: bool,
    final: bool,
    last_round: bool,
    can_meet: Callable[[DutchEntrant, DutchEntrant], bool],
    pairs: list[tuple[int, int]],
    floaters: list[int],
    bye_score: int | None = None,
) -> bool:
    """*bye_score*: the PAB receiver's score when this bracket decides the PAB (2026 C9)."""
    if last_round:
        return False  # topscorers (A.7, C.8, C.9): always the exact search
    if special and bracket_end != len(people):
        return False  # a PPB: the exact search handles completion
    for i, j in pairs:
        a, b = people[i], people[j]
        if not can_meet(a, b):
            return False
        if not (colour_difference_kept(a, b) and no_third_colour_in_a_row(a, b)):
            return False
        if a.score > b.score and (_float_repeated(a, Float.DOWN) or _float_repeated(b, Float.UP)):
            return False  # C.12-C.19
    for f in floaters:
        if _float_repeated(people[f], Float.DOWN):
            return False
    if bye_score is not None and not all(_best_for_c9(people, f, bye_score) for f in floaters):
        return False
    if not _colour_bounds_met(people, bracket_end, pairs, floaters):
        return False
    lookahead = list(range(bracket_end, len(people)))
    if special:
        return all(people[f].bye_eligible for f in floaters)
    return lookahead_ideal(people, floaters, lookahead, final, can_meet)


def _best_for_c9(people: list[DutchEntrant], unpaired: int, bye_score: int) -> bool:
    """2026 C9: no other player of the PAB receiver's score could take the PAB with a
    better count of games (see :mod:`.weights`)."""
    player = people[unpaired]
    if not player.bye_eligible or player.score != bye_score:
        return False
    return player.unplayed == min(p.unplayed for p in people if p.score == bye_score and p.bye_eligible)


def _colour_bounds_met(people, bracket_end, pairs, floaters) -> bool:
    """C.10 and C.11 at the fewest violations any candidate can reach."""
    missed = sum(not preferences_met(people[i], people[j]) for i, j in pairs)
    missed_strong = sum(not strong_preferences_met(people[i], people[j]) for i, j in pairs)
    if missed == 0 and missed_strong == 0:
        return True
    p, f = len(pairs), len(floaters)

    def bound(selector) -> int:
        white = sum(1 for k in range(bracket_end) if selector(people[k], Colour.WHITE))
        black = sum(1 for k in range(bracket_end) if selector(people[k], Colour.BLACK))
        return max(0, max(0, white - p) + max(0, black - p) - f)

    def wants(player, colour):
        return player.preference.colour is colour

    def wants_strongly(player, colour):
        return player.preference.colour is colour and (player.strong or player.absolute)

    return missed <= bound(wants) and missed_strong <= bound(wants_strongly)


def lookahead_ideal(people, floaters, lookahead, final, can_meet) -> bool:
    """C.7: the downfloaters and the next scoregroup pair as fully as they can at all,
    every downfloater among the pairs (and, before the last bracket, with an
    eligible player left for the PAB)."""
    group = floaters + lookahead
    n = len(group)
    neighbours: list[list[int]] = [[] for _ in range(n + n % 2)]
    for x in range(n):
        for y in range(x + 1, n):
            if can_meet(people[group[x]], people[group[y]]):
                neighbours[x].append(y)
                neighbours[y].append(x)
    if n % 2:
        for x in range(len(floaters), n):
            if not final or people[group[x]].bye_eligible:
                neighbours[x].append(n)
                neighbours[n].append(x)
    return has_perfect_matching(len(neighbours), neighbours)

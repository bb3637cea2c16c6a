"""A slow, literal Dutch bracket pairer: the test oracle for small tournaments.

It builds every candidate of a bracket in the generation order of B.6/B.7 and
D.1-D.3 (MDP exchanges, transpositions of S2 for the MDP-Pairing, then resident
exchanges and transpositions in the remainder), scores each one on C.4-C.19
computed directly from its pairs and downfloaters, and takes the best, the
earliest generated among equals (B.8). It shares nothing with the fast engine's
weights, generation fields or matching solver, so agreement between the two is
evidence for both. Exponential: meant for brackets of about ten players.

Two readings follow the reference engine the corpus was paired with: a
downfloater's score difference is taken against one point below the lowest score
in the players considered (bracket plus lookahead), and the remainder's sequence
numbers for D.2 are its own positions (S1R first).

With ``edition=DUTCH_2026`` the brackets are paired as the 2026 text reads: every
bracket sees every player left (no PPB, no collapsed last bracket), and a candidate is
ranked on C4 (the round can be completed, the PAB to a player C2 allows), C5 (the
lowest score for the PAB receiver), C6-C8, C9 (the fewest unplayed games for the PAB
receiver, where the bracket decides the PAB), C10-C13 and C14-C21, each counted by
brute force over the completions of the round. Readings, as the corpus settled them
(docs/dutch.md): C5's lowest score is found once per round; C8 counts only next-bracket
pairs the rest of the round can complete; C9 ranks only where the PAB is decided: the last
bracket, or an odd bracket that pairs among itself all but one PAB-eligible player while
the players below it pair among themselves (gacrux's reading).
PAB eligibility and floats come from the shared general rules (``entrants``).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from itertools import combinations, permutations
from typing import Any

from pairing.engine.dutch.criteria import (
    colour_difference_kept,
    no_third_colour_in_a_row,
    preferences_met,
    strong_preferences_met,
)
from pairing.engine.dutch.players import DutchEntrant, Float
from pairing.engine.dutch.round import RoundPairer
from pairing.engine.dutch.weights import ONE_POINT


def _matchings(items: list[int], allowed) -> list[list[tuple[int, int]]]:
    """Every matching (not necessarily maximal) of *items* using allowed pairs."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    result = _matchings(rest, allowed)  # *first* stays unmatched
    for k, other in enumerate(rest):
        if allowed(first, other):
            for tail in _matchings(rest[:k] + rest[k + 1 :], allowed):
                result.append([(first, other), *tail])
    return result


def _exchange_key(s1: tuple[int, ...], original_s1: set[int]) -> tuple:
    """D.2 a-d for the S1 formed by an exchange (positions in the remainder)."""
    moved_in = sorted(x for x in s1 if x not in original_s1)
    moved_out = sorted((x for x in original_s1 if x not in s1), reverse=True)
    return (len(moved_in), sum(moved_in) - sum(moved_out), tuple(-x for x in moved_out), tuple(moved_in))


class ReferencePairer(RoundPairer):
    """RoundPairer whose brackets are paired by exhaustive generation and sieving."""

    def __init__(self, players: list[DutchEntrant], *args: Any, **kwargs: Any) -> None:
        """RoundPairer's arguments (forbidden pairs, played rounds, last round, edition)."""
        super().__init__(players, *args, **kwargs)
        if self.edition.collapsed_last_bracket:
            return
        # 2026: the sieve's own C5, by brute force on the players as given (C2 eligibility
        # from the general rules); the fast engine's narrowing is replaced.
        self.players = list(players)
        self._originally_eligible = {p.id: p.bye_eligible for p in players}
        self._bit = {p.id: k for k, p in enumerate(self.players)}
        self._perfect = cache(self._perfect_uncached)
        self.pab_score = None
        if len(players) % 2:
            everyone = self._mask(self.players)
            scores = [p.score for p in self._receivers(everyone) if p.bye_eligible]
            self.pab_score = min(scores) if scores else None  # None: pair() refuses the round
        if self.pab_score is not None:
            self.players = [
                dataclasses.replace(p, bye_eligible=p.bye_eligible and p.score <= self.pab_score) for p in self.players
            ]
        self.eligible = {p.id: p.bye_eligible for p in self.players}

    # -- 2026: brute-force completion of the round (C4) ---------------------------
    def _mask(self, group) -> int:
        mask = 0
        for p in group:
            mask |= 1 << self._bit[p.id]
        return mask

    def _perfect_uncached(self, mask: int) -> bool:
        """Can the players of *mask* all be paired among themselves (C1, C3)?"""
        if mask == 0:
            return True
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        for j in range(len(self.players)):
            if rest >> j & 1 and self.can_meet(self.players[low], self.players[j]) and self._perfect(rest & ~(1 << j)):
                return True
        return False

    def _receivers(self, mask: int) -> list[DutchEntrant]:
        """The players of an odd *mask* who can be left unpaired while all others pair."""
        return [p for k, p in enumerate(self.players) if mask >> k & 1 and self._perfect(mask & ~(1 << k))]

    def _completion(self, group, eligible=None):
        """None if *group* cannot complete the round (C4 with C2), else the PAB receivers
        it allows (an empty list when even)."""
        mask = self._mask(group)
        if bin(mask).count("1") % 2 == 0:
            return [] if self._perfect(mask) else None
        eligible = eligible or (lambda p: self.eligible[p.id])
        allowed = [p for p in self._receivers(mask) if eligible(p)]
        return allowed or None

    def _pair_bracket_in_view(
        self, people: list[DutchEntrant], mdp_count: int, bracket_end: int, next_end: int
    ) -> list[tuple[DutchEntrant, DutchEntrant]]:
        ok = lambda i, j: self.can_meet(people[i], people[j])  # noqa: E731
        self._context26 = (people, bracket_end, next_end)
        low = people[next_end - 1].score  # the bracket and the next scoregroup
        universe = {people[i].score - low + ONE_POINT for i in range(bracket_end)}
        universe |= {people[i].score - people[j].score for i in range(bracket_end) for j in range(bracket_end)}
        self._universe = sorted(universe, reverse=True)
        # C9 ranks where the PAB is decided: the last bracket, or an odd bracket that pairs
        # among itself all but one PAB-eligible player while the players below it pair
        # among themselves.
        bracket, below = people[:bracket_end], people[bracket_end:]
        self._c9 = self.pab_score is not None and (
            not below or (len(bracket) % 2 == 1 and self._completion(bracket) and self._completion(below) == [])
        )
        best = self._best_candidate(mdp_count, bracket_end, ok, self._quality_2026)
        return [(people[i], people[j]) for i, j in best]

    def _quality_2026(self, pairs: list[tuple[int, int]], ok) -> tuple:
        people, bracket_end, next_end = self._context26
        low = people[next_end - 1].score
        paired = {v for pair in pairs for v in pair}
        floaters = [i for i in range(bracket_end) if i not in paired]
        below = list(range(bracket_end, len(people)))

        def fsd(i: int) -> int:
            return people[i].score - low + ONE_POINT

        rest = [people[i] for i in floaters + below]
        original = self._completion(rest, lambda p: self._originally_eligible[p.id])
        if original is None:
            return (False,)  # C4
        quality: list = [True]
        quality.append(-min((p.score for p in original), default=0))  # C5
        quality.append(len(pairs))  # C6
        quality.append(
            self._sd_profile(  # C7
                [abs(people[i].score - people[j].score) for i, j in pairs] + [fsd(f) for f in floaters]
            )
        )
        # C8 (pairs of the next bracket the rest of the round completes), then C9.
        group = floaters + list(range(bracket_end, next_end))
        beyond = [people[i] for i in range(next_end, len(people))]

        def allowed(i: int, j: int) -> bool:
            return ok(i, j) and not (i < bracket_end and j < bracket_end)

        options = []
        for m in _matchings(group, allowed) if next_end > bracket_end else [[]]:
            matched = {v for pair in m for v in pair}
            receivers = self._completion([people[v] for v in group if v not in matched] + beyond)
            if receivers is None:
                continue
            option: tuple = ()
            if next_end > bracket_end:
                option = (len(m), self._sd_profile([fsd(f) for f in floaters if f not in matched]))
            if self._c9:
                option += (-min((p.unplayed for p in receivers), default=0),)
            options.append(option)
        quality.append(max(options, default=()))  # empty only when C5 is not met
        duo = [(people[i], people[j]) for i, j in pairs]
        quality += _colour_criteria(duo)  # C10-C13
        counts, differences = [], []
        for back in (0, 1):  # C14-C17 (counts), C18-C21 (score differences)
            if self.played_rounds <= back:
                continue
            down, up = _repeated_floats(duo, [people[f] for f in floaters], back, fsd, floaters)
            counts += [-len(down), -len(up)]
            differences += [self._sd_profile(down), self._sd_profile(up)]
        return tuple(quality + counts + differences)

    def _pair_bracket(
        self, people: list[DutchEntrant], mdp_count: int, bracket_end: int, special: bool, final: bool
    ) -> list[tuple[DutchEntrant, DutchEntrant]]:
        ok = lambda i, j: self.can_meet(people[i], people[j])  # noqa: E731
        self._context = (people, bracket_end, special, final)
        universe = {people[i].score - people[-1].score + ONE_POINT for i in range(bracket_end)}
        universe |= {people[i].score - people[j].score for i in range(bracket_end) for j in range(bracket_end)}
        self._universe = sorted(universe, reverse=True)
        best = self._best_candidate(mdp_count, bracket_end, ok, self._quality)
        return [(people[i], people[j]) for i, j in best]

    def _best_candidate(self, mdp_count: int, bracket_end: int, ok, quality_of) -> list[tuple[int, int]]:
        """Every candidate in the order of generation (D.3: lowest BSNs first among the
        MDPs, D.1 on S2, then the remainder's candidates); the first of the best quality."""
        best, best_quality = None, None
        residents = list(range(mdp_count, bracket_end))
        for size in range(min(mdp_count, len(residents)), -1, -1):
            for s1 in combinations(range(mdp_count), size):
                for opponents in permutations(residents, size):
                    mdp_pairs = list(zip(s1, opponents, strict=True))
                    if not all(ok(i, j) for i, j in mdp_pairs):
                        continue
                    remainder = [r for r in residents if r not in opponents]
                    for rest_pairs in self._remainder_candidates(remainder, ok):
                        pairs = mdp_pairs + rest_pairs
                        quality = quality_of(pairs, ok)
                        if best_quality is None or quality > best_quality:
                            best, best_quality = pairs, quality
        return best or []

    def _remainder_candidates(self, remainder: list[int], ok):
        size = len(remainder)
        most = max((len(m) for m in _matchings(remainder, ok)), default=0)  # MaxPairs
        # Fewer pairs only matter where completion (C.4) outranks C.5, in the PPB.
        for pairs_count in range(most, -1, -1):
            original_s1 = set(range(pairs_count))
            orders = sorted(combinations(range(size), pairs_count), key=lambda s1: _exchange_key(s1, original_s1))
            for s1 in orders:  # D.2
                s2 = [k for k in range(size) if k not in s1]
                for transposition in permutations(s2, pairs_count):  # D.1
                    pairs = [(remainder[a], remainder[b]) for a, b in zip(s1, transposition, strict=True)]
                    pairs = [(min(p), max(p)) for p in pairs]
                    if all(ok(i, j) for i, j in pairs):
                        yield pairs

    def _sd_profile(self, values: list[int]) -> tuple[int, ...]:
        """Counts per score difference, largest difference first, negated: larger is better."""
        return tuple(-values.count(v) for v in self._universe)

    def _quality(self, pairs: list[tuple[int, int]], ok) -> tuple:
        people, bracket_end, special, final = self._context
        low = people[-1].score
        paired = {v for pair in pairs for v in pair}
        floaters = [i for i in range(bracket_end) if i not in paired]
        rest = floaters + list(range(bracket_end, len(people)))

        def fsd(i: int) -> int:
            return people[i].score - low + ONE_POINT

        def ineligible(i: int) -> int:
            return int(not people[i].bye_eligible)

        def rest_allowed(i: int, j: int) -> bool:
            return ok(i, j) and not (i < bracket_end and j < bracket_end)

        bracket_value = sum(1 + ineligible(i) + ineligible(j) for i, j in pairs)
        quality: list = []
        if special:  # A.9 / C.4: complete the round, ineligible players paired (C.2)
            best_rest = max(
                sum(1 + ineligible(i) + ineligible(j) for i, j in m) for m in _matchings(rest, rest_allowed)
            )
            quality.append(bracket_value + best_rest)
        quality.append(len(pairs))  # C.5
        quality.append(
            self._sd_profile(  # C.6
                [abs(people[i].score - people[j].score) for i, j in pairs] + [fsd(f) for f in floaters]
            )
        )
        if not special:  # C.7
            options = []
            for m in _matchings(rest, rest_allowed):
                matched = {v for pair in m for v in pair}
                count = bracket_value + sum(1 + ineligible(i) + ineligible(j) for i, j in m) if final else len(m)
                options.append((count, self._sd_profile([fsd(f) for f in floaters if f not in matched])))
            quality.append(max(options))
        duo = [(people[i], people[j]) for i, j in pairs]
        quality += _colour_criteria(duo)  # C.8-C.11
        for back in (0, 1):
            if self.played_rounds <= back:
                continue
            down, up = _repeated_floats(duo, [people[f] for f in floaters], back, fsd, floaters)
            quality.append((-len(down), -len(up), self._sd_profile(down), self._sd_profile(up)))
        # C.12-C.19 in their order: counts of both round-backs before the differences.
        tail = quality[-(min(self.played_rounds, 2)) :] if self.played_rounds else []
        head = quality[: len(quality) - len(tail)]
        counts = [x for t in tail for x in t[:2]]
        differences = [x for t in tail for x in t[2:]]
        return tuple(head + counts + differences)


def _colour_criteria(duo) -> list[int]:
    """The four colour criteria, counted over the pairs: the colour difference kept within
    the limits, no third colour in a row, preferences met, strong preferences met."""
    return [
        sum(colour_difference_kept(a, b) for a, b in duo),
        sum(no_third_colour_in_a_row(a, b) for a, b in duo),
        sum(preferences_met(a, b) for a, b in duo),
        sum(strong_preferences_met(a, b) for a, b in duo),
    ]


def _repeated_floats(duo, floating, back: int, fsd, floaters) -> tuple[list[int], list[int]]:
    """The score differences of the downfloats and upfloats that repeat the float of
    *back* + 1 rounds before: in the pairs, and the bracket's downfloaters."""
    down, up = [], []
    for a, b in duo:
        if a.score > b.score:
            if a.floats[back] is Float.DOWN:
                down.append(a.score - b.score)
            if b.floats[back] is Float.UP:
                up.append(a.score - b.score)
    down += [fsd(f) for f, person in zip(floaters, floating, strict=True) if person.floats[back] is Float.DOWN]
    return down, up

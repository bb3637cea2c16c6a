"""The quality of a whole Dutch pairing as the bracket procedure weighs it: the brackets in
order (C.04.3 A.9, B), and within a bracket the quality criteria in the order of the
edition's table (2017 C.5-C.19, 2026 C5-C21, :mod:`pairing.engine.dutch.editions`).

Two complete pairings of the same round are compared where they first part: the first
bracket whose pairs or downfloaters differ. Every bracket above it decided the same in
both, so the bracket itself (its MDPs and residents) is the same in both too, and the
criteria are read on it with the engine's own
per-pair terms (:meth:`pairing.engine.dutch.weights.BracketWeights.terms`), summed over
the pairs of every player left in view (the bracket, the next scoregroup as its
lookahead, C.7 / C8, and the players below). Readings (docs/explanations.md):

- the lookahead (C.7, C8) is read on the pairs the next scoregroup really gets in the
  pairing, not on the most it could get;
- completion (A.9, C.4, 2026 C4) is the same in two complete pairings and is not compared;
  2026 C5 (the PAB receiver's score) is compared before any bracket, where the engine
  settles it;
- 2017: the PPB and the collapsed last bracket (A.9) are read one scoregroup at a time,
  like every other bracket.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.dutch.players import DutchEntrant
from pairing.engine.dutch.round import RoundPairer
from pairing.engine.dutch.weights import BracketWeights
from pairing.engine.state import Pairing

Partners = dict[int, int | None]  # each player's opponent, None for the PAB


def partners_of(pairing: Pairing) -> Partners:
    partners: Partners = {}
    for board in pairing.boards:
        partners[board.white], partners[board.black] = board.black, board.white
    if pairing.bye is not None:
        partners[pairing.bye] = None
    return partners


@dataclass(frozen=True)
class Bracket:
    """One bracket of the procedure: *players* the MDPs (first, *mdp_count* of them) and
    the residents; *below* the players of lower scoregroups, the first *next_size* of them
    the next scoregroup."""

    number: int  # 1 for the top scoregroup's bracket
    players: tuple[DutchEntrant, ...]
    mdp_count: int
    below: tuple[DutchEntrant, ...]
    next_size: int

    @property
    def score(self) -> int:
        """The residents' score (tenths); the MDPs' when the bracket has only MDPs."""
        return self.players[min(self.mdp_count, len(self.players) - 1)].score

    @property
    def ids(self) -> frozenset[int]:
        return frozenset(p.id for p in self.players)

    def pairs_in(self, partners: Partners) -> frozenset[tuple[int, int]]:
        """The pairs of *partners* within this bracket."""
        ids = self.ids
        return frozenset(
            (p.id, mate)
            for p in self.players
            if (mate := partners.get(p.id)) is not None and p.id < mate and mate in ids
        )

    def choice(self, partners: Partners) -> tuple[frozenset[tuple[int, int]], frozenset[int]]:
        """What the bracket decides in *partners*: its pairs and its downfloaters (whom
        they meet is decided below, where they are MDPs)."""
        return self.pairs_in(partners), frozenset(self.floaters(partners))

    def floaters(self, partners: Partners) -> tuple[int, ...]:
        """The players of the bracket not paired within it: downfloaters and the PAB."""
        ids = self.ids
        return tuple(p.id for p in self.players if partners.get(p.id) not in ids)


def brackets(pairer: RoundPairer, partners: Partners):
    """The brackets of the round in the order the procedure pairs them, as *partners* (a
    complete pairing) fills them: each bracket is the players the one above floated down
    and the next scoregroup."""
    players = pairer.players
    position, number = 0, 0
    floaters: list[DutchEntrant] = []
    while position < len(players) or len(floaters) > 1:
        end = _group_end(players, position)
        current = floaters + players[position:end]
        following = _group_end(players, end)
        number += 1
        bracket = Bracket(number, tuple(current), len(floaters), tuple(players[end:]), following - end)
        yield bracket
        left = set(bracket.floaters(partners))
        floaters = [p for p in current if p.id in left]
        position = end
        if position >= len(players):
            break


def _group_end(players: list[DutchEntrant], start: int) -> int:
    end = start
    while end < len(players) and players[end].score == players[start].score:
        end += 1
    return end


def _weights(pairer: RoundPairer, bracket: Bracket) -> tuple[BracketWeights, dict[int, int]]:
    """The engine's weights of *bracket* with every player left in view (as 2026 pairs
    each bracket), and each player's index in them."""
    people = list(bracket.players) + list(bracket.below)
    end = len(bracket.players)
    next_end = end + bracket.next_size
    weights = BracketWeights(
        people,
        end,
        True,
        next_end == len(people),
        pairer.played_rounds,
        people[next_end - 1].score,
        True,
        pairer.edition,
        pairer.decides_bye(list(bracket.players), list(bracket.below)),
        next_end,
    )
    return weights, {p.id: k for k, p in enumerate(people)}


def term_values(pairer: RoundPairer, bracket: Bracket, partners: Partners) -> dict[str, int]:
    """The quality terms of *partners* on *bracket*: the engine's per-pair terms summed
    over every pair of the players in view (the bracket and the players below)."""
    weights, index = _weights(pairer, bracket)
    totals = dict.fromkeys((term for term in pairer.edition.terms if term != "completion"), 0)
    for p in weights.people:
        mate = partners.get(p.id)
        if mate is None or index.get(mate, -1) <= index[p.id]:
            continue
        for term, value in weights.terms(index[p.id], index[mate]).items():
            totals[term] += value
    return totals


def pair_terms(pairer: RoundPairer, bracket: Bracket, a: int, b: int) -> dict[str, int]:
    """The terms of the one pair *a*-*b* (ids, both in the bracket or below it)."""
    weights, index = _weights(pairer, bracket)
    i, j = sorted((index[a], index[b]))
    return weights.terms(i, j)


@dataclass(frozen=True)
class Difference:
    """Where two complete pairings first differ: the *bracket*, and there the first
    *term* of the criteria table with different values (None: every term is equal)."""

    bracket: Bracket
    term: str | None
    first: dict[str, int]
    second: dict[str, int]

    @property
    def first_is_better(self) -> bool:
        return self.term is not None and self.first[self.term] > self.second[self.term]


def first_difference(pairer: RoundPairer, first: Partners, second: Partners) -> Difference | None:
    """The first bracket where *first* and *second* differ, and the first quality term
    there whose values differ (higher is better, as in the weights); None when the
    pairings are the same."""
    for bracket in brackets(pairer, first):
        if bracket.choice(first) == bracket.choice(second):
            continue
        mine, theirs = term_values(pairer, bracket, first), term_values(pairer, bracket, second)
        term = next((t for t in mine if mine[t] != theirs[t]), None)
        return Difference(bracket, term, mine, theirs)
    return None

"""What the explanations of the Dubov and Burstein systems share: the groups of a round as
a complete pairing fills them, the comparison of two pairings group by group, and "why
not X?" by the method of :mod:`.dutch_why_not` (absolute criteria first; else the round
paired again with the pair forced, and the first quality criterion that gets worse, in the
first group where the two pairings part).

A system gives its :class:`SystemRules`: its articles, its absolute colour test, the order
in which it gives the PAB, its groups and its quality criteria, in the order of its text.
The reason codes are those of :mod:`.dutch_why_not`, plus :data:`PAB_ORDER` and
:data:`COLOUR_LIMIT`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from pairing.engine import pair
from pairing.engine.explain import dutch_round
from pairing.engine.explain import dutch_why_not as dutch
from pairing.engine.explain.dutch_quality import Partners, partners_of
from pairing.engine.explain.dutch_why_not import forcing
from pairing.engine.options import PairingOptions
from pairing.engine.state import Colour, Pairing, PairingError, TournamentState

PAIRED = dutch.PAIRED
NOT_IN_ROUND = dutch.NOT_IN_ROUND
MET_BEFORE = dutch.MET_BEFORE
FORBIDDEN = dutch.FORBIDDEN
SAME_ABSOLUTE_COLOUR = dutch.SAME_ABSOLUTE_COLOUR
NO_COMPLETION = dutch.NO_COMPLETION
WORSE = dutch.WORSE
EQUAL = dutch.EQUAL
NOT_WORSE = dutch.NOT_WORSE
PAB_ORDER = "pab_order"  # the PAB, given before any group is paired, would go to a later player in its order
COLOUR_LIMIT = "colour_limit"  # Burstein 2017 5.2/5.3: both may only have the same colour
SEEDING = "seeding"  # Burstein 2026 1.6.1: a seeding round, answered by the Dutch system

ABSOLUTE = frozenset({NOT_IN_ROUND, MET_BEFORE, FORBIDDEN, SAME_ABSOLUTE_COLOUR, NO_COMPLETION, COLOUR_LIMIT})

Value = int | tuple[int, ...]


@dataclass(frozen=True)
class Group:
    """One group of the procedure as a pairing fills it: *players* those paired in it
    (and those it lets go down), *incoming* those who came from another score (Dubov: the
    upfloaters; Burstein: the floaters from above)."""

    number: int  # 1 for the top one
    score: int  # its residents' score (tenths)
    players: tuple[int, ...]
    incoming: tuple[int, ...]

    @property
    def ids(self) -> frozenset[int]:
        return frozenset(self.players)

    def pairs_in(self, partners: Partners) -> frozenset[tuple[int, int]]:
        ids = self.ids
        return frozenset(
            (p, mate) for p in self.players if (mate := partners.get(p)) is not None and p < mate and mate in ids
        )

    def floaters(self, partners: Partners) -> tuple[int, ...]:
        """The players of the group not paired within it (Burstein's outgoing floaters)."""
        ids = self.ids
        return tuple(p for p in self.players if partners.get(p) not in ids)

    def choice(self, partners: Partners) -> tuple[frozenset[int], frozenset[tuple[int, int]], frozenset[int]]:
        """What the group decides: who is in it (Dubov: its upfloaters), its pairs, who leaves it."""
        return self.ids, self.pairs_in(partners), frozenset(self.floaters(partners))


@dataclass(frozen=True)
class Difference:
    """Where two complete pairings first differ: the *group* (as the first pairing fills
    it) and there the first *term* whose values differ (None: every term is equal)."""

    group: Group
    term: str | None
    first: Mapping[str, Value]
    second: Mapping[str, Value]
    first_is_better: bool

    @property
    def bracket(self) -> Group:
        return self.group

    def count(self) -> int:
        """How much the term differs, when it is a count."""
        x, y = self.first.get(self.term or ""), self.second.get(self.term or "")
        return abs(x - y) if isinstance(x, int) and isinstance(y, int) else 0


class SystemRules(Protocol):
    """What a system tells the comparison (its state is the round being explained)."""

    state: TournamentState
    articles: Mapping[str, str]  # reason or term -> the article of the edition
    terms: Sequence[str]  # the quality criteria, in the text's order
    higher_is_better: frozenset[str]  # the terms where more is better (else fewer is)

    def absolute_colour(self, a: int, b: int) -> Colour | None:
        """The colour both must have when that forbids the pair (None: it does not)."""

    def bye_order(self) -> list[int]:
        """The players who may receive the PAB, in the order the system gives it."""

    def groups(self, partners: Partners) -> Iterator[Group]:
        """The groups in the order the procedure pairs them, as *partners* fills them."""

    def values(self, group: Group, partners: Partners) -> dict[str, Value]:
        """The quality terms of *partners* on *group*."""

    def fails(self, term: str, a: int, b: int) -> bool:
        """Does the pair *a*-*b* break the per-pair criterion *term*? (False for the others.)"""


def better(rules: SystemRules, term: str, x: Value, y: Value) -> bool:
    """Is value *x* of *term* better than *y*?"""
    return x > y if term in rules.higher_is_better else x < y  # type: ignore[operator]


def first_difference(rules: SystemRules, first: Partners, second: Partners) -> Difference | None:
    """The first group whose decision differs in the two pairings (every group above
    decided the same, so it holds the same residents in both) and the first term there
    whose values differ."""
    for mine, theirs in zip(rules.groups(first), rules.groups(second), strict=False):
        if mine.choice(first) == theirs.choice(second):
            continue
        values, others = rules.values(mine, first), rules.values(theirs, second)
        term = next((t for t in rules.terms if values[t] != others[t]), None)
        return Difference(
            mine, term, values, others, term is not None and better(rules, term, values[term], others[term])
        )
    return None


@dataclass(frozen=True)
class WhyNot:
    """The answer for *a* and *b* under *system*: the fields of :class:`.dutch_why_not.WhyNot`;
    *byes* the engine's and the forced pairing's PAB receivers (PAB_ORDER); *dutch* the
    Dutch system's own answer for a Burstein seeding round."""

    system: str
    edition: str
    a: int
    b: int
    reason: str
    rule: str
    pairing: Pairing
    forced: Pairing | None = None
    round_met: int | None = None
    difference: Difference | None = None
    colour: Colour | None = None
    byes: tuple[int, int] | None = None
    dutch: dutch.WhyNot | None = None
    round_to_pair: int = 0
    culprits: tuple[tuple[int, int], ...] = ()  # WORSE: pairs of the forced group breaking the criterion

    @property
    def absolute(self) -> bool:
        return self.reason in ABSOLUTE or (self.dutch is not None and self.dutch.absolute)

    @property
    def term(self) -> str | None:
        return self.difference.term if self.difference else None


def round_met(state: TournamentState, a: int, b: int) -> int | None:
    for number, entry in enumerate(state.by_id[a].history, start=1):
        if entry.played and entry.opponent == b:
            return number
    return None


def why_not_by(
    system: str,
    edition: str,
    rules: SystemRules,
    a: int,
    b: int,
    options: PairingOptions,
    pairing: Pairing,
) -> WhyNot:
    """The answer by *rules* for the (already accelerated) ``rules.state``, *pairing* the
    engine's own."""
    state = rules.state
    articles = rules.articles

    def answer(reason: str, **more: object) -> WhyNot:
        rule = more.pop("rule", articles.get(reason, ""))
        more.setdefault("round_to_pair", state.round_to_pair)
        return WhyNot(system, edition, a, b, reason, str(rule), pairing, **more)  # type: ignore[arg-type]

    present = {p.id for p in state.to_pair}
    if a == b or a not in present or b not in present:
        return answer(NOT_IN_ROUND)
    engine = partners_of(pairing)
    if engine.get(a) == b:
        return answer(PAIRED)
    met = round_met(state, a, b)
    if met is not None:
        return answer(MET_BEFORE, round_met=met)
    if frozenset((a, b)) in {frozenset(p) for p in state.forbidden}:
        return answer(FORBIDDEN)
    colour = rules.absolute_colour(a, b)
    if colour is not None:
        # Burstein 2017 has no absolute preference but colour limits (5.2, 5.3), its articles say so.
        return answer(COLOUR_LIMIT if COLOUR_LIMIT in articles else SAME_ABSOLUTE_COLOUR, colour=colour)
    try:
        forced = pair(forcing(state, a, b), system, edition, options)
    except PairingError:
        return answer(NO_COMPLETION)
    forced = dataclasses.replace(forced, notes=())
    if pairing.bye != forced.bye and pairing.bye is not None and forced.bye is not None:
        order = rules.bye_order()
        if order.index(forced.bye) > order.index(pairing.bye):
            return answer(PAB_ORDER, forced=forced, byes=(pairing.bye, forced.bye))
        return answer(NOT_WORSE, forced=forced, byes=(pairing.bye, forced.bye), rule=articles[PAB_ORDER])
    difference = first_difference(rules, engine, partners_of(forced))
    if difference is None or difference.term is None:
        return answer(EQUAL, forced=forced, difference=difference)
    if not difference.first_is_better:
        return answer(NOT_WORSE, forced=forced, difference=difference, rule=articles[difference.term])
    group, term = difference.group, difference.term
    forced_pairs = next(g for g in rules.groups(partners_of(forced)) if g.number == group.number).pairs_in(
        partners_of(forced)
    )
    culprits = tuple(sorted(p for p in forced_pairs - group.pairs_in(engine) if rules.fails(term, *p)))
    return answer(WORSE, forced=forced, difference=difference, rule=articles[term], culprits=culprits)


def score_groups(players: Sequence[tuple[int, int]], partners: Partners) -> Iterator[Group]:
    """Brackets of incoming floaters and a score group (Burstein 2026, 2, 3.2): the players
    each one lets go down and the next score group; *players* (id, pairing score) by score
    descending, the PAB receiver left out."""
    people = [(pid, score) for pid, score in players if partners.get(pid) is not None]
    position, number = 0, 0
    incoming: list[int] = []
    while position < len(people):
        end = position
        while end < len(people) and people[end][1] == people[position][1]:
            end += 1
        number += 1
        group = Group(
            number, people[position][1], tuple(incoming) + tuple(p for p, _ in people[position:end]), tuple(incoming)
        )
        yield group
        incoming = list(group.floaters(partners))
        position = end


@dataclass(frozen=True)
class PlayerExplanation:
    """One player of the round: the group he was paired in, his opponent, how he floated
    and why, and the colour rule that gave his colour (the article of the edition)."""

    player: int
    score: int  # pairing score (tenths)
    group: int  # the group he was paired in (the PAB receiver: none, 0)
    group_score: int  # its residents' score
    opponent: int | None  # None: the PAB
    opponent_score: int
    float: str  # "up": he met a higher score; "down": a lower one; "": his own score
    colour: Colour | None
    colour_rule: str  # the article, "" for the PAB
    colour_for_opponent: bool  # the rule was applied for the opponent, the higher-ranked
    float_reason: str = ""  # why he floated, a key of the system's wording ("" : no float)
    float_rule: str = ""  # the articles that made him float
    float_choice_rule: str = ""  # the articles that chose him among those who could
    group_size: int = 0  # the players of his group's score
    left_unpaired: int = 0  # how many of them its own players leave unpaired (Dubov B.1)
    floaters: tuple[int, ...] = ()  # the players who floated with him


@dataclass(frozen=True)
class RoundExplanation:
    system: str
    edition: str
    players: tuple[PlayerExplanation, ...]  # by score, then the system's order
    bye: int | None
    bye_rule: str
    seeding: dutch_round.RoundExplanation | None = None  # Burstein 2026 1.6.1: the Dutch system's
    round: int = 0  # the round explained


def colour_facts(pairing: Pairing) -> dict[int, Colour]:
    return {b.white: Colour.WHITE for b in pairing.boards} | {b.black: Colour.BLACK for b in pairing.boards}

"""The Dubov system (C.04.4.1, Batumi 2018 text and 2026 text) as the explanations read it:
its groups, its quality criteria C.5-C.10 ([C5]-[C10] in 2026), its colour rules
E.0-E.4 (5.2.1-5.2.5) and its PAB order B.0 (3.1), each with the article of the edition.

A group is a score group and the upfloaters its residents meet (A.3: Dubov has
upfloaters only); its decision is its set of upfloaters and its pairs. The criteria are
those the engine weighs a bracket by (:mod:`pairing.engine.dubov.criteria`), in the
order of the text, every one fewer-is-better:

- C.5 the number of upfloaters; C.6 their scores (the lowest maximised first, then the
  next: :func:`upfloater_scores`); C.7 the players without their colour preference (a pair
  of two players seeking the same colour, E.1 granting both whenever they differ);
- C.8-C.10 the maximum upfloaters among them, their upfloats, those who upfloated in the
  previous round (none in the last round).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from pairing.engine.common.colours import latest_difference
from pairing.engine.common.editions import EDITION_2017
from pairing.engine.dubov.bye import bye_order
from pairing.engine.dubov.colours import higher_ranked
from pairing.engine.dubov.criteria import float_failures
from pairing.engine.dubov.field import Field
from pairing.engine.dubov.graphs import Matcher
from pairing.engine.dubov.players import DubovEntrant, entrants
from pairing.engine.explain import common as c
from pairing.engine.explain.dutch_quality import Partners
from pairing.engine.state import Colour, Player, TournamentState

TERMS = (
    "upfloaters",
    "upfloater_scores",
    "colour_preferences",
    "maximum_upfloaters",
    "maximum_upfloats",
    "upfloated_again",
)

ARTICLES = {
    EDITION_2017: {
        c.NOT_IN_ROUND: "C.04.1",
        c.MET_BEFORE: "C.1",
        c.FORBIDDEN: "C.1",
        c.SAME_ABSOLUTE_COLOUR: "C.3",
        c.NO_COMPLETION: "C.4",
        c.PAB_ORDER: "B.0",
        c.EQUAL: "B.2, D.1-D.3",
        "upfloaters": "C.5",
        "upfloater_scores": "C.6",
        "colour_preferences": "C.7",
        "maximum_upfloaters": "C.8",
        "maximum_upfloats": "C.9",
        "upfloated_again": "C.10",
        "upfloat": "A.3, B.1, C.4, C.5",
        "upfloat_choice": "C.6-C.10, D.1",
        "bye": "B.0",
    },
    "2026": {
        c.NOT_IN_ROUND: "C.04.1",
        c.MET_BEFORE: "[C1]",
        c.FORBIDDEN: "[C1]",
        c.SAME_ABSOLUTE_COLOUR: "[C3]",
        c.NO_COMPLETION: "[C4]",
        c.PAB_ORDER: "3.1",
        # A reading: the sources at hand quote the 2026 criteria, not the new numbers of
        # the generation order, which reads as 2018's D.1-D.3 (docs/explanations.md).
        c.EQUAL: "D.1-D.3 of 2018",
        "upfloaters": "[C5]",
        "upfloater_scores": "[C6]",
        "colour_preferences": "[C7]",
        "maximum_upfloaters": "[C8]",
        "maximum_upfloats": "[C9]",
        "upfloated_again": "[C10]",
        "upfloat": "1.3, [C4], [C5]",
        "upfloat_choice": "[C6]-[C10], D.1 of 2018",
        "bye": "3.1",
    },
}

COLOUR_ARTICLES = {
    EDITION_2017: ("E.0", "E.1", "E.2", "E.3", "E.4"),
    "2026": ("5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"),
}


def upfloater_scores(upfloaters: Sequence[DubovEntrant]) -> tuple[int, ...]:
    """C.6 as a key where smaller is better: the upfloaters' scores, lowest first, negated
    (the lowest score maximised first, then the second lowest)."""
    return tuple(-u.score for u in sorted(upfloaters, key=lambda u: u.score))


def colour_rule(
    high: DubovEntrant, low: DubovEntrant, initial: Colour, players: dict[int, Player]
) -> tuple[Colour, int]:
    """The colour of the higher-ranked player *high* (E.0) and which of E.0-E.4 gave it
    (0-4), by the steps of :func:`pairing.engine.dubov.colours.colour_of_higher`."""
    if not high.has_played and not low.has_played:
        return (initial if high.number % 2 else initial.opposite), 0
    hp, lp = high.preference, low.preference
    if hp.colour is not lp.colour:
        return high.colour, 1
    if hp.strength != lp.strength:
        return (high.colour if hp.strength > lp.strength else low.colour.opposite), 2
    earlier = latest_difference(players[high.id].colour_sequence(), players[low.id].colour_sequence())
    if earlier is not None:
        return earlier.opposite, 3
    return high.colour, 4


class DubovRules:
    """The facts of one Dubov round and its criteria (:class:`.common.SystemRules`)."""

    terms = TERMS
    higher_is_better: frozenset[str] = frozenset()

    def __init__(self, state: TournamentState, edition: str) -> None:
        self.state = state
        self.edition = edition
        self.articles = ARTICLES[edition]
        self.players = entrants(state, edition)
        self.by_id = {p.id: p for p in self.players}
        self.last_round = state.is_last_round
        self.field = Field(self.players, state.forbidden)

    def absolute_colour(self, a: int, b: int) -> Colour | None:
        pa, pb = self.by_id[a], self.by_id[b]
        return pa.colour if pa.absolute and pb.absolute and pa.colour is pb.colour else None  # C.3

    def bye_order(self) -> list[int]:
        return [p.id for p in bye_order(self.players)]

    def groups(self, partners: Partners) -> Iterator[c.Group]:
        """A.8: the score groups from the top, each with the upfloaters its residents meet."""
        remaining = [p for p in self.players if partners.get(p.id) is not None]
        number = 0
        while remaining:
            number += 1
            top = remaining[0].score
            residents = [p.id for p in remaining if p.score == top]
            inside = set(residents)
            upfloaters = [p.id for p in remaining if p.id not in inside and partners[p.id] in inside]
            yield c.Group(number, top, (*residents, *upfloaters), tuple(upfloaters))
            inside.update(upfloaters)
            remaining = [p for p in remaining if p.id not in inside]

    def values(self, group: c.Group, partners: Partners) -> dict[str, c.Value]:
        ups = [self.by_id[u] for u in group.incoming]
        pairs = group.pairs_in(partners)
        c8, c9, c10 = float_failures(ups, self.last_round)
        return {
            "upfloaters": len(ups),
            "upfloater_scores": upfloater_scores(ups),
            "colour_preferences": sum(1 for x, y in pairs if self.by_id[x].colour is self.by_id[y].colour),
            "maximum_upfloaters": c8,
            "maximum_upfloats": c9,
            "upfloated_again": c10,
        }

    def fails(self, term: str, a: int, b: int) -> bool:
        return term == "colour_preferences" and self.by_id[a].colour is self.by_id[b].colour  # C.7

    def left_unpaired(self, residents: Sequence[int]) -> int:
        """B.1: how many residents a largest pairing among themselves leaves out, the fewest
        upfloaters the score group needs."""
        people = [self.by_id[r] for r in residents]
        size = Matcher(self.field.adj, self.field.mask(people), stop_at_first_failure=False).size
        return len(people) - 2 * size

    def colour_of(self, a: int, b: int) -> tuple[int, Colour, str]:
        """The higher-ranked of *a* and *b* (E.0), his colour and the article that gave it."""
        high = higher_ranked(self.by_id[a], self.by_id[b])
        low = self.by_id[b if high.id == a else a]
        colour, step = colour_rule(high, low, self.state.initial_colour, self.state.by_id)
        return high.id, colour, COLOUR_ARTICLES[self.edition][step]

"""The Burstein system (C.04.4.2) as the explanations read it, in its two editions: its
brackets, its quality criteria, its colour rules and its PAB order, with the article of
the edition. Both editions pair the score groups from the top, each with the players the
one above let go down.

The seed edition (rules 1-6): a score group and the floater from above (6.3) are paired by
the first combination of 6.2/6.4 order that gives the most players their due colour
(6.5), its floater able to meet the next group and the rest pairable (6.6); a group that
cannot be paired so is merged with the next and paired as one with it (6.6). Its
criteria, fewer is better: the score groups merged into the group, the players it lets go
down (6.3: at most one), then the players paired in it without their due colour (6.5; a
pair of two players due the same colour, 5.4 giving both their due colour whenever they
differ).

The 2026 edition (articles 1-5): [C5] the most pairs (the fewest outgoing floaters); [C6]
the outgoing floaters' scores, taken in descending order, as low as possible; [C7] the
next bracket as well paired as can be (its most pairs, then the highest scores of the
floaters paired there), read on the pairs it really gets; [C8] the fewest players without
their colour preference (a pair of two players preferring the same colour).
"""

from __future__ import annotations

from collections.abc import Iterator

from pairing.engine.burstein.bye import bye_candidates
from pairing.engine.burstein.corrected import BursteinEntrant, entrants, seeding_rounds
from pairing.engine.burstein.players import BursteinRound

# The engine's own step of 5.4 (equalise, then alternate), so that the rule named is the one applied.
from pairing.engine.common.colours import _favoured_by_history, latest_difference
from pairing.engine.common.editions import EDITION_2017
from pairing.engine.explain import common as c
from pairing.engine.explain.dutch_quality import Partners
from pairing.engine.state import Colour, TournamentState

ARTICLES_2017 = {
    c.NOT_IN_ROUND: "C.04.1",
    c.MET_BEFORE: "3.1",
    c.FORBIDDEN: "3.1",
    c.COLOUR_LIMIT: "5.2, 5.3",
    c.NO_COMPLETION: "6.6",
    c.PAB_ORDER: "4.1-4.3",
    c.EQUAL: "6.1, 6.2, 6.4",
    "merged": "6.6",
    "floaters": "6.3, 6.6",
    "due_colours": "6.5",
    "float": "6.3, 6.4, 6.6",
    "float_choice": "6.2, 6.4, 6.5, 6.6",
    "merge": "6.6",
    "bye": "4.1-4.3",
}

ARTICLES_2026 = {
    c.NOT_IN_ROUND: "C.04.1",
    c.MET_BEFORE: "[C1]",
    c.FORBIDDEN: "[C1]",
    c.SAME_ABSOLUTE_COLOUR: "[C3]",
    c.NO_COMPLETION: "[C4]",
    c.PAB_ORDER: "3.1",
    c.EQUAL: "4",
    "floaters": "[C5]",
    "floater_scores": "[C6]",
    "next_pairs": "[C7]",
    "next_floater_scores": "[C7]",
    "colour_preferences": "[C8]",
    "float": "3.2, [C5]",
    "float_choice": "[C6]-[C8], 4",
    "bye": "3.1",
}

TERMS_2017 = ("merged", "floaters", "due_colours")
TERMS_2026 = ("floaters", "floater_scores", "next_pairs", "next_floater_scores", "colour_preferences")


class Burstein2017Rules:
    """The facts of one round under the seed edition (:class:`.common.SystemRules`)."""

    terms = TERMS_2017
    higher_is_better: frozenset[str] = frozenset()
    articles = ARTICLES_2017

    def __init__(self, state: TournamentState) -> None:
        self.state = state
        self.edition = EDITION_2017
        self.data = BursteinRound(state, EDITION_2017, burstein_acceleration=False)
        self.order = sorted(self.data.ids, key=self.data.rank_key)
        self.score = self.data.score

    def absolute_colour(self, a: int, b: int) -> Colour | None:
        fa, fb = self.data.colour[a].forced, self.data.colour[b].forced
        return fa if fa is not None and fa is fb else None  # 5.2, 5.3

    def bye_order(self) -> list[int]:
        return bye_candidates(self.data)

    def groups(self, partners: Partners) -> Iterator[c.Group]:
        """The score groups with the floater from above (6.3); a group that lets more than
        one player go, or lets its floater from above go on, was merged with the next one
        (6.6: "paired as one score group") and is read as one group with it."""
        people = [p for p in self.order if partners.get(p) is not None]
        position, number = 0, 0
        incoming: tuple[int, ...] = ()
        while position < len(people):
            number += 1
            end = self._group_end(people, position)
            while True:
                group = c.Group(number, self.score[people[position]], (*incoming, *people[position:end]), incoming)
                leaving = group.floaters(partners)
                if end == len(people) or (len(leaving) < 2 and not set(leaving) & set(incoming)):
                    break
                end = self._group_end(people, end)
            yield group
            incoming, position = leaving, end

    def _group_end(self, people: list[int], start: int) -> int:
        end = start
        while end < len(people) and self.score[people[end]] == self.score[people[start]]:
            end += 1
        return end

    def values(self, group: c.Group, partners: Partners) -> dict[str, c.Value]:
        due = {p: self.data.colour[p].due for p in group.players}
        pairs = group.pairs_in(partners)
        residents = [p for p in group.players if p not in group.incoming]
        return {
            "merged": len({self.score[p] for p in residents}) - 1,
            "floaters": len(group.floaters(partners)),
            "due_colours": sum(1 for x, y in pairs if due[x] is not None and due[x] is due[y]),
        }

    def fails(self, term: str, a: int, b: int) -> bool:
        due = self.data.colour[a].due
        return term == "due_colours" and due is not None and due is self.data.colour[b].due  # 6.5

    def colour_of(self, a: int, b: int) -> tuple[int, Colour, str]:
        """The player the rule is applied for, his colour and the article (5.1-5.4)."""
        ca, cb = self.data.colour[a], self.data.colour[b]
        for pid, state in ((a, ca), (b, cb)):
            if state.forced is not None:
                return pid, state.forced, "5.2" if abs(state.difference) >= 2 else "5.3"
        if ca.due is None and cb.due is None:
            numbers = self.data.number
            top = a if numbers[a] < numbers[b] else b
            initial = self.state.initial_colour
            return top, initial if numbers[top] % 2 == 1 else initial.opposite, "5.1"
        if ca.due is None or cb.due is None or ca.due is not cb.due:
            pid, state = (a, ca) if ca.due is not None else (b, cb)
            assert state.due is not None
            return pid, state.due, "5.4 a"
        favoured = _favoured_by_history(a, b, ca, cb)
        if favoured is not None:
            step = "5.4 b" if abs(ca.difference) != abs(cb.difference) else "5.4 c"
            return favoured, ca.due, step
        strength = self.data.strength
        favoured = a if strength[a] > strength[b] else b
        return favoured, ca.due, "5.4 d"


def burstein_2026_colour_preference_failure(x: BursteinEntrant, y: BursteinEntrant) -> bool:
    return x.colour is not None and x.colour is y.colour


class Burstein2026Rules:
    """The facts of one round after the seeding rounds, 2026 edition."""

    terms = TERMS_2026
    higher_is_better = frozenset({"next_pairs", "next_floater_scores"})
    articles = ARTICLES_2026

    def __init__(self, state: TournamentState) -> None:
        self.state = state
        self.edition = "2026"
        players = entrants(state)
        self.by_id = {p.id: p for p in players}
        # score descending; inside a bracket 1.8 (the order does not change the groups)
        self.players = sorted(players, key=lambda p: (-p.score, tuple(-x for x in _key(p))))

    def absolute_colour(self, a: int, b: int) -> Colour | None:
        pa, pb = self.by_id[a], self.by_id[b]
        return pa.colour if pa.absolute and pb.absolute and pa.colour is pb.colour else None  # [C3]

    def bye_order(self) -> list[int]:
        eligible = [p for p in self.players if p.bye_eligible]  # 3.1.1, [C2]
        return [p.id for p in sorted(eligible, key=lambda p: (p.score, -p.games, p.index))]

    def groups(self, partners: Partners) -> Iterator[c.Group]:
        return c.score_groups([(p.id, p.score) for p in self.players], partners)

    def values(self, group: c.Group, partners: Partners) -> dict[str, c.Value]:
        by_id = self.by_id
        outgoing = group.floaters(partners)
        following = None
        for other in self.groups(partners):
            if other.number == group.number + 1:
                following = other
                break
        next_pairs = following.pairs_in(partners) if following is not None else frozenset()
        met_there = [f for f in outgoing if following is not None and partners.get(f) in following.ids]
        return {
            "floaters": len(outgoing),
            "floater_scores": tuple(sorted((by_id[f].score for f in outgoing), reverse=True)),
            "next_pairs": len(next_pairs),
            "next_floater_scores": tuple(sorted((by_id[f].score for f in met_there), reverse=True)),
            "colour_preferences": sum(
                1 for x, y in group.pairs_in(partners) if burstein_2026_colour_preference_failure(by_id[x], by_id[y])
            ),
        }

    def fails(self, term: str, a: int, b: int) -> bool:
        return term == "colour_preferences" and burstein_2026_colour_preference_failure(self.by_id[a], self.by_id[b])

    def colour_of(self, a: int, b: int) -> tuple[int, Colour, str]:
        """5.2.1-5.2.5 by the steps of :func:`pairing.engine.burstein.corrected.white_and_black`:
        the player the rule is applied for, his colour, the article."""
        pa, pb = self.by_id[a], self.by_id[b]
        if not pa.games and not pb.games:
            high = min((pa, pb), key=lambda p: (-p.score, p.number))
            initial = self.state.initial_colour
            return high.id, initial if high.number % 2 else initial.opposite, "5.2.1"
        if pa.colour is not None and pb.colour is not None and pa.colour is not pb.colour:
            return a, pa.colour, "5.2.2"
        if pa.preference.strength != pb.preference.strength:
            strong = pa if pa.preference.strength > pb.preference.strength else pb
            assert strong.colour is not None
            return strong.id, strong.colour, "5.2.3"
        earlier = latest_difference(pa.sequence, pb.sequence)
        if earlier is not None:
            return a, earlier.opposite, "5.2.4"
        high = pa if pa.index > pb.index else pb
        assert high.colour is not None
        return high.id, high.colour, "5.2.5"


def _key(p: BursteinEntrant) -> tuple[int, int, int]:
    return (p.index.buchholz, p.index.sonneborn_berger, p.index.minus_number)


def is_seeding_round(state: TournamentState) -> bool:
    """1.6.1: the 2026 text pairs its first rounds by the FIDE (Dutch) system."""
    return state.round_to_pair <= seeding_rounds(state.total_rounds)

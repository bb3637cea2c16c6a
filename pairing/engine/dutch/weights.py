"""Edge weights that encode the Dutch quality criteria in priority order.

Each pair of players gets one integer whose bit fields are, from the most
significant, the terms of the edition's criteria table (:mod:`.editions`): for
2017, completion (A.9, C.4, in the PPB and the last bracket), C.5, C.6, C.7
(lookahead into the next scoregroup), C.8-C.11 (colours), C.12-C.15 (float
repetitions) and C.16-C.19 (their score differences); for 2026 the same terms as
C4, C6-C8 and C10-C21, with C5 and C9 (the PAB receiver's score and unplayed games)
where the bye is decided. A maximum-weight matching then maximises the fields
lexicographically. Every field is wide enough that its sum over any matching
cannot reach the field above, negative terms included.

Score differences (A.8) are compared lexicographically, largest first: each
distinct difference owns a slot, larger differences higher slots, so that the
sum of ``1 << slot`` terms orders PSDs as the rules do. A downfloater's
difference is taken against one point less than the lowest score in the graph.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pairing.engine.dutch.criteria import (
    colour_difference_kept,
    no_third_colour_in_a_row,
    preferences_met,
    strong_preferences_met,
)
from pairing.engine.dutch.editions import DutchEdition
from pairing.engine.dutch.players import DutchEntrant, Float

ONE_POINT = 10  # tenths


@dataclass
class Layout:
    """Bit fields from the most significant down, and their offsets."""

    widths: list[tuple[str, int]]

    def __post_init__(self) -> None:
        self.offsets: dict[str, int] = {}
        offset = 0
        for name, width in reversed(self.widths):
            self.offsets[name] = offset
            offset += width
        self.total = offset


class BracketWeights:
    """Quality weights for one bracket: players ``people[:bracket_end]`` are the
    bracket (MDPs first), the rest are the lookahead group (or, for the PPB and
    the last bracket, every remaining player)."""

    def __init__(
        self,
        people: list[DutchEntrant],
        bracket_end: int,
        special: bool,
        final: bool,
        played_rounds: int,
        min_score: int | None,
        lookahead: bool,
        edition: DutchEdition,
        bye_score: int | None = None,
        next_end: int | None = None,
    ) -> None:
        """*bye_score*: the PAB receiver's score when the PAB is decided in this bracket
        (2026 C9, see :meth:`.round.RoundPairer.decides_bye`), else None. *next_end*
        (2026): the graph holds every player left, ``people[bracket_end:next_end]`` being
        the next scoregroup; the completion field (C4) then weighs every pair and the
        lookahead (C8) only the pairs within the bracket and the next scoregroup."""
        self.people = people
        self.bracket_end = bracket_end
        self.special = special
        self.final = final
        self.played_rounds = played_rounds
        n = len(people)
        self.completion_everywhere = next_end is not None
        self.next_end = n if next_end is None else next_end
        self.lookahead = lookahead and (not special or self.completion_everywhere) and self.next_end > bracket_end
        self.min_score = people[-1].score if min_score is None else min_score
        values = {self._float_sd(people[i]) for i in range(bracket_end)}
        values |= {people[i].score - people[j].score for i in range(bracket_end) for j in range(i + 1, bracket_end)}
        slot_width = (bracket_end + 1).bit_length() + 1
        self.slot = {v: k * slot_width for k, v in enumerate(sorted(values))}
        sd_width = slot_width * len(values) + 2
        count = (3 * n + 3).bit_length() + 1
        small = (2 * n + 2).bit_length() + 1
        # C9 (2026) ranks the player left unpaired where the PAB is decided: every player
        # of the PAB receiver's score who is paired earns a rank by games played.
        self.bye_score = bye_score
        most_played = max((p.unplayed for p in people), default=0)
        widths = {
            "completion": count if special else 0,
            "pairs": small,
            "floater_scores": sd_width,
            "next_pairs": count if self.lookahead else 0,
            "next_scores": sd_width if self.lookahead else 0,
            "pab_unplayed": (n * most_played + 1).bit_length() + 1 if bye_score is not None else 0,
            "topscorer_difference": small,
            "topscorer_third": small,
            "preference": small,
            "strong_preference": small,
            "down_again": small if played_rounds >= 1 else 0,
            "up_again": small if played_rounds >= 1 else 0,
            "down_2": small if played_rounds >= 2 else 0,
            "up_2": small if played_rounds >= 2 else 0,
            "down_again_scores": sd_width if played_rounds >= 1 else 0,
            "up_again_scores": sd_width if played_rounds >= 1 else 0,
            "down_2_scores": sd_width if played_rounds >= 2 else 0,
            "up_2_scores": sd_width if played_rounds >= 2 else 0,
        }
        self.edition = edition
        fields = [(term, widths[term]) for term in edition.terms if widths[term]]
        self.layout = Layout(fields)
        self._memo: dict[int, int] = {}

    def _float_sd(self, player: DutchEntrant) -> int:
        return player.score - self.min_score + ONE_POINT

    def _float_cost(self, player: DutchEntrant) -> int:
        return 1 << self.slot[self._float_sd(player)]

    def _pair_cost(self, high: DutchEntrant, low: DutchEntrant) -> int:
        return 1 << self.slot[high.score - low.score]

    def weight(self, i: int, j: int) -> int:
        """The quality weight of pairing people[i] with people[j], i < j (i ranks higher)."""
        classes = self._classes
        key = classes[i] * len(classes) + classes[j]
        w = self._memo.get(key)
        if w is None:
            w = self._memo[key] = self._weight(i, j)
        return w

    @cached_property
    def _classes(self) -> list[int]:
        """Players the weights cannot tell apart share a class number: same facts read by
        ``_weight``, same side of the bracket's end."""
        numbers: dict[tuple, int] = {}
        return [
            numbers.setdefault(
                (
                    p.score,
                    p.bye_eligible,
                    p.preference.colour,
                    p.absolute,
                    p.strong,
                    p.imbalance,
                    p.repeated,
                    p.floats,
                    p.unplayed if p.score == self.bye_score else -1,
                    k < self.bracket_end,
                    k < self.next_end,
                ),
                len(numbers),
            )
            for k, p in enumerate(self.people)
        ]

    def completion_part(self, i: int, j: int) -> int:
        """The completion field (A.9, C.4) of pairing people[i] with people[j], in the
        PPB and the last bracket: one per pair, one more per player who may not take
        the PAB (C.2), so that the best pairing leaves the bye to an eligible player."""
        if not self.special:
            return 0
        high, low = self.people[i], self.people[j]
        return (1 + (not high.bye_eligible) + (not low.bye_eligible)) << self.layout.offsets["completion"]

    def _weight(self, i: int, j: int) -> int:
        off = self.layout.offsets
        w = self.completion_part(i, j)
        for term, value in self.terms(i, j).items():
            w += value << off[term]
        return w

    def terms(self, i: int, j: int) -> dict[str, int]:
        """What pairing people[i] with people[j] (i < j) earns on each term of the
        criteria table but completion (:meth:`completion_part`), the fields the weight
        packs; terms the bracket does not rank are left out. Read by the explanations
        (:mod:`pairing.engine.explain`) to tell which criterion two pairings differ by."""
        high, low = self.people[i], self.people[j]
        off = self.layout.offsets
        in_bracket = j < self.bracket_end
        terms: dict[str, int] = {}

        def add(term: str, value: int) -> None:
            terms[term] = terms.get(term, 0) + value

        if "pab_unplayed" in off:
            # C9 (2026) where the PAB is decided: what the two players paired earn.
            add("pab_unplayed", sum(p.unplayed for p in (high, low) if p.score == self.bye_score))
        if in_bracket:
            add("pairs", 1)
            add("floater_scores", self._float_cost(high) + self._float_cost(low) - self._pair_cost(high, low))
        if self.lookahead and j < self.next_end:
            # 2017: when the next scoregroup is the last, its PAB must go to an eligible
            # player (2026: the completion field sees to it).
            eligible_first = 1 + (not high.bye_eligible) + (not low.bye_eligible)
            add("next_pairs", eligible_first if self.final and not self.completion_everywhere else int(not in_bracket))
            psd = self._float_cost(high) if i < self.bracket_end else 0
            if in_bracket:
                psd += self._float_cost(low)
            add("next_scores", psd)
        if not in_bracket:
            return terms
        add("topscorer_difference", colour_difference_kept(high, low))
        add("topscorer_third", no_third_colour_in_a_row(high, low))
        add("preference", preferences_met(high, low))
        add("strong_preference", strong_preferences_met(high, low))
        downfloat = high.score > low.score  # A.4.b: the higher score gets the downfloat
        for back, (down, up, down_scores, up_scores) in (
            (1, ("down_again", "up_again", "down_again_scores", "up_again_scores")),
            (2, ("down_2", "up_2", "down_2_scores", "up_2_scores")),
        ):
            if self.played_rounds < back:
                continue
            high_float, low_float = high.floats[back - 1], low.floats[back - 1]
            # Pairing a player who downfloated before spares him another downfloat,
            # unless he is the higher score of the pair.
            add(down, (low_float is Float.DOWN) + (not downfloat and high_float is Float.DOWN))
            add(up, -1 if downfloat and low_float is Float.UP else 0)
            sd = self._float_cost(low) if low_float is Float.DOWN else 0
            if high_float is Float.DOWN:
                sd += self._float_cost(high)
                if downfloat:
                    sd -= self._pair_cost(high, low)
            add(down_scores, sd)
            add(up_scores, -self._pair_cost(high, low) if downfloat and low_float is Float.UP else 0)
        return {term: value for term, value in terms.items() if term in off}

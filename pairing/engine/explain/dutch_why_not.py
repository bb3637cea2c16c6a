""" "Why not X?": why the Dutch engine did not pair two players of the round together.

Either an absolute criterion forbids the pair (they met before, C.1 / C1; the arbiter
forbade it; both are non-topscorers with the same absolute colour preference, C.3 / C3;
or no pairing of the rest of the round completes around it, A.9 / C4), or the round is
paired again with the pair forced and the two pairings are compared as the procedure
weighs them (:mod:`.dutch_quality`): the answer names the first criterion the forced
pairing does worse on, in the first bracket where the two differ.

The pair is forced through the engine's ``forbidden`` input: each of the two players is
forbidden every other opponent, so the only pairings left are those holding the pair and
the engine returns the best of them by its own procedure.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pairing.engine import pair
from pairing.engine.acceleration import accelerate
from pairing.engine.common.editions import EDITION_2017, edition_of
from pairing.engine.dutch import EDITIONS
from pairing.engine.dutch.criteria import restricted_by_c3
from pairing.engine.dutch.editions import DUTCH_EDITIONS
from pairing.engine.dutch.players import entrants
from pairing.engine.dutch.round import RoundPairer
from pairing.engine.explain.dutch_quality import Difference, first_difference, pair_terms, partners_of
from pairing.engine.options import PairingOptions
from pairing.engine.state import Colour, Pairing, PairingError, TournamentState

# What the answer is, in :attr:`WhyNot.reason`.
PAIRED = "paired"  # the engine did pair them
NOT_IN_ROUND = "not_in_round"  # one of them is not paired this round (absent, bye requested)
MET_BEFORE = "met_before"  # C.1 / C1
FORBIDDEN = "forbidden"  # the arbiter forbade the pair (TRF XXP / 260)
SAME_ABSOLUTE_COLOUR = "same_absolute_colour"  # C.3 / C3
NO_COMPLETION = "no_completion"  # A.9 / C4: the rest of the round cannot be paired around them
PAB_SCORE = "pab_score"  # 2026 C5: the PAB would go to a higher score
WORSE = "worse"  # a quality criterion gets worse
EQUAL = "equal"  # as good by every criterion: the generation order (B.8, D) decides
NOT_WORSE = "not_worse"  # the comparison finds the forced pairing no worse (a reading disagrees)

ABSOLUTE = frozenset({NOT_IN_ROUND, MET_BEFORE, FORBIDDEN, SAME_ABSOLUTE_COLOUR, NO_COMPLETION})

# Pairs of the forced bracket named when these per-pair criteria get worse: those that break them.
_PER_PAIR = ("topscorer_difference", "topscorer_third", "preference", "strong_preference")


@dataclass(frozen=True)
class WhyNot:
    """The answer for players *a* and *b*. *rule* cites the article; *forced* is the
    best pairing of the round holding the pair (None when an absolute criterion forbids
    it); *difference* where it first differs from the engine's *pairing*."""

    a: int
    b: int
    reason: str
    rule: str
    pairing: Pairing
    forced: Pairing | None = None
    round_met: int | None = None  # MET_BEFORE: the round they played
    difference: Difference | None = None
    culprits: tuple[tuple[int, int], ...] = ()  # pairs of the forced bracket breaking the criterion
    colour: Colour | None = None  # SAME_ABSOLUTE_COLOUR: the colour both must have
    bye_scores: tuple[int, int] | None = None  # PAB_SCORE: the engine's and the forced PAB receiver's

    @property
    def absolute(self) -> bool:
        return self.reason in ABSOLUTE

    @property
    def term(self) -> str | None:
        return self.difference.term if self.difference else None


def pairer_for(state: TournamentState, edition: str, forbidden: frozenset[frozenset[int]]) -> RoundPairer:
    """The engine's round pairer for *state* (the same entrants and facts :func:`pair` uses)."""
    rules = DUTCH_EDITIONS[edition]
    return RoundPairer(entrants(state, rules.name), forbidden, state.round_to_pair - 1, state.is_last_round, rules)


def accelerated(
    state: TournamentState, options: PairingOptions, edition: str
) -> tuple[TournamentState, PairingOptions]:
    """*state* with the virtual points of *options*' acceleration, and the options that
    pair it without accelerating again: :func:`pairing.engine.pair` accelerates the same
    way, and the explanations read the pairing scores it paired on."""
    if options.acceleration == "none":
        return state, options
    return accelerate(state, options.acceleration_spec, edition).state, dataclasses.replace(
        options, acceleration="none"
    )


def forcing(state: TournamentState, a: int, b: int) -> TournamentState:
    """*state* with *a* and *b* each forbidden every other player of the round."""
    others = [p.id for p in state.to_pair if p.id not in (a, b)]
    extra = tuple((x, y) for x in (a, b) for y in others)
    return dataclasses.replace(state, forbidden=tuple(state.forbidden) + extra)


def why_not(
    state: TournamentState,
    a: int,
    b: int,
    edition: str,
    options: PairingOptions | None = None,
    pairing: Pairing | None = None,
) -> WhyNot:
    """Why the Dutch engine does not pair *a* with *b* in ``state.round_to_pair``.
    *pairing*, the engine's pairing of the round when already at hand, saves pairing it
    again (it must be the engine's own, not one edited by hand)."""
    edition = edition_of("dutch", edition, EDITIONS)
    options = options or PairingOptions()
    state, options = accelerated(state, options, edition)
    if pairing is None:
        pairing = pair(state, "dutch", edition, options)
    old = edition == EDITION_2017
    present = {p.id for p in state.to_pair}
    if a == b or a not in present or b not in present:
        return WhyNot(a, b, NOT_IN_ROUND, "C.04.1", pairing)
    if partners_of(pairing).get(a) == b:
        return WhyNot(a, b, PAIRED, "", pairing)
    met = _round_met(state, a, b)
    if met is not None:
        return WhyNot(a, b, MET_BEFORE, "C.1" if old else "C1", pairing, round_met=met)
    forbidden = frozenset(frozenset(p) for p in state.forbidden)
    if frozenset((a, b)) in forbidden:
        return WhyNot(a, b, FORBIDDEN, "C.1" if old else "C1", pairing)
    pairer = pairer_for(state, edition, forbidden)
    by_id = {p.id: p for p in pairer.players}
    pa, pb = by_id[a], by_id[b]
    if restricted_by_c3(pa) and restricted_by_c3(pb) and pa.preference.colour == pb.preference.colour:
        return WhyNot(a, b, SAME_ABSOLUTE_COLOUR, "C.3" if old else "C3", pairing, colour=pa.preference.colour)
    try:
        forced = pair(forcing(state, a, b), "dutch", edition, options)
    except PairingError:
        return WhyNot(a, b, NO_COMPLETION, "A.9" if old else "C4", pairing)
    forced = dataclasses.replace(forced, notes=())
    engine_partners, forced_partners = partners_of(pairing), partners_of(forced)
    if not old and pairer.bye_score is not None and pairing.bye is not None and forced.bye is not None:
        scores = by_id[pairing.bye].score, by_id[forced.bye].score
        if scores[1] > scores[0]:
            return WhyNot(a, b, PAB_SCORE, "C5", pairing, forced, bye_scores=scores)
    difference = first_difference(pairer, engine_partners, forced_partners)
    if difference is None or difference.term is None:
        return WhyNot(a, b, EQUAL, "B.8, D.1-D.3", pairing, forced, difference=difference)
    criteria = dict(pairer.edition.criteria)
    if not difference.first_is_better:
        return WhyNot(a, b, NOT_WORSE, criteria[difference.term], pairing, forced, difference=difference)
    culprits: tuple[tuple[int, int], ...] = ()
    if difference.term in _PER_PAIR:
        bracket = difference.bracket
        culprits = tuple(
            sorted(
                (x, y)
                for x, y in bracket.pairs_in(forced_partners) - bracket.pairs_in(engine_partners)
                if not pair_terms(pairer, bracket, x, y).get(difference.term, 1)
            )
        )
    return WhyNot(a, b, WORSE, criteria[difference.term], pairing, forced, difference=difference, culprits=culprits)


def _round_met(state: TournamentState, a: int, b: int) -> int | None:
    for number, entry in enumerate(state.by_id[a].history, start=1):
        if entry.played and entry.opponent == b:
            return number
    return None

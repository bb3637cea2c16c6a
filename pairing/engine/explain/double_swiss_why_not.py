""" "Why not X?": why the Double-Swiss engine (C.04.5 2026) did not pair two players in a match.

Either an absolute criterion forbids the pair ([C1]: they played a match not forfeited in
both games — the Preface —, or the arbiter forbade it), or, with the pair made, the others
cannot all be paired with at most one player [C2] allows taking the PAB ([C2], [C3]); or the
match is paired again with the pair forced (each of the two forbidden every other player,
the engine's own ``forbidden`` input, as for the other systems) and the two procedures are
compared: the PAB first (3.4), then bracket by bracket from the top (3.3.2). In the first
bracket where they part the answer names the first criterion the forced pairing does worse:

- the PAB: the forced round gives it to a player later in 3.4's order (3.4.2 a higher score,
  3.4.3 fewer matches played, 3.4.4 a smaller TPN);
- [C4] more upfloaters; [C5] upfloaters of lower scores; [C6] the following scoregroup left
  unpairable; [C7] more upfloaters who floated in the previous match; else the set comes
  later in the order of 3.5.4 (``order``);
- the same upfloaters: [C8] more residents who floated in the previous match meeting an
  upfloater; else the identifier comes later in the lexicographic order (3.6.2, ``order``).

Where the forced pairing is no worse by any of these and not later either (which the
procedure should exclude) the answer is ``not_worse`` and names no criterion.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine import pair
from pairing.engine.common.bitset_matching import bits
from pairing.engine.common.editions import edition_of
from pairing.engine.double_swiss import EDITIONS
from pairing.engine.double_swiss.matches import match_to_pair, met_in
from pairing.engine.double_swiss.procedure import pairing_identifier
from pairing.engine.explain.double_swiss_round import (
    BYE_DECIDERS,
    BracketStep,
    Replay,
    bye_key,
    profile_of,
    replay,
    set_key,
)
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.dutch_why_not import (
    FORBIDDEN,
    MET_BEFORE,
    NO_COMPLETION,
    NOT_IN_ROUND,
    NOT_WORSE,
    PAIRED,
    WORSE,
    forcing,
)
from pairing.engine.options import PairingOptions
from pairing.engine.state import Pairing, TournamentState

PAB_ORDER = "pab_order"  # 3.4: the PAB would go to a player later in its order
ORDER = "order"  # as good by every criterion: the lexicographic order decides (3.5.4, 3.6.2)
ABSOLUTE = frozenset({NOT_IN_ROUND, MET_BEFORE, FORBIDDEN, NO_COMPLETION})

# DoubleSwissDifference.term: the criterion that gets worse, or the order that decides.
UPFLOATERS = "C4"
SCORES = "C5"
FOLLOWING = "C6"
FLOATED_AGAIN = "C7"
SET_ORDER = "set_order"
RESIDENTS = "C8"
PAIR_ORDER = "pair_order"
TERM_RULES = {
    UPFLOATERS: "[C4]",
    SCORES: "[C5]",
    FOLLOWING: "[C6]",
    FLOATED_AGAIN: "[C7]",
    SET_ORDER: "3.5.4",
    RESIDENTS: "[C8]",
    PAIR_ORDER: "3.6.2",
}


@dataclass(frozen=True)
class DoubleSwissDifference:
    """The first bracket where the two procedures part: its number (from the top) and top
    score; *term* what differs there; *engine* and *forced* the values compared (a count,
    the scores ascending, a flag, or the members' pairing numbers in order)."""

    bracket: int
    score: int
    term: str
    engine: tuple[int, ...]
    forced: tuple[int, ...]


@dataclass(frozen=True)
class DoubleSwissWhyNot:
    a: int
    b: int
    reason: str
    rule: str
    pairing: Pairing
    forced: Pairing | None = None
    round_met: int | None = None  # MET_BEFORE: the match (1, 2, ...) in which they met
    difference: DoubleSwissDifference | None = None
    bye_decider: str = ""  # PAB_ORDER: 3.4.2, 3.4.3 or 3.4.4

    @property
    def absolute(self) -> bool:
        return self.reason in ABSOLUTE

    @property
    def term(self) -> str | None:
        return None if self.difference is None else self.difference.term


def match_met(state: TournamentState, a: int, b: int) -> int | None:
    """The earlier match in which *a* and *b* met ([C1]; a match forfeited in both games by
    one of them does not count, Preface)."""
    for match in range(1, match_to_pair(state)):
        if met_in(state, a, match) == b:
            return match
    return None


def answer_at_once(
    state: TournamentState,
    a: int,
    b: int,
    edition: str,
    options: PairingOptions | None = None,
    pairing: Pairing | None = None,
) -> DoubleSwissWhyNot | None:
    """The answer when it needs no pairing of the match, else None."""
    edition_of("double_swiss", edition, EDITIONS)
    if pairing is None:
        pairing = pair(state, "double_swiss", edition, options)
    present = {p.id for p in state.to_pair}
    if a == b or a not in present or b not in present:
        return DoubleSwissWhyNot(a, b, NOT_IN_ROUND, "C.04.1", pairing)
    if partners_of(pairing).get(a) == b:
        return DoubleSwissWhyNot(a, b, PAIRED, "", pairing)
    met = match_met(state, a, b)
    if met is not None:
        return DoubleSwissWhyNot(a, b, MET_BEFORE, "[C1]", pairing, round_met=met)
    if frozenset((a, b)) in {frozenset(p) for p in state.forbidden}:
        return DoubleSwissWhyNot(a, b, FORBIDDEN, "[C1]", pairing)
    return None


def why_not(
    state: TournamentState,
    a: int,
    b: int,
    edition: str,
    options: PairingOptions | None = None,
    pairing: Pairing | None = None,
) -> DoubleSwissWhyNot:
    """Why the Double-Swiss engine does not pair *a* with *b* in the match that
    ``state.round_to_pair`` opens. *pairing*, the engine's pairing when at hand, saves
    pairing it again (it must be the engine's own)."""
    if pairing is None:
        pairing = pair(state, "double_swiss", edition, options)
    at_once = answer_at_once(state, a, b, edition, options, pairing)
    if at_once is not None:
        return at_once
    engine = replay(state, reasons=False)
    if engine.failed or engine.pairing_pairs() != {frozenset((b.white, b.black)) for b in pairing.boards}:
        raise ValueError("the pairing asked about is not the Double-Swiss engine's pairing of this match")
    squeezed = forcing(state, a, b)
    forced_run = replay(squeezed, reasons=False)
    if forced_run.failed:
        return DoubleSwissWhyNot(a, b, NO_COMPLETION, "[C2], [C3]", pairing)
    forced = forced_run.pairing(squeezed, edition)
    players = engine.field.players
    if engine.bye != forced_run.bye and engine.bye is not None and forced_run.bye is not None:
        mine, theirs = bye_key(players[engine.bye]), bye_key(players[forced_run.bye])
        if theirs > mine:
            decider = next(name for name, x, y in zip(BYE_DECIDERS, mine, theirs, strict=True) if x != y)
            return DoubleSwissWhyNot(a, b, PAB_ORDER, decider, pairing, forced, bye_decider=decider)
        return DoubleSwissWhyNot(a, b, NOT_WORSE, "3.4", pairing, forced)
    difference = first_difference(engine, forced_run)
    if difference is None:
        return DoubleSwissWhyNot(a, b, NOT_WORSE, "", pairing, forced)
    reason = (ORDER if difference.term in ORDERS else WORSE) if forced_is_worse(difference) else NOT_WORSE
    return DoubleSwissWhyNot(a, b, reason, TERM_RULES[difference.term], pairing, forced, difference=difference)


ORDERS = (SET_ORDER, PAIR_ORDER)


def forced_is_worse(difference: DoubleSwissDifference) -> bool:
    """Does the forced pairing do worse on the term (or come later in the order)? [C5]'s
    scores, ascending, are compared the higher first; every other term, the fewer (or the
    earlier) the better."""
    if difference.term == SCORES:
        return difference.forced < difference.engine
    return difference.forced > difference.engine


def _decision(step: BracketStep, run: Replay) -> tuple[frozenset[int], frozenset[frozenset[int]]]:
    ids = run.field.players
    return (
        frozenset(ids[k].id for k in bits(step.upfloaters)),
        frozenset(frozenset((ids[x].id, ids[y].id)) for x, y in step.pairs),
    )


def c8_count(run: Replay, step: BracketStep) -> int:
    """[C8] (reading R4): residents who floated in the previous match meeting an upfloater."""
    if run.field.last_round:
        return 0
    floated = run.field.floated
    return sum(
        1
        for x, y in step.pairs
        for resident, other in ((x, y), (y, x))
        if step.top >> resident & 1 and floated >> resident & 1 and step.upfloaters >> other & 1
    )


def first_difference(engine: Replay, forced: Replay) -> DoubleSwissDifference | None:
    """The first bracket whose decision (its upfloaters, its pairs) differs, and the first
    criterion that differs there (the values: the engine's, then the forced pairing's)."""
    remaining = (1 << len(engine.field.players)) - 1
    if engine.bye is not None:
        remaining &= ~(1 << engine.bye)
    for mine, theirs in zip(engine.steps, forced.steps, strict=False):
        if _decision(mine, engine) == _decision(theirs, forced):
            remaining &= ~(mine.top | mine.upfloaters)
            continue

        def differ(
            term: str, x: tuple[int, ...], y: tuple[int, ...], step: BracketStep = mine
        ) -> DoubleSwissDifference:
            return DoubleSwissDifference(step.number, step.score, term, x, y)

        if mine.upfloaters != theirs.upfloaters:
            up, up_forced = mine.upfloaters.bit_count(), theirs.upfloaters.bit_count()
            if up != up_forced:
                return differ(UPFLOATERS, (up,), (up_forced,))
            scores, forced_scores = (
                profile_of(engine.field, mine.upfloaters),
                profile_of(forced.field, theirs.upfloaters),
            )
            if scores != forced_scores:
                return differ(SCORES, scores, forced_scores)
            key = set_key(engine.field, remaining, mine.top, mine.upfloaters)
            forced_key = set_key(forced.field, remaining, theirs.top, theirs.upfloaters)
            if key[0] != forced_key[0]:
                return differ(FOLLOWING, (key[0],), (forced_key[0],))
            if key[1] != forced_key[1]:
                return differ(FLOATED_AGAIN, (key[1],), (forced_key[1],))
            numbers = tuple(engine.field.players[k].number for k in bits(mine.upfloaters))
            forced_numbers = tuple(forced.field.players[k].number for k in bits(theirs.upfloaters))
            return differ(SET_ORDER, numbers, forced_numbers)
        c8, forced_c8 = c8_count(engine, mine), c8_count(forced, theirs)
        if c8 != forced_c8:
            return differ(RESIDENTS, (c8,), (forced_c8,))
        return differ(PAIR_ORDER, identifier(engine, mine), identifier(forced, theirs))
    return None


def identifier(run: Replay, step: BracketStep) -> tuple[int, ...]:
    """3.6.2: the bracket's pairing as its identifier of pairing numbers (TPNs)."""
    number = run.field.players
    return pairing_identifier([(number[x].number, number[y].number) for x, y in step.pairs])

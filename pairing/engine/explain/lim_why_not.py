""" "Why not X?": why the Lim engine (C.04.4.3, both editions) did not pair two players of
the round together.

Either the pair is not compatible (2.1: they met, the arbiter forbade it, or both must have
the same colour), or no pairing of the rest of the round completes around it, or the round
is paired again with the pair forced (each of the two forbidden every other player, as for
the Dutch system, :func:`.dutch_why_not.forcing`) and the two procedures are compared step
by step. The Lim system weighs no pairing against another: it pairs score group by score
group in the order of 2.2, so the answer is the first step where the two part:

- the PAB (1.1): the forced round gives it to a player ranked higher (``pab_score`` when his
  score is higher, ``pab_rank`` otherwise);
- a group from which more players float (2.3; the median group blocked, 2.6): ``worse``;
- a group from which as many float but others (2.3 d, 4.4, then 3.9, 3.10, 3.2, 3.3/3.4):
  ``order``, naming the player the procedure floats and what put him first;
- a group with the same floaters but other pairs (3.6-3.8 for the floaters that came in,
  2.4 and 4.1-4.4, 5.2 for the rest): ``order``, naming the engine's pair formed first.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pairing.engine import pair
from pairing.engine.boards import board_order
from pairing.engine.common.editions import edition_of
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.dutch_why_not import (
    FORBIDDEN,
    MET_BEFORE,
    NO_COMPLETION,
    NOT_IN_ROUND,
    NOT_WORSE,
    PAB_SCORE,
    PAIRED,
    SAME_ABSOLUTE_COLOUR,
    WORSE,
    _round_met,
    accelerated,
    forcing,
)
from pairing.engine.explain.lim_round import (
    DECIDERS,
    MAXI,
    NO_OPPONENT,
    RULES,
    FloatStep,
    group_numbers,
    leaving_context,
    same_pairs,
    traced,
    why_chosen,
)
from pairing.engine.lim import EDITIONS, pair_round
from pairing.engine.lim.players import LimRound
from pairing.engine.lim.rounds import GroupStep, RoundTrace
from pairing.engine.options import PairingOptions
from pairing.engine.state import Colour, Pairing, PairingError, TournamentState

PAB_RANK = "pab_rank"  # 1.1: the PAB would go to a higher ranked player of the same score
NOT_REACHED = "not_reached"  # a complete pairing holds the pair, but the procedure (2.6) finds none
ORDER = "order"  # as many floaters: the procedure's order decides (3.x, 4.x)

ABSOLUTE = frozenset({NOT_IN_ROUND, MET_BEFORE, FORBIDDEN, SAME_ABSOLUTE_COLOUR, NO_COMPLETION})

# LimDifference.term
MORE_FLOATERS = "more_floaters"  # 2.3
MEDIAN_BLOCKED = "median_blocked"  # 2.6
FLOATER_CHOICE = "floater_choice"  # 2.3 d, 4.4, 3.9, 3.10, 3.2, 3.3/3.4
FLOATER_OPPONENT = "floater_opponent"  # 3.6-3.8
EXCHANGE = "exchange"  # 2.4, 4.1-4.4, 5.2


@dataclass(frozen=True)
class LimDifference:
    """The first group where the engine's procedure and the forced one part: its number
    (2.2 order), score and step index in the trace; *term* what differs there. For
    FLOATER_CHOICE, *floater* is the engine's floater the forced round keeps and *instead*
    the forced round's floater the engine keeps, *why* the engine's reason for choosing
    *floater* before *instead* (a FloatStep's ``decided_by``, or "pair": *instead* could not
    leave without costing the group a pair); for the pair terms, *pair* the engine's pair."""

    step: int
    group: int
    score: int
    term: str
    count: int = 0
    floater: int | None = None
    instead: int | None = None
    why: str = ""
    why_rule: str = ""
    pair: tuple[int, int] | None = None


@dataclass(frozen=True)
class LimWhyNot:
    a: int
    b: int
    reason: str
    rule: str
    pairing: Pairing
    forced: Pairing | None = None
    round_met: int | None = None
    difference: LimDifference | None = None
    colour: Colour | None = None
    bye_scores: tuple[int, int] | None = None  # PAB_SCORE / PAB_RANK: the engine's and the forced receiver's

    @property
    def absolute(self) -> bool:
        return self.reason in ABSOLUTE

    @property
    def term(self) -> str | None:
        return None if self.difference is None else self.difference.term


def why_not(
    state: TournamentState,
    a: int,
    b: int,
    edition: str,
    options: PairingOptions | None = None,
    pairing: Pairing | None = None,
) -> LimWhyNot:
    """Why the Lim engine does not pair *a* with *b* in ``state.round_to_pair``. *pairing*,
    the engine's pairing when at hand, saves pairing it again for the answers that need
    no procedure (it must be the engine's own)."""
    edition = edition_of("lim", edition, EDITIONS)
    options = options or PairingOptions()
    state, options = accelerated(state, options, edition)
    if pairing is None:
        pairing = pair(state, "lim", edition, options)
    rules = RULES[edition]
    present = {p.id for p in state.to_pair}
    if a == b or a not in present or b not in present:
        return LimWhyNot(a, b, NOT_IN_ROUND, "C.04.1", pairing)
    if partners_of(pairing).get(a) == b:
        return LimWhyNot(a, b, PAIRED, "", pairing)
    met = _round_met(state, a, b)
    if met is not None:
        return LimWhyNot(a, b, MET_BEFORE, rules["compatible"], pairing, round_met=met)
    if frozenset((a, b)) in {frozenset(p) for p in state.forbidden}:
        return LimWhyNot(a, b, FORBIDDEN, rules["compatible"], pairing)
    data = LimRound(state, edition, maxi=options.lim_maxi)
    ca, cb = data.colour[a], data.colour[b]
    if not data.last_round and ca.forced is not None and ca.forced is cb.forced:
        return LimWhyNot(a, b, SAME_ABSOLUTE_COLOUR, rules["compatible"], pairing, colour=ca.forced)
    made, trace = traced(state, edition, options)
    if not same_pairs(made, pairing):
        raise ValueError("the pairing asked about is not the Lim engine's pairing of this round")
    squeezed = forcing(state, a, b)
    forced_trace = RoundTrace()
    try:
        forced = pair_round(squeezed, options, edition, forced_trace)
    except PairingError:
        if completes(LimRound(squeezed, edition, maxi=options.lim_maxi)):
            return LimWhyNot(a, b, NOT_REACHED, rules["median_blocked"], pairing)
        return LimWhyNot(a, b, NO_COMPLETION, rules["compatible"], pairing)
    forced = dataclasses.replace(forced, boards=board_order(squeezed, forced.boards, edition), notes=())
    if pairing.bye != forced.bye and pairing.bye is not None and forced.bye is not None:
        scores = data.score[pairing.bye], data.score[forced.bye]
        reason = PAB_SCORE if scores[1] > scores[0] else PAB_RANK
        rule = rules["bye_first_round" if state.round_to_pair == 1 else "bye"]
        return LimWhyNot(a, b, reason, rule, pairing, forced, bye_scores=scores)
    difference = first_difference(trace, forced_trace, edition)
    if difference is None:
        return LimWhyNot(a, b, NOT_WORSE, "", pairing, forced)
    reason = WORSE if difference.term in (MORE_FLOATERS, MEDIAN_BLOCKED) else ORDER
    return LimWhyNot(a, b, reason, rule_of(difference, edition), pairing, forced, difference=difference)


def completes(data: LimRound) -> bool:
    """Can the players of *data* all be paired under 2.1, at most one eligible player
    taking the PAB (1.1)?"""
    ids = list(data.ids)
    if len(ids) % 2 == 0:
        return data.can_all_pair(ids)
    return any(data.entrant[c].bye_eligible and data.can_all_pair([p for p in ids if p != c]) for c in ids)


def signature(step: GroupStep) -> tuple:
    return (
        frozenset(f.player for f in step.incoming),
        frozenset(step.result.floaters),
        frozenset(frozenset(p) for p in step.result.pairs),
    )


def first_difference(engine: RoundTrace, forced: RoundTrace, edition: str) -> LimDifference | None:
    """The first group where the two procedures part, and what differs there."""
    data = engine.data
    assert data is not None
    numbers = group_numbers(engine.steps)
    for k, (mine, theirs) in enumerate(zip(engine.steps, forced.steps, strict=False)):
        if signature(mine) == signature(theirs):
            continue
        group, score = numbers[k], mine.score
        out, forced_out = mine.result.floaters, theirs.result.floaters
        if len(forced_out) != len(out):
            term = MEDIAN_BLOCKED if mine.median else MORE_FLOATERS
            return LimDifference(k, group, score, term, len(forced_out) - len(out))
        if set(out) != set(forced_out):
            floater = next(p for p in out if p not in forced_out)
            instead = next(p for p in forced_out if p not in out)
            why, why_rule = chosen_before(mine, data, edition, floater, instead)
            return LimDifference(k, group, score, FLOATER_CHOICE, 0, floater, instead, why, why_rule)
        theirs_pairs = {frozenset(p) for p in theirs.result.pairs}
        index, first = next((i, p) for i, p in enumerate(mine.result.pairs) if frozenset(p) not in theirs_pairs)
        term = FLOATER_OPPONENT if index < mine.result.floaters_first else EXCHANGE
        return LimDifference(k, group, score, term, pair=first)
    return None


def chosen_before(step: GroupStep, data: LimRound, edition: str, floater: int, instead: int) -> tuple[str, str]:
    """Why the engine floated *floater* and not *instead* from *step*'s group."""
    rules = RULES[edition]
    chosen: FloatStep = why_chosen(step, data, edition, floater)
    if chosen.reason == NO_OPPONENT:
        return NO_OPPONENT, rules[NO_OPPONENT]
    index = step.result.floaters.index(floater)
    _, key, left = leaving_context(step, data, index)
    size = data.largest_pairing([q for q in left if q != floater]).size
    if data.largest_pairing([q for q in left if q != instead]).size < size:
        return "pair", rules[chosen.reason]
    mine, theirs = key(floater), key(instead)
    if mine >= theirs:
        return MAXI, rules[MAXI]
    decider = next(name for name, x, y in zip(DECIDERS, mine, theirs, strict=True) if x != y)
    if decider == "position":
        return decider, rules["position_up" if step.direction == "up" else "position"]
    return decider, rules[decider]


def rule_of(difference: LimDifference, edition: str) -> str:
    if difference.term == FLOATER_CHOICE:
        return difference.why_rule
    return RULES[edition][difference.term]

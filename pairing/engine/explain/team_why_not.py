""" "Why not team X against team Y?" for a round of the Swiss Team Pairing System (C.04.6, 2026).

Absolute criteria first: the teams met before ([C1] art. 2.1.1) or the rules of the
competition forbid the pair (record 260). Else the round is paired again by the engine with
the pair forced (each of the two is forbidden every other team, the engine's own
``TeamRound.forbidden`` input): no pairing left is ``no_completion`` ([C1], [C2], [C3],
art. 3.3.3). Otherwise the two procedures are walked step by step in the engine's order,
the PAB first (art. 3.4), then each bracket top-scoregroup first: its upfloaters (art. 3.5)
and its pairs (art. 3.6). At the first step where the two part, every step above having
decided the same, the forced choice was one of the engine's candidates there, so the
criteria of that step, in identifier order, are read on both with the round's own data:

- the PAB: lowest score (3.4.2), most matches played (3.4.3), largest TPN (3.4.4);
- the upfloaters: [C4] their number, [C5] their scores, [C6] the following scoregroup,
  [C7] upfloaters that floated last round; equal: the order of art. 3.5.3-3.5.4 decided;
- the pairs: [C8], [C9], [C10]; equal: the identifier order of art. 3.6.2-3.6.3 decided.

The first criterion whose values differ is the answer (``worse``); none: ``equal``, the
order of generation decided. Should the forced choice ever read better (it cannot, by the
argument above), the answer is ``not_worse`` and names no criterion.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pairing.engine.explain.team_round import ARTICLES, BYE_STEPS, bye_key, pairing_cost, same_pairing
from pairing.engine.state import PairingError
from pairing.engine.team.history import RoundKind, TeamResult
from pairing.engine.team.model import PrimaryScore, TeamPairing, TeamRound
from pairing.engine.team.procedure import _c6, _c7, _Field, _pair_cost, pair_round

PAIRED = "paired"
NOT_IN_ROUND = "not_in_round"
MET_BEFORE = "met_before"
FORBIDDEN = "forbidden"
NO_COMPLETION = "no_completion"
WORSE = "worse"
EQUAL = "equal"
NOT_WORSE = "not_worse"

ABSOLUTE = frozenset({NOT_IN_ROUND, MET_BEFORE, FORBIDDEN, NO_COMPLETION})

# TeamWhyNot.term: the criterion (WORSE) or the order (EQUAL) at the first step where the two part
PAB_SCORE, PAB_MATCHES, PAB_TPN = BYE_STEPS  # 3.4.2, 3.4.3, 3.4.4
UPFLOATER_TERMS = ("C4", "C5", "C6", "C7")
PAIR_TERMS = ("C8", "C9", "C10")
ORDER_UPFLOATERS = "order_upfloaters"
ORDER_PAIRS = "order_pairs"

RULES = {
    MET_BEFORE: ARTICLES["C1"],
    FORBIDDEN: "TRF-2026 260",
    NO_COMPLETION: "C1, C2, C3; 3.3.3",
}


@dataclass(frozen=True)
class TeamWhyNot:
    """The answer for teams *a* and *b*: *reason*, the article *rule* cited; for WORSE and
    EQUAL the *term* at the first step where the engine's pairing and *forced* (the best one
    holding the pair) part: the PAB (*bracket* 0) or bracket *bracket* of *score*, with
    both values of the term (*values*: the engine's, the forced one's) and, for [C8]-[C10],
    the forced bracket's new pairs that break it (*culprits*)."""

    a: int
    b: int
    reason: str
    rule: str
    pairing: TeamPairing
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    forced: TeamPairing | None = None
    term: str = ""
    bracket: int = 0
    score: object = None
    values: tuple = ()
    byes: tuple[int, int] | None = None
    culprits: tuple[tuple[int, int], ...] = ()
    round_met: int | None = None  # MET_BEFORE, when the caller gave the histories

    @property
    def absolute(self) -> bool:
        return self.reason in ABSOLUTE


def forcing(round_: TeamRound, a: int, b: int) -> TeamRound:
    """*round_* where *a* and *b* may meet nobody but each other."""
    others = [t.tpn for t in round_.teams if t.tpn not in (a, b)]
    extra = tuple((x, o) for x in (a, b) for o in others)
    return dataclasses.replace(round_, forbidden=round_.forbidden + extra)


def round_met(histories: Mapping[int, Sequence[TeamResult]], a: int, b: int) -> int | None:
    """The round *a* and *b* played each other (a forfeit is no meeting, C.04.2 2026 art. 3.5)."""
    for number, result in enumerate(histories.get(a, ()), start=1):
        if result.kind is RoundKind.PLAYED and result.opponent == b:
            return number
    return None


def why_not_team(
    round_: TeamRound,
    a: int,
    b: int,
    pairing: TeamPairing | None = None,
    histories: Mapping[int, Sequence[TeamResult]] | None = None,
) -> TeamWhyNot:
    """Why the team engine does not pair *a* with *b* in *round_*; *pairing*, when given,
    must be the engine's pairing of the round; *histories* (the teams' rounds before it),
    when given, name the round two teams met."""
    made = pair_round(round_)
    if pairing is not None and not same_pairing(made, pairing):
        raise ValueError("the pairing asked about is not the team engine's pairing of this round")

    def answer(reason: str, **more) -> TeamWhyNot:
        rule = more.pop("rule", RULES.get(reason, ""))
        return TeamWhyNot(a, b, reason, rule, made, round_.primary, **more)

    at_once = answer_at_once(round_, a, b, made, histories)
    if at_once is not None:
        return at_once
    try:
        forced = pair_round(forcing(round_, a, b))
    except PairingError:
        return answer(NO_COMPLETION)
    return compare(round_, made, forced, answer)


def answer_at_once(
    round_: TeamRound,
    a: int,
    b: int,
    pairing: TeamPairing,
    histories: Mapping[int, Sequence[TeamResult]] | None = None,
) -> TeamWhyNot | None:
    """The answer when it needs no pairing of the round (the pair is *pairing*'s, or an
    absolute criterion forbids it without pairing the others), else None. *pairing* is taken
    as the engine's pairing of *round_*, unchecked: the caller knows it is."""
    teams = {t.tpn: t for t in round_.teams}

    def answer(reason: str, **more) -> TeamWhyNot:
        return TeamWhyNot(a, b, reason, RULES.get(reason, ""), pairing, round_.primary, **more)

    if a == b or a not in teams or b not in teams:
        return answer(NOT_IN_ROUND)
    if any({m.white, m.black} == {a, b} for m in pairing.matches):
        return answer(PAIRED)
    if b in teams[a].opponents or a in teams[b].opponents:
        return answer(MET_BEFORE, round_met=None if histories is None else round_met(histories, a, b))
    if frozenset((a, b)) in {frozenset(p) for p in round_.forbidden}:
        return answer(FORBIDDEN)
    return None


def compare(round_: TeamRound, made: TeamPairing, forced: TeamPairing, answer) -> TeamWhyNot:
    field = _Field(round_)
    index = field.index
    remaining = (1 << len(field.teams)) - 1
    if made.bye != forced.bye:
        assert made.bye is not None and forced.bye is not None
        mine, theirs = bye_key(field, index[made.bye]), bye_key(field, index[forced.bye])
        step = next(s for s, x, y in zip(BYE_STEPS, mine, theirs, strict=True) if x != y)
        values = (_bye_value(field, step, made.bye), _bye_value(field, step, forced.bye))
        reason = WORSE if mine < theirs else NOT_WORSE
        return answer(reason, rule=step, forced=forced, term=step, values=values, byes=(made.bye, forced.bye))
    if made.bye is not None:
        remaining &= ~(1 << index[made.bye])
    mates = _mates(made), _mates(forced)
    for number, (mine, theirs) in enumerate(zip(made.brackets, forced.brackets, strict=False), start=1):
        mine_pairs = _pairs_in(mine, mates[0])
        if set(mine) == set(theirs) and mine_pairs == _pairs_in(theirs, mates[1]):
            for tpn in mine:
                remaining &= ~(1 << index[tpn])
            continue
        top = max(field.score[index[t]] for t in mine)
        top_level = field.levels.index(top)
        if set(mine) != set(theirs):
            found = []
            for members in (mine, theirs):
                ups = [index[t] for t in members if field.score[index[t]] < top]
                rest = remaining & ~sum(1 << index[t] for t in members)
                found.append(
                    {
                        "C4": len(ups),
                        "C5": tuple(sorted(field.score[i] for i in ups)),
                        "C6": 0 if _c6(field, top_level, rest) else 1,
                        "C7": _c7(field, ups),
                    }
                )
            term = next((t for t in UPFLOATER_TERMS if found[0][t] != found[1][t]), None)
            if term is None:
                return answer(
                    EQUAL,
                    rule=ARTICLES[ORDER_UPFLOATERS],
                    forced=forced,
                    term=ORDER_UPFLOATERS,
                    bracket=number,
                    score=top,
                )
            x, y = found[0][term], found[1][term]
            engine_better = x > y if term == "C5" else x < y  # C5: higher scores are better
            return answer(
                WORSE if engine_better else NOT_WORSE,
                rule=ARTICLES[term],
                forced=forced,
                term=term,
                bracket=number,
                score=top,
                values=(x, y),
            )
        engine_pairs = [(index[p], index[q]) for p, q in mine_pairs]
        forced_pairs = [(index[p], index[q]) for p, q in _pairs_in(theirs, mates[1])]
        costs = pairing_cost(field, engine_pairs, top), pairing_cost(field, forced_pairs, top)
        k = next((k for k in range(3) if costs[0][k] != costs[1][k]), None)
        if k is None:
            return answer(EQUAL, rule=ARTICLES[ORDER_PAIRS], forced=forced, term=ORDER_PAIRS, bracket=number, score=top)
        new = set(forced_pairs) - set(engine_pairs)
        culprits = tuple(
            sorted(
                tuple(sorted((field.teams[p].tpn, field.teams[q].tpn)))
                for p, q in new
                if _pair_cost(field, p, q, top)[k]
            )
        )
        term = PAIR_TERMS[k]
        return answer(
            WORSE if costs[0][k] < costs[1][k] else NOT_WORSE,
            rule=ARTICLES[term],
            forced=forced,
            term=term,
            bracket=number,
            score=top,
            values=(costs[0][k], costs[1][k]),
            culprits=culprits,
        )
    return answer(NOT_WORSE, forced=forced)  # pragma: no cover - two different pairings part somewhere


def _bye_value(field: _Field, step: str, tpn: int):
    team = field.teams[field.index[tpn]]
    return {PAB_SCORE: field.score[field.index[tpn]], PAB_MATCHES: team.played, PAB_TPN: tpn}[step]


def _mates(pairing: TeamPairing) -> dict[int, int]:
    out = {}
    for m in pairing.matches:
        out[m.white], out[m.black] = m.black, m.white
    return out


def _pairs_in(members, mates: dict[int, int]) -> frozenset[tuple[int, int]]:
    inside = set(members)
    return frozenset((t, mates[t]) for t in members if mates.get(t) in inside and t < mates[t])

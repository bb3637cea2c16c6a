"""A team round explained team by team (C.04.6, 2026): the bracket each team was paired in,
whether and why it floated, the colour of its first board and the rule of art. 4.3 that
gave it, and why the pairing-allocated-bye (PAB) went where it went.

Every reason is recomputed from the procedure's own steps (:mod:`pairing.engine.team.procedure`)
on the round's data, never guessed: the PAB by the order of art. 3.4, each bracket's
upfloaters by [C4], [C5] and then [C6], [C7] and the order of art. 3.5.3-3.5.4 among the
sets of their scores, each bracket's pairs by [C8], [C9], [C10] and then the identifier
order of art. 3.6.2-3.6.3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.common.bitset_matching import bits
from pairing.engine.state import Colour
from pairing.engine.team.colours import first_team
from pairing.engine.team.model import ColourPreferences, PrimaryScore, TeamPairing, TeamRound
from pairing.engine.team.procedure import (
    _c6,
    _c7,
    _Field,
    _first_legal,
    _pair_cost,
    _profiles,
    _sets,
    pair_round,
)

# Articles of C.04.6 (2026) cited by the explanations.
ARTICLES = {
    "C1": "C1, 2.1.1",
    "C2": "C2, 2.1.2",
    "C3": "C3, 2.2.1",
    "C4": "C4, 2.3.1",
    "C5": "C5, 2.3.2",
    "C6": "C6, 2.3.3",
    "C7": "C7, 2.3.4",
    "C8": "C8, 2.3.5",
    "C9": "C9, 2.3.6",
    "C10": "C10, 2.3.7",
    "3.4.1": "3.4.1",
    "3.4.2": "3.4.2",
    "3.4.3": "3.4.3",
    "3.4.4": "3.4.4",
    "order_upfloaters": "3.5.3-3.5.4",
    "order_pairs": "3.6.2-3.6.3",
}

# Why a bracket took upfloaters (UpfloatReason.need).
ODD = "odd"  # its residents are odd: one upfloater at least (C4)
ILLEGAL = "illegal"  # fewer upfloaters leave no legal pairing of the bracket or of the teams left (C1, C3)

# What chose the bracket's set of upfloaters among the legal sets of the same scores that come
# before it in the order of 3.5.3-3.5.4 (UpfloatReason.chosen_by): none came before it, or each
# of them leaves the following scoregroup unpairable (C6), or has more teams that floated
# last round (C7), or some one and some the other (C6_C7).
FIRST = "first"
BY_C6 = "C6"
BY_C7 = "C7"
BY_C6_C7 = "C6_C7"

# How the bracket's pairs were chosen (BracketExplanation.pairs_by).
FIRST_LEGAL = "first_legal"  # the first legal pairing by identifier (3.6.2-3.6.3) costs nothing in C8-C10


@dataclass(frozen=True)
class UpfloatReason:
    """Why the bracket of *score* took its upfloaters: *need* (ODD or ILLEGAL), their
    number (C4) and scores (C5, the best *profile* that gives a legal pairing), and what
    chose this set among the sets of those scores (*chosen_by*)."""

    count: int
    profile: tuple  # the upfloaters' scores, highest first
    need: str
    better_scores_illegal: bool  # upfloaters of higher scores give no legal pairing (C5 yielding to C3)
    chosen_by: str
    passed: tuple[int, ...] = ()  # TPNs of the earlier sets' teams the chosen set leaves out


@dataclass(frozen=True)
class BracketExplanation:
    number: int  # 1 for the top bracket
    score: object  # its residents' score
    teams: tuple[int, ...]
    upfloaters: tuple[int, ...]
    upfloat: UpfloatReason | None
    pairs_by: str  # FIRST_LEGAL, or the criterion (C8, C9, C10) the first legal pairing breaks more


@dataclass(frozen=True)
class TeamExplanation:
    tpn: int
    score: object
    bracket: int  # 0: the PAB
    bracket_score: object
    opponent: int | None  # None: the PAB
    opponent_score: object = None
    float: str = ""  # "up": it met a higher score (an upfloater); "down": a lower one; "": its own
    colour: Colour | None = None  # of its first board
    colour_rule: str = ""  # the rule of art. 4.3
    first_team: bool = False  # art. 4.2: the rule was read for this team (else for its opponent)


@dataclass(frozen=True)
class ByeExplanation:
    team: int
    barred: tuple[int, ...]  # teams before it in the order of 3.4 that C2 bars
    illegal: tuple[int, ...]  # teams before it whose PAB leaves no legal pairing (3.4.1)
    decided_by: str  # "3.4.2", "3.4.3", "3.4.4" against *next*, or "" when it is the only candidate
    next: int | None


@dataclass(frozen=True)
class TeamRoundExplanation:
    round: int
    preferences: ColourPreferences
    primary: PrimaryScore
    pairing: TeamPairing
    teams: tuple[TeamExplanation, ...]  # in the order of the brackets, the PAB team last
    brackets: tuple[BracketExplanation, ...]
    bye: ByeExplanation | None


def explain_team_round(round_: TeamRound, pairing: TeamPairing | None = None) -> TeamRoundExplanation:
    """The engine's pairing of *round_* explained; *pairing*, when given, must be the engine's."""
    made = pair_round(round_)
    if pairing is not None and not same_pairing(made, pairing):
        raise ValueError("the pairing asked about is not the team engine's pairing of this round")
    field = _Field(round_)
    score = {t.tpn: round_.score(t) for t in field.teams}
    index = field.index
    remaining = (1 << len(field.teams)) - 1
    bye = None
    if made.bye is not None:
        bye = explain_bye(field, made.bye)
        remaining &= ~(1 << index[made.bye])
    mate: dict[int, int] = {}
    colour: dict[int, tuple[Colour, str, bool]] = {}
    teams = {t.tpn: t for t in field.teams}
    for match in made.matches:
        mate[match.white], mate[match.black] = match.black, match.white
        first = first_team(teams[match.white], teams[match.black], round_).tpn
        colour[match.white] = (Colour.WHITE, match.rule, first == match.white)
        colour[match.black] = (Colour.BLACK, match.rule, first == match.black)
    brackets = []
    explained = []
    for number, members in enumerate(made.brackets, start=1):
        positions = [index[t] for t in members]
        top = max(field.score[i] for i in positions)
        residents = [i for i in positions if field.score[i] == top]
        upfloaters = [i for i in positions if field.score[i] < top]
        reason = explain_upfloaters(field, residents, upfloaters, remaining) if upfloaters else None
        pairs = [(index[a], index[mate[a]]) for a in members if index[a] < index[mate[a]]]
        brackets.append(
            BracketExplanation(
                number,
                top,
                tuple(members),
                tuple(field.teams[i].tpn for i in upfloaters),
                reason,
                pairs_chosen_by(field, positions, pairs, top),
            )
        )
        for tpn in members:
            other = mate[tpn]
            way = "up" if score[tpn] < score[other] else "down" if score[tpn] > score[other] else ""
            c, rule, first = colour[tpn]
            explained.append(TeamExplanation(tpn, score[tpn], number, top, other, score[other], way, c, rule, first))
        for i in positions:
            remaining &= ~(1 << i)
    if made.bye is not None:
        explained.append(TeamExplanation(made.bye, score[made.bye], 0, score[made.bye], None))
    return TeamRoundExplanation(
        round_.round_to_pair, round_.preferences, round_.primary, made, tuple(explained), tuple(brackets), bye
    )


def same_pairing(x: TeamPairing, y: TeamPairing) -> bool:
    """The same matches, board-1 colours included, and the same PAB."""
    return x.bye == y.bye and {(m.white, m.black) for m in x.matches} == {(m.white, m.black) for m in y.matches}


def bye_key(field: _Field, i: int) -> tuple:
    """Art. 3.4.2-3.4.4: lowest score, most matches played, largest TPN first."""
    return (field.score[i], -field.teams[i].played, -field.teams[i].tpn)


BYE_STEPS = ("3.4.2", "3.4.3", "3.4.4")


def explain_bye(field: _Field, tpn: int) -> ByeExplanation:
    order = sorted(range(len(field.teams)), key=lambda i: bye_key(field, i))
    chosen = field.index[tpn]
    barred, illegal = [], []
    for i in order[: order.index(chosen)]:
        if field.teams[i].pab_barred:
            barred.append(field.teams[i].tpn)
        else:
            illegal.append(field.teams[i].tpn)  # the engine passed it: its PAB leaves no legal pairing
    after = order[order.index(chosen) + 1 :]
    if not after:
        return ByeExplanation(tpn, tuple(barred), tuple(illegal), "", None)
    following = after[0]
    mine, theirs = bye_key(field, chosen), bye_key(field, following)
    decided = next(step for step, x, y in zip(BYE_STEPS, mine, theirs, strict=True) if x != y)
    return ByeExplanation(tpn, tuple(barred), tuple(illegal), decided, field.teams[following].tpn)


def explain_upfloaters(
    field: _Field, residents: Sequence[int], upfloaters: Sequence[int], remaining: int
) -> UpfloatReason:
    """Why the bracket of *residents* took *upfloaters* out of the teams *remaining*: the
    procedure's own search (art. 3.5) re-run up to its choice."""
    resident_mask = sum(1 << i for i in residents)
    lower = [i for i in bits(remaining) if field.score[i] < field.score[residents[0]]]
    count = len(upfloaters)
    least = len(residents) % 2
    profile = tuple(sorted((field.score[i] for i in upfloaters), reverse=True))
    top_level = field.levels.index(field.score[residents[0]])

    def legal(chosen: Sequence[int]) -> bool:
        bracket = resident_mask | sum(1 << i for i in chosen)
        return field.legal(bracket) and field.legal(remaining & ~bracket)

    better_scores_illegal = False
    for other in _profiles(field, lower, count):
        if tuple(sorted(other, reverse=True)) == profile:
            break
        better_scores_illegal = True  # the procedure tried it and found no legal set
    chosen_key = None
    earlier: list[tuple[tuple, list[int]]] = []
    target = sorted(upfloaters)
    for upset in _sets(field, lower, tuple(profile)):
        if not legal(upset):
            continue
        key = (
            0 if _c6(field, top_level, remaining & ~(resident_mask | sum(1 << i for i in upset))) else 1,
            _c7(field, upset),
        )
        if sorted(upset) == target:
            chosen_key = key
            break
        earlier.append((key, upset))
    assert chosen_key is not None
    # the chosen set is the first best: every earlier legal set is worse by C6, else by C7
    by_c6 = [key[0] > chosen_key[0] for key, _ in earlier]
    if not earlier:
        chosen_by = FIRST
    elif all(by_c6):
        chosen_by = BY_C6
    elif not any(by_c6):
        chosen_by = BY_C7
    else:
        chosen_by = BY_C6_C7
    passed = sorted({field.teams[i].tpn for _, upset in earlier for i in upset} - {field.teams[i].tpn for i in target})
    return UpfloatReason(
        count,
        profile,
        ODD if count == least else ILLEGAL,
        better_scores_illegal,
        chosen_by,
        tuple(passed),
    )


def pairing_cost(field: _Field, pairs: Sequence[tuple[int, int]], score) -> tuple[int, int, int]:
    """[C8], [C9], [C10] of *pairs* in a bracket of *score*, summed."""
    totals = [0, 0, 0]
    for a, b in pairs:
        for k, value in enumerate(_pair_cost(field, a, b, score)):
            totals[k] += value
    return totals[0], totals[1], totals[2]


COST_TERMS = ("C8", "C9", "C10")


def pairs_chosen_by(field: _Field, bracket: Sequence[int], pairs: Sequence[tuple[int, int]], score) -> str:
    """FIRST_LEGAL when the bracket's pairs are its first legal pairing (3.6.2-3.6.3), else
    the first of [C8], [C9], [C10] that pairing breaks more than the chosen one (3.6.4)."""
    first = _first_legal(field, sorted(bracket))
    if {frozenset(p) for p in first} == {frozenset(p) for p in pairs}:
        return FIRST_LEGAL
    mine, theirs = pairing_cost(field, pairs, score), pairing_cost(field, first, score)
    return next(term for term, x, y in zip(COST_TERMS, mine, theirs, strict=True) if x != y)

"""The round explained player by player (Lim system, C.04.4.3, both editions): the score
group each player was paired in, each float with the rule that made it (2.3 a-c: no
compatible opponent left in the group; 2.3 d / 4.4: the group could not pair everyone, and
of those who could leave he came first by 3.9, 3.10, 3.2 or 3.3/3.4; 2.6: his pair was
cracked to pair the median group), the colour rule (5.x, 7.2) and why the PAB went where it
went (1.1, 7.1).

The facts are the engine's own: the round is paired by :func:`pairing.engine.lim.pair_round`
with a :class:`~pairing.engine.lim.rounds.RoundTrace`, and the choice of a floater is
replayed with the engine's order of preference
(:meth:`pairing.engine.lim.groups.GroupPairer.leaving_key`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.common.editions import EDITION_2017, edition_of
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.dutch_why_not import accelerated
from pairing.engine.lim import EDITIONS, pair_round
from pairing.engine.lim.groups import UP, GroupPairer
from pairing.engine.lim.players import LimRound
from pairing.engine.lim.rounds import GroupStep, RoundTrace
from pairing.engine.options import PairingOptions
from pairing.engine.state import Colour, Pairing, TournamentState

# Why a player left a score group (FloatStep.reason).
NO_OPPONENT = "no_opponent"  # 2.3 a-c: no compatible opponent left in the group
CHOSEN = "chosen"  # 2.3 d, 4.4: the group could not pair everyone and he was chosen to leave
CRACKED = "cracked"  # 2.6: his pair was cracked to pair the blocked median group

# What chose him among those who could leave (FloatStep.decided_by), the order of
# GroupPairer.leaving_key.
ONLY = "only"  # nobody else could leave without costing the group a pair
DECIDERS = ("type", "repeat", "colour", "position")  # 3.9, 3.10, 3.2 colours, 3.2/3.3 position
MAXI = "maxi"  # 3.2 (maxi-tournaments): within 100 points of the player chosen by position

# The articles, by edition (docs/lim.md, "The 2026 edition").
RULES = {
    EDITION_2017: {
        NO_OPPONENT: "2.3 a-c",
        CHOSEN: "2.3 d, 4.4",
        CRACKED: "2.6",
        "type": "3.9",
        "repeat": "3.10",
        "colour": "3.2",
        "position": "3.2, 3.3",
        "position_up": "3.2, 3.4",
        MAXI: "3.2",
        "more_floaters": "2.3",
        "median_blocked": "2.6",
        "floater_opponent": "3.6-3.8",
        "exchange": "2.4, 4.1-4.4, 5.2",
        "compatible": "2.1",
        "bye": "1.1, C.04.1.d",
        "bye_first_round": "1.1, 7.1",
        "forced": "5.1 a-b, 5.3",
        "opponent_forced": "5.1 a-b, 5.3",
        "due": "5.1",
        "imbalance": "5.1, 5.5, 5.6",
        "history": "5.4",
        "rank": "5.4",
        "first_round": "7.2",
    },
}
RULES["2026"] = RULES[EDITION_2017] | {
    NO_OPPONENT: "2.3.1-2.3.3",
    CHOSEN: "2.3.4, 4.4",
    "type": "3.9.1, 3.9.2",
    "colour": "3.2.2",
    "position": "3.2.4, 3.3",
    "position_up": "3.2.4, 3.4",
    MAXI: "3.2.3",
    "exchange": "2.4, 4.1.1-4.4.2, 5.2",
    "bye": "1.1, C.04.1 art. 4",
    "forced": "5.1.1, 5.1.2, 5.3",
    "opponent_forced": "5.1.1, 5.1.2, 5.3",
}


@dataclass(frozen=True)
class FloatStep:
    """One float of a player: out of the group of score *group_score*, the way pairing
    went (*direction*), for *reason* (*rule*); for CHOSEN, what put him before *next*, the
    first other player who could have left instead (None: ONLY), and the players ahead of
    him in that order who could not leave without costing the group a pair (*passed*)."""

    group_score: int
    direction: str
    reason: str
    rule: str
    decided_by: str = ""
    decided_rule: str = ""
    next: int | None = None
    passed: tuple[int, ...] = ()


@dataclass(frozen=True)
class LimPlayerExplanation:
    player: int
    score: int  # pairing score (tenths)
    group: int  # the score group he was paired in, numbered in 2.2 order (1 the first paired)
    group_score: int
    opponent: int | None  # None: the PAB
    opponent_score: int
    float: str  # "down": paired with a lower score; "up": with a higher one; "": none
    floats: tuple[FloatStep, ...]  # each group he left, in order
    colour: Colour | None
    colour_rule: str  # forced, opponent_forced, due, imbalance, history, rank, first_round; "" for the PAB
    colour_article: str


@dataclass(frozen=True)
class LimRoundExplanation:
    players: tuple[LimPlayerExplanation, ...]  # by rank: score, then pairing number
    bye: int | None
    bye_rule: str  # 1.1 with the edition's PAB rule; 7.1 in round one
    bye_passed: tuple[int, ...] = ()  # ranked below the receiver, eligible, but the rest would not pair


def traced(state: TournamentState, edition: str, options: PairingOptions) -> tuple[Pairing, RoundTrace]:
    """The engine's pairing of *state* (already accelerated) and how it was made."""
    trace = RoundTrace()
    pairing = pair_round(state, options, edition, trace)
    return pairing, trace


def same_pairs(first: Pairing, second: Pairing) -> bool:
    return partners_of(first) == partners_of(second)


def group_numbers(steps: list[GroupStep]) -> list[int]:
    """Each step's group, numbered in 2.2 order (a reopened median group keeps its number)."""
    plain = sum(1 for s in steps if not s.median)
    return [k + 1 if not s.median else plain + 1 for k, s in enumerate(steps)]


def colour_rule(a: int, b: int, data: LimRound) -> str:
    """Which branch of :func:`pairing.engine.lim.colours.white_of_pair` gives the colours."""
    ca, cb = data.colour[a], data.colour[b]
    if (ca.forced is not None or cb.forced is not None) and ca.forced is not cb.forced:
        return "forced"
    if ca.due is None and cb.due is None:
        return "first_round"
    if ca.due is None or cb.due is None or ca.due is not cb.due:
        return "due"
    if abs(ca.difference) != abs(cb.difference):
        return "imbalance"
    if any(x is not y for x, y in zip(reversed(ca.sequence), reversed(cb.sequence), strict=False)):
        return "history"
    return "rank"


def members_of(step: GroupStep, data: LimRound) -> tuple[list[int], dict[int, str]]:
    came = {f.player: f.direction for f in step.incoming}
    return sorted(list(step.residents) + list(came), key=data.rank), came


def why_chosen(step: GroupStep, data: LimRound, edition: str, player: int) -> FloatStep:
    """Why *player*, one of the floaters of *step*, left the group, replayed with the
    engine's order of preference."""
    rules = RULES[edition]
    floaters = step.result.floaters
    index = floaters.index(player)
    if index < step.result.without_opponent:
        return FloatStep(step.score, step.direction, NO_OPPONENT, rules[NO_OPPONENT])
    order, key, left = leaving_context(step, data, index)
    size = data.largest_pairing([q for q in left if q != player]).size
    passed = tuple(q for q in order[: order.index(player)])
    position = rules["position_up" if step.direction == UP else "position"]
    following = next(
        (q for q in order[order.index(player) + 1 :] if data.largest_pairing([r for r in left if r != q]).size == size),
        None,
    )
    if following is None:
        return FloatStep(step.score, step.direction, CHOSEN, rules[CHOSEN], ONLY, rules[CHOSEN], None, passed)
    mine, theirs = key(player), key(following)
    if mine >= theirs:  # the maxi-tournament rule put him first (3.2)
        return FloatStep(step.score, step.direction, CHOSEN, rules[CHOSEN], MAXI, rules[MAXI], following, passed)
    decider = next(name for name, x, y in zip(DECIDERS, mine, theirs, strict=True) if x != y)
    article = position if decider == "position" else rules[decider]
    return FloatStep(step.score, step.direction, CHOSEN, rules[CHOSEN], decider, article, following, passed)


def leaving_context(step: GroupStep, data: LimRound, index: int):
    """The engine's order of preference when it chose the *index*-th floater of *step*
    (one of the 2.3 d / 4.4 floaters): the order, its key and the players it ranked."""
    pairer = GroupPairer(data)
    members, came = members_of(step, data)
    floaters = step.result.floaters
    without = set(floaters[: step.result.without_opponent])
    chosen = floaters[step.result.without_opponent : index]
    left = [p for p in members if p not in without and p not in chosen]
    others = list(floaters[:index])
    key = pairer.leaving_key(left, came, step.direction, step.adjacent, others)
    order = pairer.leaving_order(left, came, step.direction, step.adjacent, others)
    return order, key, left


def explain_round(
    state: TournamentState, pairing: Pairing, edition: str, options: PairingOptions | None = None
) -> LimRoundExplanation:
    """The engine's *pairing* of ``state.round_to_pair`` explained per player (it must be
    the engine's own pairing: the round is paired again to read how it was made)."""
    edition = edition_of("lim", edition, EDITIONS)
    state, options = accelerated(state, options or PairingOptions(), edition)
    made, trace = traced(state, edition, options)
    if not same_pairs(made, pairing):
        raise ValueError("the pairing explained is not the Lim engine's pairing of this round")
    data = trace.data
    assert data is not None
    rules = RULES[edition]
    steps = trace.steps
    numbers = group_numbers(steps)
    last = len(steps) - 1
    paired_in: dict[int, int] = {}
    floats: dict[int, list[FloatStep]] = {}
    for k, step in enumerate(steps):
        if step.median and k != last:
            continue  # a blocked median group is paired again (2.6): its floaters stay
        for x, y in step.cracked:  # read before the median group pairs them again
            for p in (x, y):
                group = steps[paired_in[p]]
                floats.setdefault(p, []).append(FloatStep(group.score, group.direction, CRACKED, rules[CRACKED]))
        for x, y in step.result.pairs:
            paired_in[x] = paired_in[y] = k
        for p in step.result.floaters:
            floats.setdefault(p, []).append(why_chosen(step, data, edition, p))
    partners = partners_of(pairing)
    colour_of = {b.white: Colour.WHITE for b in pairing.boards} | {b.black: Colour.BLACK for b in pairing.boards}
    out = []
    for pid in sorted(data.ids, key=data.rank):
        mate = partners.get(pid)
        score = data.score[pid]
        if mate is None:
            group = _bye_group(steps, numbers, data, pid)
            out.append(LimPlayerExplanation(pid, score, *group, None, 0, "", (), None, "", ""))
            continue
        k = paired_in[pid]
        other = data.score[mate]
        drift = "down" if score > other else "up" if score < other else ""
        rule = colour_rule(pid, mate, data)
        if rule == "forced" and data.colour[pid].forced is None:
            rule = "opponent_forced"
        out.append(
            LimPlayerExplanation(
                pid,
                score,
                numbers[k],
                steps[k].score,
                mate,
                other,
                drift,
                tuple(floats.get(pid, ())),
                colour_of[pid],
                rule,
                rules[rule],
            )
        )
    bye_rule, passed = "", ()
    if pairing.bye is not None:
        bye_rule = rules["bye_first_round" if state.round_to_pair == 1 else "bye"]
        passed = bye_passed(data, pairing.bye)
    return LimRoundExplanation(tuple(out), pairing.bye, bye_rule, passed)


def bye_passed(data: LimRound, bye: int) -> tuple[int, ...]:
    """The players ranked below the PAB receiver who may receive it: each left the others
    unable to all be paired (the engine's :func:`pairing.engine.lim.bye.choose_bye`)."""
    return tuple(
        p
        for p in sorted(data.ids, key=data.rank, reverse=True)
        if data.rank(p) > data.rank(bye) and data.entrant[p].bye_eligible
    )


def _bye_group(steps: list[GroupStep], numbers: list[int], data: LimRound, bye: int) -> tuple[int, int]:
    """The PAB receiver's group: the one of his score (he is left out before pairing, 1.1)."""
    for k, step in enumerate(steps):
        if step.score == data.score[bye]:
            return numbers[k], step.score
    return 0, data.score[bye]

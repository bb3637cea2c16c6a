"""The round explained player by player (Double-Swiss system, C.04.5 2026): the bracket
each player was paired in (the top scoregroup with its upfloaters, 1.3, 3.3.2), whether he
floated up and why (the number of upfloaters, [C3]/[C4]; the set, [C5], [C6], [C7], then the
order of 3.5.4), whom he meets (the first identifier, 3.6, with [C8]), the colour of game 1
and the rule of Article 4 that gave it, and why the PAB went where it went (3.4, [C2]).

The facts are the engine's own: the procedure of :mod:`pairing.engine.double_swiss.procedure`
is replayed bracket by bracket with its own functions (:func:`replay`), and the replay must
give the pairing explained.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairing.engine.boards import board_order
from pairing.engine.common.bitset_matching import Matcher, bits
from pairing.engine.common.editions import edition_of
from pairing.engine.common.players import forbidden_pairs
from pairing.engine.double_swiss import EDITIONS
from pairing.engine.double_swiss import procedure as P
from pairing.engine.double_swiss.colours import higher_ranked, match_colours
from pairing.engine.double_swiss.matches import Contender, contenders, match_to_pair, total_matches
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.options import PairingOptions
from pairing.engine.state import Colour, Pairing, PairingError, TournamentState

# Why a bracket took as many upfloaters as it did (BracketStep.count_reason).
NONE = "none"  # the top scoregroup pairs by itself
ODD = "odd"  # [C4]: an odd scoregroup needs one upfloater
NEEDED = "needed"  # [C3], [C4]: fewer upfloaters leave no legal pairing of the bracket and the rest
# What chose the set among those of its number (BracketStep.set_reason).
ONLY = "only"  # the only set of the best scores ([C5]) that leaves a legal pairing
C5 = "C5"  # a set with higher scores would leave no legal pairing
C6 = "C6"  # an earlier set of the same scores breaks [C6]
C7 = "C7"  # an earlier set of the same scores has more upfloaters who floated last round
ORDER = "order"  # the first set of its scores in the order of 3.5.4 that leaves a legal pairing

RULES = {
    NONE: "[C4]",
    ODD: "[C4], 3.5",
    NEEDED: "[C3], [C4], 3.5",
    ONLY: "[C5], 3.5.2",
    C5: "[C5], 3.5.2",
    C6: "[C6], 3.5.5",
    C7: "[C7], 3.5.5",
    ORDER: "3.5.4",
    "pairs": "3.6.2, 3.6.3",
    "pairs_c8": "3.6.4, [C8]",
    "bye": "3.4, [C2]",
    "4.3.1": "4.3.1",
    "4.3.2": "4.3.2",
    "4.3.3": "4.3.3",
    "4.3.4": "4.3.4",
    "4.3.5": "4.3.5",
}
# The PAB (3.4): what put the receiver before the next player in its order.
BYE_DECIDERS = ("3.4.2", "3.4.3", "3.4.4")


@dataclass(frozen=True)
class BracketStep:
    """One bracket of the procedure (3.3.2): its top scoregroup (*top*, field indices as a
    bitset), its upfloaters and its pairs (field indices), why so many upfloaters and what
    chose them, and whether [C8] shaped its pairing."""

    number: int
    score: int
    top: int
    upfloaters: int
    pairs: tuple[tuple[int, int], ...]
    count_reason: str
    set_reason: str
    c8: bool


@dataclass
class Replay:
    """The engine's procedure on a state, bracket by bracket (None: it found no pairing)."""

    field: P.RoundField
    bye: int | None  # field index
    steps: list[BracketStep] = field(default_factory=list)
    failed: bool = False

    def ids(self, mask: int) -> list[int]:
        return [self.field.players[k].id for k in bits(mask)]

    def pairing(self, state: TournamentState, edition: str) -> Pairing:
        """The pairing the procedure makes, as the engine writes it (Article 4, boards D.9)."""
        players = self.field.players
        boards = tuple(
            match_colours(players[x], players[y], state.initial_colour) for s in self.steps for x, y in s.pairs
        )
        bye = None if self.bye is None else players[self.bye].id
        return Pairing(boards=board_order(state, boards, edition), bye=bye)

    def pairing_pairs(self) -> set[frozenset[int]]:
        players = self.field.players
        return {frozenset((players[x].id, players[y].id)) for s in self.steps for x, y in s.pairs}


def field_of(state: TournamentState) -> P.RoundField:
    match = match_to_pair(state)
    return P.RoundField(contenders(state), forbidden_pairs(state), last_round=match >= total_matches(state))


def replay(state: TournamentState, reasons: bool = True) -> Replay:
    """The engine's procedure (:func:`pairing.engine.double_swiss.pair_round`) replayed;
    with *reasons*, what chose each bracket's upfloaters too (the engine's order walked)."""
    the_field = field_of(state)
    everyone = (1 << len(the_field.players)) - 1
    bye = P.choose_bye(the_field)
    if bye == -1:
        return Replay(the_field, None, failed=True)
    out = Replay(the_field, bye)
    remaining = everyone if bye is None else everyone & ~(1 << bye)
    if not the_field.pairable(remaining):
        out.failed = True
        return out
    number = 0
    while remaining:
        number += 1
        players = the_field.players
        top_score = players[(remaining & -remaining).bit_length() - 1].score
        top = sum(1 << k for k in bits(remaining) if players[k].score == top_score)
        upfloaters = P._upfloaters(the_field, remaining, top)
        pairs = tuple(P._first_identifier(the_field, top, upfloaters))
        count_reason, set_reason = upfloater_reasons(the_field, remaining, top, upfloaters) if reasons else ("", "")
        c8 = bool(top & the_field.floated) and bool(upfloaters) and not the_field.last_round
        out.steps.append(BracketStep(number, top_score, top, upfloaters, pairs, count_reason, set_reason, c8))
        remaining &= ~(top | upfloaters)
    return out


def legal_set(the_field: P.RoundField, whole: Matcher, top: int, upfloaters: int) -> bool:
    """3.5.1: the bracket pairs ([C1]) and the rest of the field still does ([C3])."""
    bracket = top | upfloaters
    return the_field.pairable(bracket) and whole.perfect_without(bracket)


def set_key(the_field: P.RoundField, remaining: int, top: int, upfloaters: int) -> tuple[int, int]:
    """([C6] broken, [C7] count) of a set of upfloaters, as the engine weighs them (3.5.5)."""
    below = remaining & ~top
    scores = sorted({the_field.players[k].score for k in bits(below)}, reverse=True)
    following = sum(1 << k for k in bits(below) if scores and the_field.players[k].score == scores[0])
    rest = remaining & ~(top | upfloaters)
    return P._breaks_c6(the_field, rest, following & ~upfloaters, following), P._c7(the_field, upfloaters)


def profile_of(the_field: P.RoundField, upfloaters: int) -> tuple[int, ...]:
    """[C5]: the upfloaters' scores, ascending (compared the higher first)."""
    return tuple(sorted(the_field.players[k].score for k in bits(upfloaters)))


def upfloater_reasons(the_field: P.RoundField, remaining: int, top: int, upfloaters: int) -> tuple[str, str]:
    """Why the engine took *upfloaters* (3.5): their number, then what chose them among
    the sets of that number, read on the engine's own order of sets and key."""
    size = upfloaters.bit_count()
    parity = top.bit_count() % 2
    if size == 0:
        return NONE, ""
    count_reason = ODD if size == parity else NEEDED
    players = the_field.players
    below = remaining & ~top
    whole = Matcher(the_field.adj, remaining, stop_at_first_failure=False)
    groups: dict[int, list[int]] = {}
    for k in bits(below):
        groups.setdefault(players[k].score, []).append(k)
    scores = sorted(groups, reverse=True)
    chosen_profile = profile_of(the_field, upfloaters)
    profiles = list(P._profiles(size, scores, {s: len(g) for s, g in groups.items()}))
    first_profile = tuple(sorted(s for p in profiles[:1] for s, n in p.items() for _ in range(n)))
    mine = set_key(the_field, remaining, top, upfloaters)
    worse_c6 = worse_c7 = legal_others = passed = False
    profile = next(p for p in profiles if tuple(sorted(s for s, n in p.items() for _ in range(n))) == chosen_profile)
    for chosen in P._sets_with(profile, groups):  # the engine's order (3.5.4)
        mask = sum(1 << k for k in chosen)
        if mask == upfloaters:
            passed = True
            continue
        if not legal_set(the_field, whole, top, mask):
            continue
        legal_others = True
        if passed:
            break  # a later set: the engine kept the first of the best key
        key = set_key(the_field, remaining, top, mask)
        if key[0] > mine[0]:
            worse_c6 = True
        elif key[1] > mine[1]:
            worse_c7 = True
    if chosen_profile != first_profile:
        return count_reason, C5
    if worse_c6:
        return count_reason, C6
    if worse_c7:
        return count_reason, C7
    return count_reason, ORDER if legal_others else ONLY


def colour_rule(a: Contender, b: Contender) -> str:
    """The branch of :func:`pairing.engine.double_swiss.colours._colour_of_higher_ranked`
    that gives the colours of the match."""
    top = higher_ranked(a, b)
    other = b if top is a else a
    if not top.colours and not other.colours:
        return "4.3.1"
    if top.whites != other.whites:
        return "4.3.2"
    if any(x is not y for x, y in zip(reversed(top.colours), reversed(other.colours), strict=False)):
        return "4.3.3"
    return "4.3.4" if top.colours else "4.3.5"


@dataclass(frozen=True)
class DoubleSwissPlayerExplanation:
    player: int
    score: int  # pairing score (tenths, game points)
    bracket: int  # numbered from the top (3.3.2); 0 for the PAB
    bracket_score: int  # the score of the bracket's top scoregroup
    opponent: int | None  # None: the PAB
    opponent_score: int
    float: str  # "up": meets a higher score; "down": a lower one (an upfloater); "": the same score
    count_reason: str = ""  # an upfloater (empty for a resident): why the bracket took so many
    count_rule: str = ""
    set_reason: str = ""  # an upfloater: what chose the set
    set_rule: str = ""
    upfloaters: int = 0  # an upfloater: how many the bracket took
    pairs_rule: str = ""  # 3.6 (with [C8] when it shaped the bracket)
    colour: Colour | None = None  # game 1 (game 2 reversed, 4.4)
    colour_rule: str = ""
    floated_before: bool = False  # a floater in the previous match (1.5; [C7], [C8])


@dataclass(frozen=True)
class DoubleSwissRoundExplanation:
    players: tuple[DoubleSwissPlayerExplanation, ...]  # in pairing order (1.2)
    bye: int | None
    bye_rule: str = ""
    bye_decider: str = ""  # 3.4.2-3.4.4 against the next player in the order, "" when he is alone
    bye_next: int | None = None
    bye_passed: tuple[int, ...] = ()  # before him in 3.4's order, but the rest would not pair (3.4.1)


def pab_order(the_field: P.RoundField) -> list[int]:
    """3.4's order of the field indices [C2] allows (the engine's :func:`choose_bye` order)."""
    return sorted(
        (k for k, p in enumerate(the_field.players) if not p.pab_barred),
        key=lambda k: (
            the_field.players[k].score,
            -the_field.players[k].matches_played,
            -the_field.players[k].number,
        ),
    )


def bye_key(p: Contender) -> tuple[int, int, int]:
    return (p.score, -p.matches_played, -p.number)


def bye_facts(the_field: P.RoundField, bye: int) -> tuple[str, int | None, tuple[int, ...]]:
    """What put the PAB receiver first: the criterion against the next allowed player in
    3.4's order who would leave the rest pairable, and the players before him who would not."""
    everyone = (1 << len(the_field.players)) - 1
    matcher = Matcher(the_field.adj, everyone, stop_at_first_failure=False)
    order = pab_order(the_field)
    position = order.index(bye)
    passed = tuple(the_field.players[k].id for k in order[:position])
    mine = bye_key(the_field.players[bye])
    for k in order[position + 1 :]:
        if matcher.perfect_without(1 << k):
            theirs = bye_key(the_field.players[k])
            decider = next(name for name, x, y in zip(BYE_DECIDERS, mine, theirs, strict=True) if x != y)
            return decider, the_field.players[k].id, passed
    return "", None, passed


def explain_round(
    state: TournamentState, pairing: Pairing, edition: str, options: PairingOptions | None = None
) -> DoubleSwissRoundExplanation:
    """The engine's *pairing* of the match ``state.round_to_pair`` opens, explained per
    player (it must be the engine's own pairing: the procedure is replayed)."""
    edition_of("double_swiss", edition, EDITIONS)
    done = replay(state)
    if done.failed:
        raise PairingError("C.04.5 [C3]: the engine finds no pairing of this match")
    if done.pairing_pairs() != {frozenset((b.white, b.black)) for b in pairing.boards} or (
        (None if done.bye is None else done.field.players[done.bye].id) != pairing.bye
    ):
        raise ValueError("the pairing explained is not the Double-Swiss engine's pairing of this match")
    the_field = done.field
    players = the_field.players
    white = {b.white for b in pairing.boards}
    partners = partners_of(pairing)
    at: dict[int, tuple[BracketStep, bool]] = {}
    for step in done.steps:
        for k in bits(step.top):
            at[k] = (step, False)
        for k in bits(step.upfloaters):
            at[k] = (step, True)
    out = []
    for k, p in enumerate(players):
        floated_before = bool(the_field.floated >> k & 1)
        if k == done.bye:
            out.append(
                DoubleSwissPlayerExplanation(p.id, p.score, 0, p.score, None, 0, "", floated_before=floated_before)
            )
            continue
        step, up = at[k]
        mate = partners[p.id]
        q = players[the_field.index[mate]]
        drift = "up" if p.score < q.score else "down" if p.score > q.score else ""
        rule = colour_rule(p, q)
        extra: dict[str, object] = {}
        if up:
            extra = {
                "count_reason": step.count_reason,
                "count_rule": RULES[step.count_reason],
                "set_reason": step.set_reason,
                "set_rule": RULES[step.set_reason],
                "upfloaters": step.upfloaters.bit_count(),
            }
        out.append(
            DoubleSwissPlayerExplanation(
                p.id,
                p.score,
                step.number,
                step.score,
                mate,
                q.score,
                drift,
                pairs_rule=RULES["pairs_c8" if step.c8 else "pairs"],
                colour=Colour.WHITE if p.id in white else Colour.BLACK,
                colour_rule=RULES[rule],
                floated_before=floated_before,
                **extra,  # type: ignore[arg-type]
            )
        )
    if done.bye is None:
        return DoubleSwissRoundExplanation(tuple(out), None)
    decider, following, passed = bye_facts(the_field, done.bye)
    return DoubleSwissRoundExplanation(tuple(out), pairing.bye, RULES["bye"], decider, following, passed)

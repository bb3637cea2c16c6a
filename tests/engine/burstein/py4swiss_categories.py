"""Kinds of disagreement between our Burstein engine (2026 edition) and py4swiss (which
implements the same 2026 text, C.04.4.2 effective from 1 February 2026).

A differing round is put in a category only when it is *explained*: our engine, run
again with py4swiss's reading of one rule (or of two or three together) swapped in,
gives exactly py4swiss's pairing (for a seeding round, paired by the Dutch system, the
Dutch comparison's categories apply). Each reading is adjudicated from the text by a
named test in test_edition_2026.py.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
from collections.abc import Iterator

from pairing.engine import pair
from pairing.engine.burstein import brackets, corrected, opposition
from pairing.engine.burstein.corrected import BursteinEntrant
from pairing.engine.common.editions import EDITION_2026
from pairing.engine.state import Outcome, TournamentState
from tests.engine.oracles import burstein2026_reference as reference
from tests.engine.py4swiss_differential import attributes_patched, bye_of, result_rows

OTHER = "other (unexplained)"
SEEDING_LATE_ENTRY = (
    "1.6 seeding round (Dutch): py4swiss takes the parity of final pairing numbers while a player "
    "has not yet taken part (the Dutch comparison's E.5 category)"
)
SEEDING_DUTCH_2017 = (
    "1.6 seeding round: py4swiss pairs it by the seed edition's Dutch rules, not the Dutch system in force (2026)"
)
SEEDING_PAB_SCORE = (
    "1.6 seeding round: py4swiss's Dutch engine gives the PAB to a higher score than it must "
    "(Dutch 2026 C5: minimise the PAB receiver's score; 2017 C.7 alike)"
)
C6_HIGHEST_FLOATS = (
    "[C6]/[C7]: py4swiss floats the highest scores first (it minimises the lowest outgoing floater "
    "score first, not the highest)"
)
BYE_GAMES = "3.1.4: py4swiss gives the PAB to the player with fewer games played"
FULL_BYE_PAB = "[C2]: py4swiss gives the PAB to a player who had a requested full-point bye (C.04.1 art. 4 bars it)"
ORDER_NEXT_TIES_FLOAT = (
    "4.3: py4swiss ranks the next BSN as a partner no better than floating (its preference "
    "starts at 0 with the next player, the virtual player's value)"
)
ORDER_NEXT_LOSES_TO_FLOAT = ORDER_NEXT_TIES_FLOAT + ", the tie going to the float"
POINTS_AS_WRITTEN = (
    "1.7.1: py4swiss counts in the current scores the byes requested for the round being paired "
    "(it reads the TRF points column as written)"
)
ZERO_BYES_ALL_ROUNDS = (
    "1.7.2 rule 3: py4swiss counts a series of zero-point byes as draws only when the player has no other round"
)
WORSE = {
    0: "[C5]: in the first bracket where the pairings part, py4swiss's has fewer pairs",
    1: "[C6]: in the first bracket where the pairings part, py4swiss's outgoing floaters score more",
    2: "[C7]: in the first bracket where the pairings part, py4swiss's floaters leave fewer pairs in the next one",
    3: "[C7]: in the first bracket where the pairings part, py4swiss's floaters leave higher scores floating on",
    4: "[C8]: in the first bracket where the pairings part, py4swiss's gives fewer players their colour preference",
}
LATER_ORDER = (
    "article 4: in the first bracket where the pairings part, py4swiss's meets the criteria as well as ours "
    "but comes later in the BSN order (its matching does not settle 4.3)"
)
COLOUR_BY_INDEX = (
    "5.2.5: same pairs and PAB; the colours follow the index py4swiss ranks the pair by (1.8), under its reading below"
)
LATE_ENTRY_NUMBERS = (
    "1.8.2/5.2.1: py4swiss uses the final pairing numbers while a player has not yet taken part "
    "(C.04.2: the numbers of the players taking part)"
)

_original_choose_bye = corrected.choose_bye
_original_entrants = corrected.entrants


@contextlib.contextmanager
def reading(
    name: str, state: TournamentState, their_bye: int | None = None, written: dict[int, int] | None = None
) -> Iterator[None]:
    """Swap in py4swiss's reading of one rule for the duration of the block."""
    with attributes_patched() as patch:
        if name == C6_HIGHEST_FLOATS:
            patch(
                brackets,
                "score_digits",
                lambda levels, base: {s: base ** (len(levels) - 1 - t) for t, s in enumerate(levels)},
            )
        elif name == POINTS_AS_WRITTEN:
            points = written or {}
            patch(opposition, "current_score", lambda s, pid: points.get(pid, s.score(pid)))
        elif name == ZERO_BYES_ALL_ROUNDS:
            patch(
                opposition,
                "trailing_zero_byes",
                lambda p: len(p.history) if p.history and all(e.outcome is Outcome.ZERO_BYE for e in p.history) else 0,
            )
        elif name == ORDER_NEXT_TIES_FLOAT:
            patch(brackets, "order_bonus", lambda own, partner: max(0, partner - own - 1))
        elif name == ORDER_NEXT_LOSES_TO_FLOAT:
            patch(brackets, "order_bonus", lambda own, partner: 2 * (partner - own - 1) if partner else 1)
        elif name in (BYE_GAMES, FULL_BYE_PAB):

            def forced(players, compatible):  # type: ignore[no-untyped-def]
                return next(p for p in players if p.id == their_bye)

            patch(corrected, "choose_bye", forced)
        elif name == LATE_ENTRY_NUMBERS:

            def final_numbers(s: TournamentState) -> list[BursteinEntrant]:
                out = []
                for e in _original_entrants(s):
                    index = dataclasses.replace(e.index, minus_number=-e.id)
                    out.append(dataclasses.replace(e, number=e.id, index=index))
                return out

            patch(corrected, "entrants", final_numbers)
        yield


def _rows(state: TournamentState) -> set[tuple[int, int]]:
    return result_rows(pair(state, "burstein", "2026"))  # the seeding rounds by the Dutch system (1.6.1)


def _late_entries(state: TournamentState) -> bool:
    numbers = state.pairing_numbers
    return any(numbers.get(p.id) != p.id for p in state.players)


def bye_reading(state: TournamentState, ours: int, theirs: int) -> str:
    """Why py4swiss's PAB receiver is not ours, judged by 3.1."""
    players = {e.id: e for e in corrected.entrants(state)}
    mine, other = players[ours], players[theirs]
    if not other.bye_eligible and any(e.outcome is Outcome.FULL_BYE for e in state.by_id[theirs].history):
        return FULL_BYE_PAB
    if other.bye_eligible and mine.score == other.score and other.games < mine.games:
        return BYE_GAMES
    return OTHER


def judge(state: TournamentState, theirs: set[tuple[int, int]]) -> str:
    """The text's verdict on py4swiss's pairing, bracket by bracket from the top (our
    indices, which are the text's): where it first parts from ours, is it worse on
    [C5]-[C8], or as good and later in the order of article 4?"""
    players = corrected.entrants(state)
    bye = bye_of(theirs)
    remaining = [p for p in players if p.id != bye]
    compatible = corrected.Compatibility(state, players)
    their_pairs = {frozenset(r) for r in theirs if r[1] != 0}
    scores = sorted({p.score for p in remaining}, reverse=True)
    for k, resident in enumerate(scores):
        if len(remaining) < 2:
            break
        lower = next((s for s in scores[k + 1 :] if any(p.score == s for p in remaining)), None)
        bracket = brackets.Bracket(remaining, resident, lower, compatible)
        ours = bracket.pairs()
        members = {bracket.people[i].id for i in bracket.bracket}
        mine_set = {frozenset(r) for r in ours}
        other = [tuple(r) for r in their_pairs if r <= members]
        if mine_set != set(map(frozenset, other)):
            ordered = [
                (a, b) if bracket.bsn[bracket.position[a]] < bracket.bsn[bracket.position[b]] else (b, a)
                for a, b in other
            ]
            mine_value, their_value = reference.value(bracket, ours), reference.value(bracket, ordered)
            if their_value is None or mine_value is None:
                return OTHER
            if mine_value > their_value:
                mine_c, their_c = reference.criteria(bracket, mine_value), reference.criteria(bracket, their_value)
                return WORSE[next(k for k in range(5) if mine_c[k] != their_c[k])]
            if mine_value == their_value and reference.order(bracket, ours) > reference.order(bracket, ordered):
                return LATER_ORDER
            return OTHER
        taken = {pid for pair in ours for pid in pair}
        remaining = [p for p in remaining if p.id not in taken]
    return OTHER


def seeding_reading(state: TournamentState, ours: set[tuple[int, int]], theirs: set[tuple[int, int]]) -> str:
    """A seeding round: py4swiss pairs it with its Dutch engine (the Dutch comparison's
    categories), which follows the seed edition's Dutch rules."""
    from pairing.engine import dutch

    def same_pairs(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> bool:
        return {frozenset(r) for r in a} == {frozenset(r) for r in b}

    late = _late_entries(state)
    if same_pairs(ours, theirs) and late:
        return SEEDING_LATE_ENTRY
    pairing = dutch.pair_round(state, None, "2017")
    seed_rows = {(b.white, b.black) for b in pairing.boards} | ({(pairing.bye, 0)} if pairing.bye else set())
    if seed_rows == theirs:
        return SEEDING_DUTCH_2017
    if same_pairs(seed_rows, theirs) and late:
        return f"{SEEDING_DUTCH_2017} + {SEEDING_LATE_ENTRY}"
    our_bye, their_bye = bye_of(ours), bye_of(theirs)
    if our_bye is not None and their_bye is not None and state.score(their_bye) > state.score(our_bye):
        return SEEDING_PAB_SCORE
    return OTHER


def categorise(
    state: TournamentState,
    ours: set[tuple[int, int]],
    theirs: set[tuple[int, int]],
    edition: str,
    written: dict[int, int] | None = None,
) -> str:
    """The readings that explain py4swiss's pairing; *written*: the TRF points column."""
    if edition != EDITION_2026:
        return OTHER
    if state.round_to_pair <= corrected.seeding_rounds(state.total_rounds):
        return seeding_reading(state, ours, theirs)
    readings: list[str] = [C6_HIGHEST_FLOATS, ORDER_NEXT_TIES_FLOAT, ORDER_NEXT_LOSES_TO_FLOAT]
    if written and any(written.get(p.id, state.score(p.id)) != state.score(p.id) for p in state.players):
        readings.append(POINTS_AS_WRITTEN)
    if any(opposition.trailing_zero_byes(p) not in (0, len(p.history)) for p in state.players):
        readings.append(ZERO_BYES_ALL_ROUNDS)
    if _late_entries(state):
        readings.append(LATE_ENTRY_NUMBERS)
    our_bye, their_bye = bye_of(ours), bye_of(theirs)
    required: tuple[str, ...] = ()
    if our_bye != their_bye:
        if our_bye is None or their_bye is None:
            return OTHER
        kind = bye_reading(state, our_bye, their_bye)
        if kind != OTHER:
            required = (kind,)
        else:  # 3.1.5, the ranking: a reading of the index may give py4swiss's PAB
            index_readings = [r for r in readings if r in (POINTS_AS_WRITTEN, ZERO_BYES_ALL_ROUNDS, LATE_ENTRY_NUMBERS)]
            required = _readings_giving_bye(state, index_readings, their_bye, written)
            if not required:
                return OTHER
    for size in (0, 1, 2, 3):
        for combination in itertools.combinations([r for r in readings if r not in required], size):
            names = (*required, *combination)
            if not names:
                continue
            with contextlib.ExitStack() as stack:
                for name in names:
                    stack.enter_context(reading(name, state, their_bye, written))
                if _rows(state) == theirs:
                    return " + ".join(names)
    colour = colour_reading(state, ours, theirs, readings, written)
    if colour is not None:
        return colour
    verdict = judge(state, theirs)  # with py4swiss's PAB when it differs (explained above)
    if required and verdict != OTHER:
        return " + ".join((*required, verdict))
    return verdict


def colour_reading(
    state: TournamentState,
    ours: set[tuple[int, int]],
    theirs: set[tuple[int, int]],
    readings: list[str],
    written: dict[int, int] | None = None,
) -> str | None:
    """When the pairs and the PAB are ours and only colours differ: the reading of the index
    (1.7) under which 5.2.5 (the higher-ranked player's preference, ranked by 1.8) gives each
    board py4swiss's colours, our pairs kept (the reading may move the bracket order too)."""
    if bye_of(ours) != bye_of(theirs) or {frozenset(r) for r in ours} != {frozenset(r) for r in theirs}:
        return None
    flipped = [(w, b) for w, b in ours - theirs if b]
    for name in (r for r in readings if r in (POINTS_AS_WRITTEN, ZERO_BYES_ALL_ROUNDS, LATE_ENTRY_NUMBERS)):
        with reading(name, state, None, written):
            players = {p.id: p for p in corrected.entrants(state)}
            if all(
                corrected.white_and_black(players[w], players[b], state.initial_colour) == (b, w) for w, b in flipped
            ):
                return f"{COLOUR_BY_INDEX} + {name}"
    return None


def _readings_giving_bye(
    state: TournamentState, candidates: list[str], their_bye: int, written: dict[int, int] | None
) -> tuple[str, ...]:
    """The fewest index readings with which our PAB choice is py4swiss's."""
    for size in range(1, len(candidates) + 1):
        for combination in itertools.combinations(candidates, size):
            with contextlib.ExitStack() as stack:
                for name in combination:
                    stack.enter_context(reading(name, state, their_bye, written))
                players = corrected.entrants(state)
                if corrected.choose_bye(players, corrected.Compatibility(state, players)).id == their_bye:
                    return combination
    return ()

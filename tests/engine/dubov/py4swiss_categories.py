"""Kinds of disagreement between our Dubov engine (2018 text) and py4swiss (2026 text).

A differing round is put in a category only when it is *explained*: our engine, run
again with py4swiss's reading of one rule (or of two rules together) swapped in,
gives exactly py4swiss's pairing. Each reading is adjudicated against the 2018 text
by a named test in test_py4swiss_verdicts.py.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator

from pairing.engine.common.editions import EDITION_2017
from pairing.engine.dubov import bye as bye_module
from pairing.engine.dubov import groups, players, upfloaters
from pairing.engine.dubov import round as round_module
from pairing.engine.dubov.players import DubovEntrant
from pairing.engine.state import Outcome, TournamentState
from tests.engine.py4swiss_differential import attributes_patched, bye_of, result_rows

OTHER = "other (unexplained)"
BYE_GAMES = "B.0.d: py4swiss gives the PAB to the player with fewer games played"
FORFEIT_FLOATS = "A.7/C.8-C.10: py4swiss does not count an upfloat whose game was forfeited"
C9_COUNTS = "C.9: py4swiss does not prefer the maximum upfloater upfloated fewer times"
B3_FIRST_ROUND = "B.3: py4swiss halves a bracket by rank only in round 1, not whenever nobody in it has played"
BYE_FULL_POINT = "C.2: py4swiss refuses the PAB to a player who had a requested full-point bye (2026 text)"
FULL_BYE_PAB_2026 = (
    "C2 (2026): py4swiss gives the PAB to a player who had a requested full-point bye (C.04.1 art. 4 of 2026 bars it)"
)
C6_HIGHEST = "C.6: py4swiss maximises the highest upfloater score first, not the lowest"
D2_RESIDENTS = "D.2: py4swiss leaves the upfloaters out of the possible shifters (sequence numbers)"
D2_SECOND_POOL = (
    "D.2: py4swiss numbers the second shift's pool with the players the first shift "
    "moved in (they seek the other colour)"
)
LATE_ENTRY_COLOURS = "E.0: py4swiss takes the parity of final pairing numbers while a player has not yet taken part"


def entrants_of(state: TournamentState, edition: str = EDITION_2017) -> list[DubovEntrant]:
    return players.entrants(state, edition)


def _played_upfloats(state: TournamentState, player_id: int) -> list[bool]:
    out = []
    for rnd, entry in enumerate(state.by_id[player_id].history, 1):
        out.append(
            entry.played
            and entry.opponent in state.by_id
            and state.score_before(player_id, rnd) < state.score_before(entry.opponent, rnd)
        )
    return out


def _no_c9(ups, last_round):  # type: ignore[no-untyped-def]
    c8, _, c10 = _original_float_failures(ups, last_round)
    return (c8, 0, c10)


_original_float_failures = upfloaters.float_failures
_original_bye_order = bye_module.bye_order


@contextlib.contextmanager
def reading(name: str, state: TournamentState, their_bye: int | None = None) -> Iterator[None]:
    """Swap in py4swiss's reading of one rule for the duration of the block."""
    with attributes_patched() as patch:
        if name == BYE_GAMES:
            # py4swiss's PAB receiver is put first in the B.0 order; the rest follows our rules.
            def order(entrants: list[DubovEntrant]) -> list[DubovEntrant]:
                first = [p for p in entrants if p.id == their_bye]
                return first + [p for p in _original_bye_order(entrants) if p.id != their_bye]

            patch(bye_module, "bye_order", order)
        elif name == FORFEIT_FLOATS:
            patch(players, "upfloat_history", _played_upfloats)
        elif name == C9_COUNTS:
            patch(upfloaters, "float_failures", _no_c9)
        elif name == C6_HIGHEST:
            patch(
                upfloaters,
                "score_penalty",
                lambda score, levels, base: base ** len(levels) - base ** levels.index(score),
            )
        elif name == D2_RESIDENTS:
            from pairing.engine.dubov import shifters

            original_sequence = shifters.shifter_sequence

            def residents_first(pool: list[DubovEntrant], from_g1: bool) -> list[DubovEntrant]:
                top = max(p.score for p in pool)
                residents = [p for p in pool if p.score == top]
                ups = [p for p in pool if p.score != top]
                return original_sequence(residents, from_g1) + original_sequence(ups, from_g1)

            patch(shifters, "shifter_sequence", residents_first)
        elif name == D2_SECOND_POOL:
            from pairing.engine.dubov import shifters

            def with_first_shift(self, a):  # type: ignore[no-untyped-def]
                numbered = self._sequence(self.large | a, not self.small_is_g1)
                return [i for i in numbered if not a >> i & 1]

            patch(shifters.BracketShifts, "second_shift_sequence", with_first_shift)
        elif name == B3_FIRST_ROUND:
            patch(groups, "all_yet_to_play", lambda bracket: state.round_to_pair == 1)
        elif name == LATE_ENTRY_COLOURS:
            original = players.entrants

            def final_numbers(s: TournamentState, edition: str | None = None) -> list[DubovEntrant]:
                import dataclasses

                return [dataclasses.replace(e, number=e.id) for e in original(s, edition)]

            patch(round_module, "entrants", final_numbers)
        yield


READINGS = (
    BYE_GAMES,
    FORFEIT_FLOATS,
    C9_COUNTS,
    C6_HIGHEST,
    D2_RESIDENTS,
    D2_SECOND_POOL,
    B3_FIRST_ROUND,
    LATE_ENTRY_COLOURS,
)


def _rows(state: TournamentState, edition: str) -> set[tuple[int, int]]:
    return result_rows(round_module.pair_round(state, None, edition))


def bye_disagreement(state: TournamentState, ours: int, theirs: int, edition: str = EDITION_2017) -> str:
    """Why py4swiss's PAB receiver is not ours, judged by the B.0 (2026: 3.1) order."""
    mine = next(p for p in entrants_of(state, edition) if p.id == ours)
    other = next(p for p in entrants_of(state, edition) if p.id == theirs)
    if any(e.outcome is Outcome.FULL_BYE for e in state.by_id[ours].history):
        return BYE_FULL_POINT
    if not other.bye_eligible and any(e.outcome is Outcome.FULL_BYE for e in state.by_id[theirs].history):
        return FULL_BYE_PAB_2026
    if mine.score == other.score and other.games < mine.games:
        return BYE_GAMES
    return OTHER


def categorise(
    state: TournamentState, ours: set[tuple[int, int]], theirs: set[tuple[int, int]], edition: str = EDITION_2017
) -> str:
    our_bye, their_bye = bye_of(ours), bye_of(theirs)
    readings: tuple[str, ...] = READINGS
    if our_bye != their_bye and our_bye is not None and their_bye is not None:
        kind = bye_disagreement(state, our_bye, their_bye, edition)
        if kind == OTHER:
            return OTHER
        readings = (BYE_GAMES, *(r for r in READINGS if r != BYE_GAMES))
        labels = {BYE_GAMES: kind}
    else:
        readings = tuple(r for r in READINGS if r != BYE_GAMES)
        labels = {}
    for size in (1, 2, 3):
        for combination in itertools.combinations(readings, size):
            if our_bye != their_bye and BYE_GAMES not in combination:
                continue
            with contextlib.ExitStack() as stack:
                for name in combination:
                    stack.enter_context(reading(name, state, their_bye))
                if _rows(state, edition) == theirs:
                    return " + ".join(labels.get(n, n) for n in combination)
    return OTHER

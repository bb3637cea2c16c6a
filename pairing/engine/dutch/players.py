"""What the Dutch rules need to know about each player to be paired this round."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property

from pairing.engine.common.colours import ColourPreference, Strength, colour_preference
from pairing.engine.common.general_rules import unplayed_games, unplayed_round_is_downfloat
from pairing.engine.common.players import Entrant, higher_first
from pairing.engine.state import TournamentState


class Float(enum.Enum):
    DOWN = "D"
    UP = "U"
    NONE = ""


@dataclass(frozen=True)
class DutchEntrant(Entrant):
    """An entrant with the facts the Dutch rules add (bye eligibility is C.2)."""

    real_score: int
    preference: ColourPreference
    floats: tuple[Float, Float]  # float of the previous round, and of two rounds before (A.4)
    topscorer: bool  # A.7
    unplayed: int  # rounds not played over the board (2026 C9)

    @cached_property
    def absolute(self) -> bool:
        return self.preference.strength is Strength.ABSOLUTE

    @cached_property
    def strong(self) -> bool:
        return self.preference.strength is Strength.STRONG

    @cached_property
    def imbalance(self) -> int:
        return abs(self.preference.difference)

    @cached_property
    def repeated(self):
        return self.preference.repeats_last_two()


def float_in_round(state: TournamentState, player_id: int, round_number: int, edition: str) -> Float:
    """A.4.b (2026: 1.4): the float a player received in *round_number*.

    A round not played is a downfloat or none as the *edition* says
    (:func:`pairing.engine.common.general_rules.unplayed_round_is_downfloat`); otherwise
    the pairing scores before that round decide.
    """
    history = state.by_id[player_id].history
    if round_number < 1 or round_number > len(history):
        return Float.DOWN
    entry = history[round_number - 1]
    if not entry.played:
        return Float.DOWN if unplayed_round_is_downfloat(entry, state.scoring, edition) else Float.NONE
    mine = state.score_before(player_id, round_number) + state.acceleration(player_id, round_number)
    theirs = state.score_before(entry.opponent, round_number) + state.acceleration(entry.opponent, round_number)
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return Float.NONE


def entrants(state: TournamentState, edition: str) -> list[DutchEntrant]:
    """The players to pair under the *edition* of the rules, sorted by A.2: pairing score,
    then pairing number."""
    played_rounds = state.round_to_pair - 1
    last_round = state.round_to_pair >= state.total_rounds
    best = max(state.scoring.win, state.scoring.draw)
    result = []
    for player in state.to_pair:
        score = state.pairing_score(player.id)
        previous = state.round_to_pair - 1
        floats = (
            float_in_round(state, player.id, previous, edition) if previous >= 1 else Float.NONE,
            float_in_round(state, player.id, previous - 1, edition) if previous >= 2 else Float.NONE,
        )
        result.append(
            DutchEntrant.of(
                state,
                player,
                edition,
                real_score=state.score(player.id),
                preference=colour_preference(player),
                floats=floats,
                # A.7: over 50% of the maximum possible score, when pairing the last round
                topscorer=last_round and 2 * score > played_rounds * best,
                unplayed=unplayed_games(player),
            )
        )
    result.sort(key=higher_first)
    return result

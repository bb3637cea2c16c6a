"""What the Dubov rules need to know about each player to be paired this round."""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.aro import aros
from pairing.engine.common.colours import ColourPreference, Strength, colour_preference
from pairing.engine.common.players import Entrant, higher_first
from pairing.engine.state import Colour, Player, TournamentState


def dubov_colour_preference(player: Player) -> ColourPreference:
    """The revised Dubov system's colour preference (C.04.4.1 A.5, Batumi 2018).

    A.5.a-c are the three strengths of :mod:`pairing.engine.common.colours`; A.5.d differs from the Dutch
    rules: a player who has not played a game yet has a mild preference for Black.
    """
    preference = colour_preference(player)
    if not preference.sequence:
        return ColourPreference(Colour.BLACK, Strength.MILD, 0, preference.sequence)  # A.5.d
    return preference


def max_upfloats(total_rounds: int) -> int:
    """A.7: MaxT = 2 + [Rnds/5]."""
    return 2 + total_rounds // 5


@dataclass(frozen=True)
class DubovEntrant(Entrant):
    """An entrant with the facts the Dubov rules add (its number is the A.2 initial rank)."""

    aro: int  # A.6
    preference: ColourPreference  # A.5, always a colour (A.5.d for newcomers)
    games: int  # games played over the board
    upfloats: int  # times upfloated so far (A.7)
    upfloated_last_round: bool  # C.10
    maximum_upfloater: bool  # A.7

    @property
    def colour(self) -> Colour:
        assert self.preference.colour is not None
        return self.preference.colour

    @property
    def absolute(self) -> bool:
        return self.preference.strength is Strength.ABSOLUTE

    @property
    def has_played(self) -> bool:
        return self.games > 0


def upfloat_history(state: TournamentState, player_id: int) -> list[bool]:
    """Per past round: was the player an upfloater (paired with a higher score, A.3)?

    The pairing made the float, so a forfeited game counts as much as a played one;
    byes and absences are no floats (there are no downfloaters in Dubov, A.3 note).
    The scores are those before the round, adjustments included (state.score_before).
    """
    out = []
    for rnd, entry in enumerate(state.by_id[player_id].history, 1):
        opponent = entry.opponent
        if opponent is None or opponent not in state.by_id or len(state.by_id[opponent].history) < rnd:
            out.append(False)
            continue
        out.append(state.score_before(player_id, rnd) < state.score_before(opponent, rnd))
    return out


def entrants(state: TournamentState, edition: str) -> list[DubovEntrant]:
    """The players to pair this round, in the order: score descending, then pairing number.

    The *edition* decides who may still receive the PAB (C.2, see common.general_rules)."""
    ratings = aros(state)
    max_t = max_upfloats(state.total_rounds)
    last = state.round_to_pair - 1
    out = []
    for p in state.to_pair:
        floats = upfloat_history(state, p.id)
        count = sum(floats)
        out.append(
            DubovEntrant.of(
                state,
                p,
                edition,
                aro=ratings[p.id],
                preference=dubov_colour_preference(p),
                games=sum(1 for e in p.history if e.played),
                upfloats=count,
                upfloated_last_round=bool(last >= 1 and len(floats) >= last and floats[last - 1]),
                maximum_upfloater=count >= max_t,
            )
        )
    out.sort(key=higher_first)
    return out

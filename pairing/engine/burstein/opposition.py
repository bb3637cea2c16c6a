"""Burstein 2026, articles 1.7 and 1.8: the opposition index and the ranking order.

1.7.1 Buchholz: the sum of the current scores of the opponents the player met;
Sonneborn-Berger: the sum, over the rounds, of the points the player earned times the
current score of that round's opponent.
1.7.2 common rules, as read here (the witness reads them alike):
- a round the player did not play over the board (a bye of any kind, a forfeit, an
  absence) counts as a game against an opponent with the player's own current score;
- exception: a player whose latest rounds, up to the current one, are a series of
  zero-point byes gives his actual over-the-board opponents each of those rounds as a
  draw in the score they see.
1.8 Ranking order, once the seeding rounds are over: Buchholz, then Sonneborn-Berger,
then the pairing number, ascending. The score is not part of it: inside a bracket,
incoming floaters are ranked by the same index as the residents.

The seed edition's 3.2 order (Sonneborn-Berger first, then Buchholz, Median, rating,
the unplayed rounds of the old C.02) lives in :mod:`pairing.engine.burstein.ordering`.
Values are integers in tenths (scores) and hundredths (Sonneborn-Berger).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.state import Outcome, Player, TournamentState


@dataclass(frozen=True, order=True)
class Index:
    """The 1.8 sort key of one player: larger ranks higher."""

    buchholz: int
    sonneborn_berger: int
    minus_number: int  # 1.8.2: the lower pairing number ranks higher


def current_score(state: TournamentState, player_id: int) -> int:
    """1.7.1 "current score": the points of the rounds played so far (a bye requested
    for the round being paired is not scored yet)."""
    return state.score(player_id)


def trailing_zero_byes(player: Player) -> int:
    """1.7.2, the exception: the zero-point byes of the series that reaches the current round."""
    trailing = 0
    for entry in reversed(player.history):
        if entry.outcome is not Outcome.ZERO_BYE:
            break
        trailing += 1
    return trailing


def score_seen_by_opponents(state: TournamentState, player: Player) -> int:
    """A player's current score as his opponents count it (1.7.2, the exception): the
    trailing series of zero-point byes, if any, counts as draws."""
    draws = trailing_zero_byes(player) * (state.scoring.draw - state.scoring.zero_bye)
    return current_score(state, player.id) + draws


def indices(state: TournamentState) -> dict[int, Index]:
    """The 1.8 key of every player with a pairing number, from the results so far."""
    numbers = state.pairing_numbers
    seen = {p.id: score_seen_by_opponents(state, p) for p in state.players}
    out: dict[int, Index] = {}
    for player in state.players:
        if player.id not in numbers:
            continue
        own = current_score(state, player.id)
        buchholz = sonneborn_berger = 0
        for entry in player.history:
            opponent = seen.get(entry.opponent, 0) if entry.played else own  # 1.7.2: unplayed, oneself
            buchholz += opponent
            sonneborn_berger += state.scoring.points(entry.outcome) * opponent
        out[player.id] = Index(buchholz, sonneborn_berger, -numbers[player.id])
    return out

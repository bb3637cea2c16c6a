"""Rating changes from the database: pairing.engine.rating (FIDE Rating Regulations, 2024)
over the adapter's public view of the tournament (published rounds, results as entered),
the view the standings and player cards read.

The official rating (Player.rating) is the one rated; a game counts when it was played
over the board (not a forfeit, a bye or a game marked unrated) against an opponent with an
official rating. An unrated player gets no change here (his first rating is FIDE's
calculation over several events).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from pairing import adapter
from pairing.engine.rating import RatedGame, RatingChange, expected_hundredths, k_factor, rating_change
from pairing.engine.state import Outcome
from tourney.models import Player, Tournament
from tourney.standings import public_state

# Halves of a point for a rated game (8.3.2: 1, ½, 0), by the outcome the player had.
RATED_HALVES = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}


@dataclass(frozen=True)
class RatedRound:
    """One rated game as the card shows it: PD of table 8.1.2 and score − PD."""

    round: int
    opponent: Player
    expected: Decimal  # PD
    score: Decimal
    difference: Decimal  # score − PD


@dataclass(frozen=True)
class PlayerRatingChange:
    player: Player
    k_listed: bool  # K as the rating list gives it (Player.k_factor), else derived
    result: RatingChange
    rounds: tuple[RatedRound, ...] = ()

    @property
    def k(self) -> int:
        return self.result.k

    @property
    def delta(self) -> Decimal:
        """The change in rating points, exact (12.8, -4.2, 8.75)."""
        return _points(self.result.change)

    @property
    def expected(self) -> Decimal:
        """ΣPD, in hundredths as table 8.1.2 gives them (4.30, 3.29)."""
        return (Decimal(self.result.expected) / 100).quantize(Decimal("0.01"))

    @property
    def score(self) -> Decimal:
        return Decimal(self.result.halves) / 2


def _points(hundredths: int) -> Decimal:
    value = Decimal(hundredths) / 100
    return value.quantize(Decimal("0.1")) if hundredths % 10 == 0 else value


def event_year(tournament: Tournament) -> int:
    """The year of the event's start (today's before a start date is set)."""
    return (tournament.start_date or datetime.date.today()).year


def birth_year(player: Player) -> int | None:
    return int(player.birth_date[:4]) if player.birth_date[:4].isdigit() else None


def player_k(player: Player, year: int) -> tuple[int, bool]:
    """8.3.3: the K a player comes with (the list's when given), and whether it was given."""
    if player.k_factor:
        return player.k_factor, True
    k = k_factor(player.rating, rated_games=player.rated_games, birth_year=birth_year(player), year=year)
    return k, False


def rating_changes(tournament: Tournament, after: int) -> dict[int, PlayerRatingChange]:
    """By starting rank: the rating change of every rated player over rounds 1..*after*."""
    state = public_state(tournament, after)
    players = {p.pairing_number: p for p in tournament.players.all()}
    year = event_year(tournament)
    # Each game is rated (a Double-Swiss match twice, its columns 2n-1 and 2n): shown by its round.
    columns = adapter.games_per_round(tournament)
    out = {}
    for entrant in state.players:
        player = players[entrant.id]
        if not player.rating:
            continue
        rated = [
            ((column + columns - 1) // columns, players[e.opponent], RATED_HALVES[e.outcome])
            for column, e in enumerate(entrant.history, 1)
            if e.opponent is not None and e.outcome in RATED_HALVES and players[e.opponent].rating
        ]
        games = [RatedGame(opponent.rating, halves) for _n, opponent, halves in rated]
        k, listed = player_k(player, year)
        rounds = tuple(
            _rated_round(number, opponent, halves, expected_hundredths(player.rating, opponent.rating))
            for number, opponent, halves in rated
        )
        out[entrant.id] = PlayerRatingChange(player, listed, rating_change(player.rating, k, games), rounds)
    return out


def _rated_round(number: int, opponent: Player, halves: int, pd: int) -> RatedRound:
    score = Decimal(halves) / 2
    expected = (Decimal(pd) / 100).quantize(Decimal("0.01"))
    return RatedRound(number, opponent, expected, score, score - expected)

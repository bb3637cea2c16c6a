"""Rating change of a rated player over one tournament, per the FIDE Rating Regulations
effective from 1 March 2024 (FIDE Handbook B.02).

Pure arithmetic on integers: expected scores are kept in hundredths (as the table gives
them), game scores in halves, the change in hundredths of a rating point, so that no
float ever decides a rounding.

* 8.1.2: the table converting the rating difference D into the scoring probability PD of
  the higher-rated (H) and the lower-rated (L) player.
* 8.3.1: a difference of more than 400 points counts as 400 (applied to every game: the
  2024 regulations dropped the once-per-event limit the October 2022 amendment set for
  players rated 2650 and above).
* 8.3.2: per game, ΔR = score − PD; the change over the event is K × ΣΔR.
* 8.3.3: K = 40 for a player new to the rating list until he has completed events with at
  least 30 games, and for every player until the end of the year of his 18th birthday while
  his rating stays under 2300; K = 20 while his rating stays under 2400; K = 10 once his
  published rating has reached 2400, even if it drops below later. If K × n (n games rated
  in the period) exceeds 700, K is the largest whole number with K × n ≤ 700.
* Only games played over the board against a rated opponent count (a forfeit, a bye or a
  game the arbiter marked unrated is not rated; against an unrated opponent a rated
  player's game is not rated for him in a Swiss event).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.expected_score import expected_score

K_SUM_LIMIT = 700  # 8.3.3: K × n never above 700 in a rating period
NEW_PLAYER_GAMES = 30  # 8.3.3: K = 40 until events with at least 30 games are completed
JUNIOR_AGE = 18  # 8.3.3: K = 40 until the end of the year of the 18th birthday ...
JUNIOR_CEILING = 2300  # ... while the rating stays under 2300
K10_THRESHOLD = 2400  # 8.3.3: K = 10 once the published rating has reached 2400


def expected_hundredths(rating: int, opponent_rating: int) -> int:
    """PD of *rating* against *opponent_rating*, in hundredths (8.1.2, with 8.3.1's cap)."""
    return int(expected_score(rating, opponent_rating) * 100)


def k_factor(
    rating: int,
    *,
    rated_games: int | None = None,
    birth_year: int | None = None,
    year: int | None = None,
    reached_2400: bool = False,
) -> int:
    """K of 8.3.3 from the player's record before the event.

    *rated_games*: games rated for him before the event (None: not known, taken as an
    established player). *birth_year* and *year* (the event's): the junior rule. A
    rating of 2400 or more, or *reached_2400*, gives 10."""
    if reached_2400 or rating >= K10_THRESHOLD:
        return 10
    if rated_games is not None and rated_games < NEW_PLAYER_GAMES:
        return 40
    if birth_year is not None and year is not None and year - birth_year <= JUNIOR_AGE and rating < JUNIOR_CEILING:
        return 40
    return 20


def k_for_games(k: int, games: int) -> int:
    """8.3.3: K lowered so that K × n does not exceed 700 (n: the games rated)."""
    if games and k * games > K_SUM_LIMIT:
        return K_SUM_LIMIT // games
    return k


@dataclass(frozen=True)
class RatedGame:
    """One game as the rating sees it: the opponent's rating and the score in halves (2 = win)."""

    opponent_rating: int
    halves: int


@dataclass(frozen=True)
class RatingChange:
    rating: int
    k: int  # after the 700 limit
    games: int
    halves: int  # score in the rated games, in halves
    expected: int  # ΣPD in hundredths
    change: int  # K × Σ(score − PD), in hundredths of a point

    @property
    def new_rating(self) -> int:
        """The rating plus the change, rounded half up (a change of 7.5 gives +8, -7.5 gives -7)."""
        return self.rating + (self.change + 50) // 100


def rating_change(rating: int, k: int, games: list[RatedGame] | tuple[RatedGame, ...]) -> RatingChange:
    """8.3.2: the change of a player rated *rating*, with development coefficient *k*
    (before the 700 limit, which this applies to the games given), over *games*."""
    rated = [g for g in games if g.opponent_rating > 0]
    expected = sum(expected_hundredths(rating, g.opponent_rating) for g in rated)
    halves = sum(g.halves for g in rated)
    k = k_for_games(k, len(rated))
    change = k * (halves * 50 - expected)
    return RatingChange(rating, k, len(rated), halves, expected, change)

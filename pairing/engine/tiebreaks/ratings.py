"""The rating-based tie-breaks of C.07 article 10, each for every player.

Games played over the board only count (C.07 15.2: a forfeit stays an unplayed round in
the rating-based tie-breaks, also in a round robin). The rating is the one the player
started with (10, note: "the first one" when a player gets several during the event);
an unrated player counts with the rating the regulations state (``/U<rating>``), and
without one no rating-based value can be given in the field (None).
"""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.aro import average_rating
from pairing.engine.expected_score import expected_score
from pairing.engine.tiebreaks.codes import TieBreak
from pairing.engine.tiebreaks.rounds import Crosstable

Value = Fraction | int | None

# FIDE rating regulations, table 8.1(a): the rating difference dp for a percentage
# score p (0.50 ... 1.00); below 0.50, dp(p) = -dp(1 - p).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip
# 10.3: the perfect performance is searched this far either side of the opponents' ratings
# (table 8.1(b) gives 0 and 1 beyond a difference of 735).
_PERFECT_SPAN = 800


def dp(percentage: int) -> int:
    """Table 8.1(a): *percentage* is p in hundredths, 0..100."""
    if not 0 <= percentage <= 100:
        raise ValueError(f"a percentage score of {percentage}")
    return _DP_UPPER[percentage - 50] if percentage >= 50 else -_DP_UPPER[50 - percentage]


def ratings(table: Crosstable, tb: TieBreak) -> dict[int, int] | None:
    """Each player's rating, unrated players at ``/U``; None when a player is unrated and
    the tournament gave no rating for unrated players."""
    out = dict(table.ratings)
    if any(r <= 0 for r in out.values()):
        if tb.unrated_rating is None:
            return None
        out = {pid: r if r > 0 else tb.unrated_rating for pid, r in out.items()}
    return out


def rated_games(table: Crosstable, tb: TieBreak) -> dict[int, list[tuple[int, Fraction]]] | None:
    """Per player, (opponent's rating, game score) of every game played over the board,
    cut per 14 by rating; None when no rating-based value can be given."""
    rating = ratings(table, tb)
    if rating is None:
        return None
    out = {}
    for pid in table.ids:
        games = sorted(
            ((rating[r.opponent], r.game_score) for r in table.rows[pid] if r.played and r.opponent is not None),
            key=lambda g: g[0],
        )
        low = min(tb.cut_low, table.rounds)
        high = min(tb.cut_high, table.rounds - low)
        games = games[low:]
        games = games[: len(games) - high] if high else games
        out[pid] = games
    return out


def average_rating_of_opponents(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 10.1: rounded to the nearest integer, .5 up (the one rule in pairing.engine.aro)."""
    games = rated_games(table, tb)
    if games is None:
        return dict.fromkeys(table.ids)
    return {pid: average_rating(r for r, _ in g) if g else None for pid, g in games.items()}


def performance_percentage(score: Fraction, games: int) -> int:
    """The percentage score in hundredths, rounded half up (table 8.1(a) is read at p)."""
    return int(score * 100 / games + Fraction(1, 2))


def performance_rating(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 10.2: ARO + dp(p), p the percentage of the games played over the board."""
    games = rated_games(table, tb)
    if games is None:
        return dict.fromkeys(table.ids)
    out: dict[int, Value] = {}
    for pid, g in games.items():
        if not g:
            out[pid] = None
            continue
        score = sum((s for _, s in g), Fraction(0))
        out[pid] = average_rating(r for r, _ in g) + dp(performance_percentage(score, len(g)))
    return out


def perfect_performance(score: Fraction, opponents: list[int]) -> int:
    """C.07 10.3: the lowest rating whose expected score against *opponents* (table 8.1(b),
    no 400-point cap) reaches *score*. A zero score gives the lowest rating searched,
    800 below the lowest opponent."""
    low, high = min(opponents) - _PERFECT_SPAN, max(opponents) + _PERFECT_SPAN
    while low < high:  # the expected score grows with the rating: bisect on it
        middle = (low + high) // 2
        if sum((expected_score(middle, r, cap=False) for r in opponents), Fraction(0)) >= score:
            high = middle
        else:
            low = middle + 1
    return low


def perfect_tournament_performance(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 10.3 over the games played over the board (cut per 14)."""
    games = rated_games(table, tb)
    if games is None:
        return dict.fromkeys(table.ids)
    return {
        pid: perfect_performance(sum((s for _, s in g), Fraction(0)), [r for r, _ in g]) if g else None
        for pid, g in games.items()
    }


def _average_over_opponents(table: Crosstable, values: dict[int, Value]) -> dict[int, Value]:
    """The opponents' values averaged over the games played over the board, rounded like
    the ARO (nearest integer, .5 up); opponents without a value are left out."""
    out: dict[int, Value] = {}
    for pid, rows in table.rows.items():
        met = [values[r.opponent] for r in rows if r.played and r.opponent is not None]
        known = [int(v) for v in met if v is not None]
        out[pid] = average_rating(known) if known else None
    return out


def average_performance_of_opponents(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 10.4 (APRO): the average of the opponents' TPR."""
    return _average_over_opponents(table, performance_rating(table, TieBreak("TPR", unrated_rating=tb.unrated_rating)))


def average_perfect_performance_of_opponents(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 10.5 (APPO): the average of the opponents' PTP."""
    return _average_over_opponents(
        table, perfect_tournament_performance(table, TieBreak("PTP", unrated_rating=tb.unrated_rating))
    )


def rating(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 10.6 (RTNG): the player's rating, highest first (``/R``: lowest first)."""
    rating_of = ratings(table, tb)
    if rating_of is None:
        return dict.fromkeys(table.ids)
    return dict(rating_of)

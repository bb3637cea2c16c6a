"""The tie-break values of C.07, one function per tie-break, each for every player.

Every function takes a :class:`~pairing.engine.tiebreaks.rounds.Crosstable` and a
:class:`~pairing.engine.tiebreaks.codes.TieBreak` and returns ``{player id: value}``:
a Fraction of a point, a count, a rating, or None when the value cannot be given
(a rating-based tie-break in a field with unrated players and no rating stated for
them, C.07 15).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from pairing.engine.aro import average_rating
from pairing.engine.state import Colour
from pairing.engine.tiebreaks.codes import TieBreak
from pairing.engine.tiebreaks.rounds import Crosstable

Value = Fraction | int | None


# ---------------------------------------------------------------- cuts (C.07 14, 16.5)


@dataclass(frozen=True)
class Term:
    """One round's contribution to a sum: *key* is the opponent's score that ranks it
    for the cuts, *value* what it adds (equal to *key* for Buchholz, the score times
    the result for Sonneborn-Berger); *voluntary* marks a VUR (C.07 16.5)."""

    key: Fraction
    value: Fraction
    voluntary: bool = False


def cut_terms(terms: list[Term], low: int, high: int, rounds: int) -> list[Term]:
    """Remove the *low* least and the *high* most significant terms (C.07 14.1-14.4).

    C.07 16.5: while a participant has VURs left, the low cut may not favour him: of
    the least significant term and his least valuable VUR, the one worth more goes
    (the VUR on a tie), so a VUR is never kept when cutting it leaves less. The most
    significant terms are cut by value alone.
    """
    low = min(low, rounds)
    high = min(high, rounds - low)
    kept = list(terms)
    for _ in range(low):
        if not kept:
            break
        least = min(kept, key=lambda t: (t.key, t.value))
        vurs = [t for t in kept if t.voluntary]
        if vurs:
            vur = min(vurs, key=lambda t: (t.value, t.key))
            kept.remove(least if least.value > vur.value else vur)
        else:
            kept.remove(least)
    for _ in range(high):
        if not kept:
            break
        kept.remove(max(kept, key=lambda t: (t.key, t.value)))
    return kept


# ---------------------------------------------------------------- opponents' scores (C.07 8, 9)


def buchholz_terms(table: Crosstable, pid: int, sonneborn: bool) -> list[Term]:
    """The rounds' terms in Fractions of a point (the integer terms, scaled back)."""
    scale = 100 if sonneborn else 10
    return [
        Term(Fraction(t.key, 10), Fraction(t.value, scale), t.voluntary) for t in integer_terms(table, pid, sonneborn)
    ]


class IntegerTerm(NamedTuple):
    """A Term counted in integers: *key* in tenths of a point, *value* in tenths (Buchholz)
    or hundredths (Sonneborn-Berger: tenths times tenths). The cuts compare terms of one
    player only, all on one scale, so they cut the same rounds as with Fractions."""

    key: int
    value: int
    voluntary: bool


def integer_terms(table: Crosstable, pid: int, sonneborn: bool) -> list[IntegerTerm]:
    terms = []
    for r, points in zip(table.rows[pid], table.points_tenths[pid], strict=True):
        score = table.opponent_tenths(pid, r)
        value = score * points if sonneborn else score
        terms.append(IntegerTerm(score, value, r.voluntary_unplayed and not r.played))
    return terms


def _cut_sum(table: Crosstable, tb: TieBreak, pid: int, sonneborn: bool) -> Fraction:
    kept = cut_terms(integer_terms(table, pid, sonneborn), tb.cut_low, tb.cut_high, table.rounds)  # type: ignore[arg-type]
    return Fraction(sum(t.value for t in kept), 100 if sonneborn else 10)


def buchholz(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 8.1: the sum of the (adjusted) scores of the opponents, cut per 14."""
    return {pid: _cut_sum(table, tb, pid, False) for pid in table.ids}


def sonneborn_berger(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 9.1: the sum, over the rounds, of the opponent's score times the points scored
    against him (unplayed rounds: the dummy opponent of 16.4 and the points the round gave)."""
    return {pid: _cut_sum(table, tb, pid, True) for pid in table.ids}


# ---------------------------------------------------------------- ratings (C.07 10, 15)

# FIDE rating regulations, table 8.1(a): the rating difference dp for a percentage
# score p (0.50 ... 1.00); below 0.50, dp(p) = -dp(1 - p).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip


def dp(percentage: int) -> int:
    """Table 8.1(a): *percentage* is p in hundredths, 0..100."""
    if not 0 <= percentage <= 100:
        raise ValueError(f"a percentage score of {percentage}")
    return _DP_UPPER[percentage - 50] if percentage >= 50 else -_DP_UPPER[50 - percentage]


def _rated_games(table: Crosstable, tb: TieBreak) -> dict[int, list[tuple[int, Fraction]]] | None:
    """Per player, (opponent's rating, game score) of every game played over the board
    (C.07 15: unplayed games do not count), cut per 14 by rating; None when a player
    is unrated and the tournament gave no rating for unrated players (15)."""
    ratings = dict(table.ratings)
    if any(r <= 0 for r in ratings.values()):
        if tb.unrated_rating is None:
            return None
        ratings = {pid: r if r > 0 else tb.unrated_rating for pid, r in ratings.items()}
    out = {}
    for pid in table.ids:
        games = sorted(
            ((ratings[r.opponent], r.game_score) for r in table.rows[pid] if r.played and r.opponent is not None),
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
    games = _rated_games(table, tb)
    if games is None:
        return dict.fromkeys(table.ids)
    return {pid: average_rating(r for r, _ in g) if g else None for pid, g in games.items()}


def performance_percentage(score: Fraction, games: int) -> int:
    """The percentage score in hundredths, rounded half up (table 8.1(a) is read at p)."""
    return int(score * 100 / games + Fraction(1, 2))


def performance_rating(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 10.2: ARO + dp(p), p the percentage of the games played over the board."""
    games = _rated_games(table, tb)
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


# ---------------------------------------------------------------- results (C.07 7)


def wins(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 7.1: rounds that gave as many points as a win, played or not."""
    return {pid: sum(1 for r in rows if r.points == table.win) for pid, rows in table.rows.items()}


def games_won(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 7.2: games won over the board."""
    return {pid: sum(1 for r in rows if r.played and r.points == table.win) for pid, rows in table.rows.items()}


def games_with_black(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 7.3: games played over the board with Black."""
    return {pid: sum(1 for r in rows if r.played and r.colour is Colour.BLACK) for pid, rows in table.rows.items()}


def wins_with_black(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 7.4: games won over the board with Black."""
    return {
        pid: sum(1 for r in rows if r.played and r.colour is Colour.BLACK and r.points == table.win)
        for pid, rows in table.rows.items()
    }


def rounds_elected_to_play(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 7.5: the rounds less the voluntary unplayed rounds (16)."""
    return {pid: sum(1 for r in rows if not r.voluntary_unplayed) for pid, rows in table.rows.items()}


def progressive_score(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 7.6: the sum of the running scores after each round; Cut-n leaves out the
    first n rounds' running scores (14.1)."""
    out = {}
    for pid, rows in table.rows.items():
        running = total = Fraction(0)
        for r in rows:
            running += r.points
            if r.number > tb.cut_low:
                total += running
        out[pid] = total
    return out


def points(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    return dict(table.score)

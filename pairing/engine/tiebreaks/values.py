"""The tie-break values of C.07, one function per tie-break, each for every player.

Every function takes a :class:`~pairing.engine.tiebreaks.rounds.Crosstable` and a
:class:`~pairing.engine.tiebreaks.codes.TieBreak` and returns ``{player id: value}``:
a Fraction of a point, a count, or None when the value cannot be given. The
rating-based tie-breaks (article 10) are in :mod:`.ratings`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from pairing.engine.state import Colour
from pairing.engine.tiebreaks.codes import TieBreak
from pairing.engine.tiebreaks.rounds import Crosstable

Value = Fraction | int | None


# ---------------------------------------------------------------- cuts (C.07 14, 16.5)


class IntegerTerm(NamedTuple):
    """One round's contribution to a sum, in integers: *key* is the opponent's score that
    ranks it for the cuts, in tenths of a point; *value* what it adds, in tenths (Buchholz)
    or hundredths (Sonneborn-Berger: the score times the result); *voluntary* marks a VUR
    (C.07 16.5). The cuts compare terms of one player only, all on one scale."""

    key: int
    value: int
    voluntary: bool


def cut_terms(terms: list[IntegerTerm], low: int, high: int, rounds: int) -> list[IntegerTerm]:
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


def integer_terms(table: Crosstable, pid: int, sonneborn: bool, forfeits_played: bool = False) -> list[IntegerTerm]:
    terms = []
    for r, points in zip(table.rows[pid], table.points_tenths[pid], strict=True):
        score = table.opponent_tenths(pid, r, forfeits_played)
        value = score * points if sonneborn else score
        played = r.played or (forfeits_played and r.opponent is not None)
        terms.append(IntegerTerm(score, value, r.voluntary_unplayed and not played))
    return terms


def _cut_sum(table: Crosstable, tb: TieBreak, pid: int, sonneborn: bool) -> Fraction:
    terms = integer_terms(table, pid, sonneborn, tb.forfeits_played)
    kept = cut_terms(terms, tb.cut_low, tb.cut_high, table.rounds)
    return Fraction(sum(t.value for t in kept), 100 if sonneborn else 10)


def buchholz(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 8.1: the sum of the (adjusted) scores of the opponents, cut per 14."""
    return {pid: _cut_sum(table, tb, pid, False) for pid in table.ids}


def sonneborn_berger(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 9.1: the sum, over the rounds, of the opponent's score times the points scored
    against him (unplayed rounds: the dummy opponent of 16.4 and the points the round gave)."""
    return {pid: _cut_sum(table, tb, pid, True) for pid in table.ids}


def fore_buchholz(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 8.3: the Buchholz with every game of the final round counted as a draw (the
    crosstable's ``fore`` view); before the final round it is the Buchholz."""
    return buchholz(table.fore, tb)


def average_of_opponents_buchholz(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 8.2: the average of the Buchholz (``/F``: Fore Buchholz) of the opponents met
    over the board; exact (the text states no rounding), None without a game played."""
    scores = buchholz(table.fore if tb.fore else table, TieBreak("BH"))
    out: dict[int, Value] = {}
    for pid, rows in table.rows.items():
        met = [scores[r.opponent] for r in rows if r.played and r.opponent is not None]
        out[pid] = sum(met, Fraction(0)) / len(met) if met else None  # type: ignore[arg-type]
    return out


def koya(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 9.2: the points scored against the opponents who finished with at least half
    the maximum score (a win in every round so far); 14.5 moves the limit by half points.
    A forfeit counts against the scheduled opponent, as in the Sonneborn-Berger (reading)."""
    limit = Fraction(tb.koya_percent, 100) * table.win * table.rounds + Fraction(tb.koya_half_points, 2)
    return {
        pid: sum(
            (r.points for r in rows if r.opponent is not None and table.score[r.opponent] >= limit),
            Fraction(0),
        )
        for pid, rows in table.rows.items()
    }


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


def standard_points(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 7.7: one point for each round where the participant scored more than his
    opponent (without playing: more than a draw), half a point where as much: the
    1-1/2-0 count whatever the tournament's scoring."""
    out: dict[int, Value] = {}
    for pid, rows in table.rows.items():
        halves = 0
        for r in rows:
            played = r.played and r.opponent is not None
            other = table.rows[r.opponent][r.number - 1].points if played else table.draw  # type: ignore[index]
            halves += 2 if r.points > other else 1 if r.points == other else 0
        out[pid] = Fraction(halves, 2)
    return out


def pairing_number(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """C.07 7.8: the (final) tournament pairing number, the player's start number; the
    ranking sorts it ascending (``/R``: descending, TieBreak.lower_is_better)."""
    return {pid: pid for pid in table.ids}


def points(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    return dict(table.score)

"""Standings: points, then the tournament's ordered tie-break list (C.07 4.1).

Participants still level after the last tie-break share the place (C.07 2.1 leaves it
to the tournament's regulations; sharing is what the list alone can say); within a
shared place they are listed by starting rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.state import TournamentState
from pairing.engine.tiebreaks import ratings
from pairing.engine.tiebreaks import values as v
from pairing.engine.tiebreaks.codes import DIRECT_ENCOUNTER, TieBreak, parse_list
from pairing.engine.tiebreaks.encounter import direct_encounter
from pairing.engine.tiebreaks.rounds import Crosstable, tenths

Value = v.Value

_FUNCTIONS = {
    "PTS": v.points,
    "BH": v.buchholz,
    "SB": v.sonneborn_berger,
    "FB": v.fore_buchholz,
    "AOB": v.average_of_opponents_buchholz,
    "KS": v.koya,
    "ARO": ratings.average_rating_of_opponents,
    "TPR": ratings.performance_rating,
    "PTP": ratings.perfect_tournament_performance,
    "APRO": ratings.average_performance_of_opponents,
    "APPO": ratings.average_perfect_performance_of_opponents,
    "RTNG": ratings.rating,
    "WIN": v.wins,
    "WON": v.games_won,
    "BPG": v.games_with_black,
    "BWG": v.wins_with_black,
    "REP": v.rounds_elected_to_play,
    "PS": v.progressive_score,
    "STD": v.standard_points,
    "TPN": v.pairing_number,
}


@dataclass(frozen=True)
class StandingRow:
    rank: int
    player_id: int
    points: Fraction
    values: tuple[Value, ...]  # one per tie-break of the list, in order


@dataclass(frozen=True)
class Standings:
    tiebreaks: tuple[TieBreak, ...]
    rows: tuple[StandingRow, ...]
    rounds: int
    edition: str

    def row(self, player_id: int) -> StandingRow:
        for r in self.rows:
            if r.player_id == player_id:
                return r
        raise KeyError(player_id)


def tiebreak_values(table: Crosstable, tb: TieBreak) -> dict[int, Value]:
    """One tie-break that depends on nothing but the crosstable (every one but DE and EDE)."""
    return _FUNCTIONS[tb.name](table, tb)


def _sort_key(value: Value, lower_is_better: bool) -> tuple[int, object]:
    if value is None:
        return (1, 0)  # a value that cannot be given ranks last
    return (0, value if lower_is_better else -value)


def _rerank(order: list[int], rank: dict[int, int], column: dict[int, Value], lower: bool) -> list[int]:
    """Sort within the places already given, then split them by *column*."""
    # Each distinct value once in order, then small integers: a large field sorts fast.
    distinct = sorted({column[pid] for pid in order if column[pid] is not None}, key=lambda x: _sort_key(x, lower))
    place = {value: k for k, value in enumerate(distinct)}
    unknown = len(distinct)  # a value that cannot be given ranks last
    key = {pid: unknown if column[pid] is None else place[column[pid]] for pid in order}
    order = sorted(order, key=lambda pid: (rank[pid], key[pid], pid))
    new_rank: dict[int, int] = {}
    for position, pid in enumerate(order, 1):
        if position == 1:
            new_rank[pid] = 1
            continue
        prev = order[position - 2]
        same = rank[prev] == rank[pid] and key[prev] == key[pid]
        new_rank[pid] = new_rank[prev] if same else position
    rank.update(new_rank)
    return order


def standings(state: TournamentState, codes: Sequence[str | TieBreak], edition: str = "2024") -> Standings:
    """The standings after the rounds in *state*'s histories, by *codes* (``"BH/C1"``...)."""
    table = Crosstable(state, edition)
    tiebreaks = tuple(c if isinstance(c, TieBreak) else parse_list([c])[0] for c in codes)
    points = {pid: score + tenths(table.standings_only_tenths[pid]) for pid, score in table.score.items()}
    rank = dict.fromkeys(table.ids, 1)
    order = _rerank(list(table.ids), rank, dict(points), False)
    columns: list[dict[int, Value]] = []
    for tb in tiebreaks:
        if tb.name in DIRECT_ENCOUNTER:  # 13.3: for one player EDE has one score, so it is DE
            groups: dict[int, list[int]] = {}
            for pid in order:
                groups.setdefault(rank[pid], []).append(pid)
            column: dict[int, Value] = dict(direct_encounter(table, list(groups.values()), tb.forfeits_played))
        else:
            column = tiebreak_values(table, tb)
        columns.append(column)
        order = _rerank(order, rank, column, tb.lower_is_better)
    rows = tuple(StandingRow(rank[pid], pid, points[pid], tuple(c[pid] for c in columns)) for pid in order)
    return Standings(tiebreaks, rows, table.rounds, edition)

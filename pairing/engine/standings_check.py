"""Verify a tournament file's standings: points, ranks and tie-break values (C.07).

The second half of the free checker: the standings a file reports are recomputed from its
round blocks and compared, player by player.

- **Points** (001 columns 81-84) against the points of the round blocks under the file's
  scoring (record 162, XXS, BB lines). Players named in a record 299 (abnormal points) are
  left out: the regulations, not the blocks, say what those are worth.
- **Ranks** (001 columns 86-89) of a finished file (its last round paired: a file cut before a
  round keeps the rank column of the file it was cut from, as the shared replay tool writes
  it) against the standings by points, then the file's tie-break
  list (record 212, else 202; C.07 4.1). TRF-2026 allows ties in the rank column and C.07
  2.1 leaves a tie the list does not break to the regulations (a shared place, a drawing of
  lots, the starting rank), so a rank agrees when it lies anywhere in the places the players
  level on everything share. Each tie-break of the list is checked in turn: the disagreement
  names the first code (``PTS`` for the points) after which the recorded rank falls outside
  the player's places. A code this program does not compute ends the list there: ties left by
  the codes before it are not broken. Without a list, only the points order is checked.
- **Values**: TRF-2026 has no field for them, so the generator writes them as a comment table
  (``###TBV`` lines, which every reader skips as comments). When a file has one, each printed
  value is compared at the precision it is printed with (a value agrees when it rounds to the
  printed digits, whichever rounding the writer used). Like the ranks, of a finished file only.

The C.07 edition is the one in force on the start date (record 042), unless given.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pairing.engine.state import PairingError
from pairing.engine.tiebreaks import TieBreak, TieBreakCodeError, edition_for, parse, standings
from pairing.engine.tiebreaks.standings import Standings, Value
from pairing.engine.trf import TrfTournament
from pairing.engine.trf.records import format_points
from pairing.engine.trf.state import next_round, state_for_round
from pairing.engine.trf.trf26 import tiebreak_list, tiebreak_value_lines, tiebreak_values_table


@dataclass(frozen=True)
class StandingsDisagreement:
    player: int
    code: str  # "PTS" (the points column), "RANK" (the rank's points order) or a tie-break code
    recorded: str
    computed: str

    def __str__(self) -> str:
        return f"player {self.player} {self.code}: the file has {self.recorded}, computed {self.computed}"


@dataclass(frozen=True)
class StandingsCheck:
    codes: tuple[str, ...]  # the tie-breaks checked (the file's list up to the first unknown code)
    unknown: tuple[str, ...]  # codes of the list this program does not compute (not checked)
    edition: str  # the C.07 edition
    players: int
    points_checked: int
    ranks_checked: int
    values_checked: int
    disagreements: tuple[StandingsDisagreement, ...]
    notes: tuple[str, ...]


def format_value(value: Value) -> str:
    """A tie-break value as it is printed: points with one decimal (TRF's ``11.5``) or two when
    a quarter point needs them (Sonneborn-Berger), ratings and counts as integers, ``-`` for a
    value that cannot be given (C.07 15)."""
    if value is None:
        return "-"
    if isinstance(value, int):
        return str(value)
    value = Fraction(value)
    if (value * 10).denominator == 1:
        return format_points(int(value * 10))
    return _two_decimals(value)


def _two_decimals(value: Fraction) -> str:
    hundredths = value * 100
    rounded = int(hundredths + Fraction(1, 2)) if hundredths >= 0 else -int(-hundredths + Fraction(1, 2))
    sign = "-" if rounded < 0 else ""
    return f"{sign}{abs(rounded) // 100}.{abs(rounded) % 100:02d}"


def printed_agrees(printed: str, value: Value) -> bool:
    """True when *value* rounds to *printed* at the precision it is printed with."""
    if printed in ("-", "") or value is None:
        return printed in ("-", "") and value is None
    try:
        shown = Decimal(printed)
    except InvalidOperation:
        return False
    exponent = shown.as_tuple().exponent
    half = Fraction(1, 2) * Fraction(10) ** exponent if isinstance(exponent, int) else Fraction(0)
    return abs(Fraction(value) - Fraction(shown)) <= half


def _known(codes: tuple[str, ...]) -> tuple[tuple[TieBreak, ...], tuple[str, ...]]:
    known: list[TieBreak] = []
    for k, code in enumerate(codes):
        try:
            known.append(parse(code))
        except TieBreakCodeError:
            return tuple(known), codes[k:]
    return tuple(known), ()


def _places(table: Standings, depth: int) -> dict[int, tuple[int, int]]:
    """Each player's places (first, last) among those level on points and the first *depth*
    tie-breaks: the rows are in standings order, so the level players are one run."""
    out: dict[int, tuple[int, int]] = {}
    rows = table.rows
    start = 0
    for k in range(1, len(rows) + 1):
        if k == len(rows) or (rows[k].points, rows[k].values[:depth]) != (
            rows[start].points,
            rows[start].values[:depth],
        ):
            for row in rows[start:k]:
                out[row.player_id] = (start + 1, k)
            start = k
    return out


def tiebreak_value_records(t: TrfTournament, codes: tuple[str, ...], edition: str | None = None) -> list[str]:
    """The ``###TBV`` table of *t*'s standings after the rounds it records (points, then each
    of *codes*, printed as :func:`format_value` prints them), for a file whose 202/212 list
    *codes*; none while a game has no result (the standings are not final)."""
    edition = edition or edition_for(t.start_date.replace("/", "-").replace(".", "-"))
    try:
        state = state_for_round(t, max(next_round(t), t.rounds_in_file + 1))
    except PairingError:
        return []
    table = standings(state, codes, edition)
    rows = [(row.player_id, (format_value(row.points), *(format_value(v) for v in row.values))) for row in table.rows]
    return tiebreak_value_lines(("PTS", *(parse(c).code for c in codes)), rows)


def verify_standings(t: TrfTournament, edition: str | None = None) -> StandingsCheck:
    """Compare the file's points, ranks and (if written) tie-break values with the C.07 standings
    after the last round it records."""
    edition = edition or edition_for(t.start_date.replace("/", "-").replace(".", "-"))
    listed = tiebreak_list(t)
    tag, codes = listed if listed else ("", ())
    known, unknown = _known(codes)
    notes = []
    if unknown:
        notes.append(
            f"record {tag}: {', '.join(unknown)} not computed here; ties left by the codes before are not broken"
        )
    try:
        state = state_for_round(t, max(next_round(t), t.rounds_in_file + 1))
    except PairingError as exc:  # a game without a result: the standings are not final
        return StandingsCheck(
            tuple(tb.code for tb in known),
            unknown,
            edition,
            len(t.players),
            0,
            0,
            0,
            (),
            (*notes, f"not checked: {exc}"),
        )
    table = standings(state, known, edition)
    by_id = {row.player_id: row for row in table.rows}
    abnormal = {pid for a in t.abnormal_299 for pid in a.players}
    if abnormal:
        notes.append(f"record 299: the points of players {sorted(abnormal)} are not checked")
    out: list[StandingsDisagreement] = []
    points_checked = ranks_checked = values_checked = 0

    for p in sorted(t.players, key=lambda p: p.start):
        row = by_id.get(p.start)
        if row is None:
            continue
        if p.points is not None and p.start not in abnormal:
            points_checked += 1
            if Fraction(p.points, 10) != row.points:
                out.append(StandingsDisagreement(p.start, "PTS", format_points(p.points), format_value(row.points)))

    last = t.total_rounds or t.rounds_in_file
    final = last > 0 and any(
        len(p.rounds) >= last and (p.rounds[last - 1].opponent is not None or p.rounds[last - 1].result == "U")
        for p in t.players
    )
    if not final and any(p.rank for p in t.players):
        notes.append(f"ranks not checked: round {last} is not paired yet (the rank column is the final ranking's)")
    elif any(p.rank for p in t.players) and not abnormal:
        depths = [_places(table, depth) for depth in range(len(known) + 1)]
        names = ("RANK", *(tb.code for tb in known))
        for p in sorted(t.players, key=lambda p: p.start):
            if not p.rank or p.start not in by_id:
                continue
            ranks_checked += 1
            for depth, places in enumerate(depths):
                first, last_place = places[p.start]
                if not first <= p.rank <= last_place:
                    computed = str(first) if first == last_place else f"{first}-{last_place}"
                    out.append(StandingsDisagreement(p.start, names[depth], f"rank {p.rank}", f"rank {computed}"))
                    break
    elif abnormal:
        notes.append("record 299: ranks are not checked (the points behind them are the regulations')")

    written = tiebreak_values_table(t)
    if written and not final:
        notes.append(f"tie-break values not checked: round {last} is not paired yet (they are the final standings')")
    elif written:
        value_codes, printed = written
        columns = {"PTS": None, **{tb.code: k for k, tb in enumerate(known)}}
        missing = [c for c in value_codes if _normal(c) not in columns]
        if missing:
            notes.append(f"the values of {', '.join(missing)} are not in the file's list: not checked")
        for pid, values in sorted(printed.items()):
            row = by_id.get(pid)
            if row is None:
                continue
            for code, shown in zip(value_codes, values, strict=False):
                column = columns.get(_normal(code), -1)
                if column == -1:
                    continue
                value = row.points if column is None else row.values[column]
                values_checked += 1
                if not printed_agrees(shown, value):
                    out.append(StandingsDisagreement(pid, code, shown, format_value(value)))
    return StandingsCheck(
        codes=tuple(tb.code for tb in known),
        unknown=unknown,
        edition=edition,
        players=len(t.players),
        points_checked=points_checked,
        ranks_checked=ranks_checked,
        values_checked=values_checked,
        disagreements=tuple(out),
        notes=tuple(notes),
    )


def _normal(code: str) -> str:
    try:
        return parse(code).code
    except TieBreakCodeError:
        return code.upper()

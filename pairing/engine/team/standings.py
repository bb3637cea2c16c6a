"""A team file's standings: its rounds as the C.07 team tie-breaks read them
(:class:`~pairing.engine.tiebreaks.teams.TeamTable`), the ranking by the primary score and a
tie-break list, the ``###TBV`` table of values, and the check of what a file reports.

The table is built from the file: a match played gives each board's game points (the 310
board order, or record 300's) and the match points the file's scoring gives it (record 362,
default 2/1/0; game points by record 162, default 1/½/0); a round without a match over the
boards (PAB, F/H/Z bye, forfeit) gives its match points and its game points shared evenly
among the boards. Record 299's abnormal points are in the rounds already
(:func:`pairing.engine.team.trf.read_team_trf`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pairing.engine.standings_check import format_value, printed_agrees
from pairing.engine.team.generator import TeamEvent
from pairing.engine.team.history import RoundKind
from pairing.engine.team.model import PrimaryScore
from pairing.engine.team.trf import TeamFile, WriteOptions, read_team_trf, write_records
from pairing.engine.tiebreaks import edition_for
from pairing.engine.tiebreaks.codes import TieBreakCodeError
from pairing.engine.tiebreaks.teams import (
    TeamRound,
    TeamScoring,
    TeamStandingRow,
    TeamTable,
    parse_team,
    team_standings,
)
from pairing.engine.trf.records import format_points
from pairing.engine.trf.trf26 import TIEBREAK_VALUES_TAG, tiebreak_value_lines

# C.07 16.2.1-16.2.2: the unplayed rounds that were not the team's choice (not VURs)
_NOT_CHOSEN = frozenset({RoundKind.PAB, RoundKind.FORFEIT_WIN, RoundKind.FULL_BYE})


def scoring_of(team_file: TeamFile) -> TeamScoring:
    m, g = team_file.match_scoring, team_file.game_scoring
    return TeamScoring(
        match_win=Fraction(m["TW"], 10),
        match_draw=Fraction(m["TD"], 10),
        match_loss=Fraction(m["TL"], 10),
        game_win=Fraction(g["W"], 10),
        game_draw=Fraction(g["D"], 10),
    )


def edition_of(team_file: TeamFile, edition: str | None = None) -> str:
    """The C.07 edition: *edition* when given, else the one in force on record 042's date."""
    return edition or edition_for(team_file.start_date.replace("/", "-").replace(".", "-"))


def team_table(team_file: TeamFile, edition: str | None = None) -> TeamTable:
    boards = team_file.boards
    rounds_of = {}
    for t, results in team_file.histories.items():
        rounds = []
        for k, result in enumerate(results[: team_file.played_rounds]):
            game = Fraction(result.game_points, 10)
            match = Fraction(result.match_points, 10)
            if result.kind is RoundKind.PLAYED:
                points = [Fraction(p, 10) for p in team_file.board_points[t][k]][:boards]
                points += [Fraction(0)] * (boards - len(points))
                missing = game - sum(points, Fraction(0))  # record 299 changed the match's game points
                if missing:
                    points = [p + missing / boards for p in points]
                rounds.append(TeamRound(result.opponent, tuple(points), True, match))
            else:
                voluntary = result.kind not in _NOT_CHOSEN
                rounds.append(TeamRound(result.opponent, (game / boards,) * boards, False, match, voluntary))
        rounds_of[t] = tuple(rounds)
    return TeamTable(
        rounds_of,
        scoring_of(team_file),
        "MP" if team_file.primary is PrimaryScore.MATCH_POINTS else "GP",
        edition=edition_of(team_file, edition),
    )


def team_codes(text: str) -> tuple[str, ...]:
    """The codes of a 202/212 record's text or of ``--tiebreaks``, comma- or blank-separated.
    Unlike an individual list, ``GP`` and ``MP`` are codes and ``:MP``/``:GP`` the score a
    code reads (``BH:GP/C1``), so both are kept."""
    items = text.split(",") if "," in text else text.split()
    return tuple("".join(item.split()).upper() for item in items if item.strip())


def tiebreak_list(team_file: TeamFile) -> tuple[str, tuple[str, ...]] | None:
    """(tag, codes) of the file's record 212, else 202, without a leading PTS."""
    for tag in ("212", "202"):
        for record in team_file.other_records:
            if record[:3] == tag:
                codes = team_codes(record[4:])
                return tag, codes[1:] if codes[:1] == ("PTS",) else codes
    return None


def standings_of(team_file: TeamFile, codes: Sequence[str], edition: str | None = None) -> list[TeamStandingRow]:
    return team_standings(team_table(team_file, edition), codes)


def value_text(value: object) -> str:
    """A value as the table prints it; TBR and BBE (a value per board) joined by ``/``."""
    if isinstance(value, tuple):
        return "/".join(format_value(v) for v in value)
    return format_value(value)  # type: ignore[arg-type]


def tiebreak_value_records(team_file: TeamFile, codes: Sequence[str], edition: str | None = None) -> list[str]:
    rows = standings_of(team_file, codes, edition)
    heading = ("PTS", *(parse_team(c).code for c in codes))
    return tiebreak_value_lines(heading, [(row.team, tuple(value_text(v) for v in row.values)) for row in rows])


def standings_lines(team_file: TeamFile, codes: Sequence[str], edition: str | None = None) -> list[str]:
    """The standings as ``--standings`` prints them: rank, TPN, the primary score, each
    tie-break, the team's name."""
    rows = standings_of(team_file, codes, edition)
    primary = "MP" if team_file.primary is PrimaryScore.MATCH_POINTS else "GP"
    heading = ("Rank", "TPN", primary, *(parse_team(c).code for c in codes))
    out = [" ".join(f"{h:>{max(4, len(h))}}" for h in heading) + "  Team"]
    for row in rows:
        cells = (str(row.rank), str(row.team), *(value_text(v) for v in row.values))
        name = team_file.teams[row.team].name if row.team in team_file.teams else ""
        out.append(" ".join(f"{c:>{max(4, len(h))}}" for c, h in zip(cells, heading, strict=True)) + f"  {name}")
    return out


@dataclass(frozen=True)
class TeamStandingsCheck:
    codes: tuple[str, ...]
    edition: str
    disagreements: tuple[str, ...]
    notes: tuple[str, ...]
    checked: int  # points, ranks and values compared


def verify_team_standings(team_file: TeamFile, edition: str | None = None) -> TeamStandingsCheck:
    """Compare the file's 310 match and game points, its 310 ranks (of a finished event) and
    its ``###TBV`` values with the standings recomputed from the rounds."""
    edition = edition_of(team_file, edition)
    listed = tiebreak_list(team_file)
    codes: tuple[str, ...] = ()
    notes: list[str] = []
    if listed:
        tag, wanted = listed
        for k, code in enumerate(wanted):
            try:
                parse_team(code)
            except TieBreakCodeError:
                notes.append(f"record {tag}: {', '.join(wanted[k:])} not computed here; ties left are not broken")
                break
            codes += (code,)
    table = team_table(team_file, edition)
    rows = team_standings(table, codes)
    out: list[str] = []
    checked = 0
    mp, gp = table.total("MP"), table.total("GP")
    for t, entry in sorted(team_file.teams.items()):
        for code, recorded, computed in (("MP", entry.match_points, mp.get(t)), ("GP", entry.game_points, gp.get(t))):
            if recorded is None or computed is None:
                continue
            checked += 1
            if Fraction(recorded, 10) != computed:
                out.append(
                    f"team {t} {code}: the file has {format_points(recorded)}, computed {format_value(computed)}"
                )
    finished = team_file.total_rounds and team_file.played_rounds >= team_file.total_rounds
    if any(e.rank for e in team_file.teams.values()):
        if not finished:
            notes.append("ranks not checked: the event is not finished")
        else:
            places: dict[int, tuple[int, int]] = {}
            for row in rows:
                level = [r for r in rows if r.values == row.values]
                places[row.team] = (min(r.rank for r in level), min(r.rank for r in level) + len(level) - 1)
            for t, entry in sorted(team_file.teams.items()):
                if entry.rank and t in places:
                    checked += 1
                    first, last = places[t]
                    if not first <= entry.rank <= last:
                        shown = str(first) if first == last else f"{first}-{last}"
                        out.append(f"team {t} RANK: the file has {entry.rank}, computed {shown}")
    table_lines = [r for r in team_file.other_records if r.startswith(TIEBREAK_VALUES_TAG)]
    if table_lines:
        heading = table_lines[0][len(TIEBREAK_VALUES_TAG) :].split()[1:]
        by_team = {row.team: row for row in rows}
        columns = {}
        for k, code in enumerate(heading):
            if k == 0:
                columns[k] = {row.team: row.values[0] for row in rows}
            elif code in codes or any(parse_team(c).code == code for c in codes):
                index = [parse_team(c).code for c in codes].index(code)
                columns[k] = {row.team: row.values[index + 1] for row in rows}
        for line in table_lines[1:]:
            words = line[len(TIEBREAK_VALUES_TAG) :].split()
            if not words or not words[0].isdigit() or int(words[0]) not in by_team:
                continue
            team = int(words[0])
            for k, printed in enumerate(words[1:]):
                if k not in columns:
                    continue
                checked += 1
                value = columns[k][team]
                parts = printed.split("/")
                values = value if isinstance(value, tuple) else (value,)
                if len(parts) != len(values) or not all(
                    printed_agrees(p, v)  # type: ignore[arg-type]
                    for p, v in zip(parts, values, strict=True)
                ):
                    out.append(f"team {team} {heading[k]}: the file has {printed}, computed {value_text(value)}")
    return TeamStandingsCheck(codes, edition, tuple(out), tuple(notes), checked)


def ranked_team_text(
    write: Callable[[dict[int, int], list[str]], str], codes: Sequence[str], edition: str | None = None
) -> str:
    """A team file with its 310 ranks and ``###TBV`` values: *write* (ranks, value lines)
    makes the text, written once without them, read back, ranked by the primary score then
    *codes* (teams level on all share the place), and written again with them. The ranks
    and values are thus the ones ``--check`` recomputes from the file's own rounds."""
    text = write({}, [])
    team_file = read_team_trf(text)
    if not team_file.played_rounds:
        return text
    rows = standings_of(team_file, codes, edition)
    values = tiebreak_value_records(team_file, codes, edition) if codes else []
    return write({row.team: row.rank for row in rows}, values)


def write_team_trf(event: TeamEvent, name: str = "Generated team event", options: WriteOptions | None = None) -> str:
    """The TRF-2026 records of *event* (its rounds so far). The rank column of record 310
    is the standings by the primary score, then *options.tiebreaks* (teams level on all
    share the place)."""
    chosen = options or WriteOptions(name=name)
    if not event.rounds:
        return write_records(event, chosen, {}, [])
    return ranked_team_text(lambda ranks, values: write_records(event, chosen, ranks, values), chosen.tiebreaks)

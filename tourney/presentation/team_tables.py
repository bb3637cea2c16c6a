"""A team event's tables as the pages and printouts show them: the team standings, the team
crosstable, the matches of a round with their boards and the teams' scores before it."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pairing import adapter
from pairing.engine.team.history import RoundKind, TeamResult
from pairing.engine.tiebreaks.teams import team_standings
from tourney.models import Result, Round, Team, TeamPrimaryScore, Tournament
from tourney.services import teams
from tourney.templatetags.tourney_tags import points as shown_points

# The TRF-2026 codes of a round without a match (record 802), as the crosstable writes them.
_BYE_CODES = {RoundKind.PAB: "PAB", RoundKind.HALF_BYE: "HPB", RoundKind.FULL_BYE: "FPB"}
_FORFEITS = (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS, RoundKind.DOUBLE_FORFEIT)


def shown(value: object) -> str:
    """A tie-break value: points in halves as ½, other fractions to two decimals."""
    if isinstance(value, Fraction):
        return shown_points(int(value * 10)) if (value * 10).denominator == 1 else f"{float(value):.2f}"
    if isinstance(value, tuple):
        return " ".join(shown(v) for v in value)
    return str(value)


def primary_code(tournament: Tournament) -> str:
    return "GP" if tournament.team_primary_score == TeamPrimaryScore.GAME_POINTS else "MP"


@dataclass(frozen=True)
class TeamStandingsRow:
    rank: int
    team: Team
    values: list[str]


def standings_rows(tournament: Tournament, number: int) -> tuple[list[str], list[TeamStandingsRow]]:
    """(the column heads, the rows) of the team standings after published round *number*:
    the primary score, then the secondary and the team tie-breaks (docs/team.md, W9)."""
    codes = teams.standings_codes(tournament)
    rows = []
    if number:
        by_tpn = {t.start_number: t for t in tournament.teams.all()}
        for row in team_standings(adapter.team_table(tournament, number), codes):
            rows.append(TeamStandingsRow(row.rank, by_tpn[row.team], [shown(v) for v in row.values]))
    return [primary_code(tournament), *codes], rows


def crosstable_cell(result: TeamResult) -> str:
    """A team's round: the opponent's number, the colour of its board 1 (w, b; f for a
    match forfeited) and its game points, e.g. "5w 2½"; a bye by its TRF code ("PAB 2")."""
    if result.kind in _BYE_CODES:
        return f"{_BYE_CODES[result.kind]} {shown_points(result.game_points)}"
    if result.opponent is None:
        return "–"
    white = result.colour is adapter.engine.Colour.WHITE
    mark = "f" if result.kind in _FORFEITS else "w" if white else "b"
    return f"{result.opponent}{mark} {shown_points(result.game_points)}"


@dataclass(frozen=True)
class CrosstableRow:
    rank: int
    team: Team
    cells: list[str]
    match_points: int
    game_points: int  # tenths


def crosstable_rows(tournament: Tournament, number: int) -> list[CrosstableRow]:
    """One row per team in the order of the standings after published round *number*: each
    round's cell (:func:`crosstable_cell`), the match and game points. A match with a board
    still to play counts its game points so far and no match points (W9)."""
    if not number:
        return []
    results = adapter.team_results(tournament, number + 1, public=True)
    _columns, ranked = standings_rows(tournament, number)
    out = []
    for row in ranked:
        history = results[row.team.start_number]
        out.append(
            CrosstableRow(
                row.rank,
                row.team,
                [crosstable_cell(r) for r in history],
                sum(r.match_points for r in history),
                sum(r.game_points for r in history),
            )
        )
    return out


def match_rows(rnd: Round, *, private_lineups: bool = False) -> list[dict]:
    """The round's matches in table order, each with its score and its boards (board 1 first,
    whether the first team has White there, the result's label). *private_lineups*: a
    match's board names are hidden (``hidden``) until teams.lineups_visible."""
    tournament = rnd.tournament
    rows = []
    for match in rnd.team_matches.select_related("home", "away").order_by("table"):
        hidden = private_lineups and not teams.lineups_visible(rnd, match)
        games = teams.board_games(match)
        score = teams.match_score(match, tournament, games)
        boards = [
            {"number": k, "game": g, "home_white": teams.home_has_white(k), "label": Result(g.result).label}
            for k, g in enumerate(games, start=1)
        ]
        rows.append({"match": match, "score": score, "boards": boards, "hidden": hidden})
    return rows


def scores_before(rnd: Round) -> dict[int, tuple[int, int]]:
    """{TPN: (match points, game points in tenths)} before *rnd*, published rounds only."""
    results = adapter.team_results(rnd.tournament, rnd.number, public=True)
    return {
        tpn: (sum(r.match_points for r in history), sum(r.game_points for r in history))
        for tpn, history in results.items()
    }

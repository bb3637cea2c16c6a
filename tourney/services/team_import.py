"""A team event's TRF-2026 file (C.04.6) imported as a new team tournament, all or none.

The engine's team reader (pairing.engine.team.trf.read_team_trf) reads every team record;
the players' records are read by the individual reader (tourney.trf_io.player_rows). Here
they become rows: the players (001), the teams and their rosters in board order (310), the
settings (192, 352, 362, 142, 152), the requested byes (240), the teams kept apart (260),
and every round recorded: its matches (home: White on board 1, C.04.6 1.6.1), the board
games of each with the lineup of each team (who played each board), the matches forfeited
as a whole (330) and the PAB (320). A board that does not agree with the rosters is refused,
naming its round, team and board. The next round is then paired by the web's team job as
``python -m pairing --team FILE -p`` pairs the file.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils.translation import gettext_lazy

from pairing import adapter
from pairing.engine.state import Outcome
from pairing.engine.team import model as team_engine
from pairing.engine.team.records import TeamEntry
from pairing.engine.team.trf import TeamFile, TeamTrfError, read_team_trf
from pairing.engine.trf import TrfTournament, parse_trf
from pairing.engine.trf.records import TrfRound
from tourney import audit, roles, trf_io
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import RefusalTable
from tourney.models import (
    AppointmentRole,
    ByeKind,
    Game,
    Lineup,
    LineupBoard,
    MatchForfeit,
    Player,
    Result,
    Round,
    RoundEntry,
    RoundStatus,
    Team,
    TeamBye,
    TeamColourPreferences,
    TeamMatch,
    TeamMember,
    TeamPrimaryScore,
    TeamProhibition,
    Tournament,
    TournamentKind,
)
from tourney.services import registration
from tourney.services.teams import home_has_white, round_board_number

REFUSALS = RefusalTable(
    "team_import",
    {
        "not_a_team_file": gettext_lazy("not a team tournament file: %(error)s"),
        "no_rounds": gettext_lazy(
            "the file does not declare the number of rounds (record 142): give the number of rounds"
        ),
        "record_not_held": gettext_lazy(
            "line %(line)d: record %(record)s (%(what)s) has no place in a team event of this program"
        ),
        "rounds_differ": gettext_lazy("the file declares %(declared)d rounds, not %(rounds)d"),
        "member_twice": gettext_lazy(
            "player %(player)d is on the rosters of teams %(team)d and %(other)d (record 310)"
        ),
        "team_name_twice": gettext_lazy("teams %(team)d and %(other)d are both named %(name)s (record 310)"),
        "match_points": gettext_lazy("record 362: the match points must be whole numbers"),
        "board_off_roster": gettext_lazy(
            "round %(round)d: player %(player)d plays for team %(team)d but is not on its roster (record 310)"
        ),
        "boards_count": gettext_lazy(
            "round %(round)d: team %(team)d has %(count)d boards against team %(other)d, which has %(other_count)d"
        ),
        "board_opponent": gettext_lazy(
            "round %(round)d, board %(board)d of team %(team)d: player %(player)d does not meet board "
            "%(board)d of team %(other)d"
        ),
        "board_colour": gettext_lazy(
            "round %(round)d, board %(board)d of team %(team)d: player %(player)d has the wrong colour "
            "(the first team has White on the odd boards)"
        ),
        "board_result": gettext_lazy(
            "round %(round)d, board %(board)d of team %(team)d: the results of players %(white)d and %(black)d disagree"
        ),
    },
)

# The team records: the individual reader must not read them as records of players.
_TEAM_TAGS = ("013", "192", "240", "250", "260", "299", "300", "310", "320", "330", "352", "362", "801", "802")
_PREFERENCES = {engine: web for web, engine in adapter.TEAM_PREFERENCES.items()}
_FORFEITS = {"+-": MatchForfeit.HOME, "-+": MatchForfeit.AWAY, "--": MatchForfeit.DOUBLE}
_TEAM_FIELD_RECORDS = {
    "team_boards": "record 352 (boards)",
    "match_points_win": "record 362 (TW)",
    "match_points_draw": "record 362 (TD)",
    "match_points_loss": "record 362 (TL)",
    "tiebreaks": "record 202",
}
_BYES = {"H": ByeKind.HALF_POINT, "F": ByeKind.FULL_POINT, "Z": ByeKind.ZERO_POINT}


def is_team_file(text: str) -> bool:
    """A TRF-2026 team file: record 192 names FIDE_TEAM..., or teams are listed (310)."""
    for line in text.splitlines():
        if line.startswith("310 ") or (line.startswith("192 ") and line[4:].strip().upper().startswith("FIDE_TEAM")):
            return True
    return False


def _players_part(text: str) -> TrfTournament:
    """The file without its team records, read as the individual reader reads a file."""
    lines = [
        line
        for line in text.splitlines()
        if not line.startswith(_TEAM_TAGS) and not line.startswith(("202", "212", "###"))
    ]
    return parse_trf("\n".join(lines) + "\n")


def create_team_tournament_from_trf(
    *, text: str, user: User, rounds: int | None = None, progress: Callable[[int, int], None] | None = None
) -> Tournament:
    """The team tournament of *text* (*rounds*: the number of rounds when the file has no
    record 142); the importer becomes its organizer. Raises TrfError
    (line, column) for a malformed file, trf_io.TrfImportError for a file the database
    cannot hold as a team event. Nothing is written unless all of it is."""
    try:
        team_file = read_team_trf(text)
    except TeamTrfError as error:
        raise trf_io.TrfImportError(REFUSALS("not_a_team_file", error=str(error))) from None
    if rounds is not None and team_file.total_rounds and rounds != team_file.total_rounds:
        raise trf_io.TrfImportError(REFUSALS("rounds_differ", declared=team_file.total_rounds, rounds=rounds))
    if rounds is not None and not team_file.total_rounds:
        team_file.total_rounds = rounds
    _refuse_records_not_held(text, team_file)
    players_file = _players_part(text)
    report = progress or (lambda done, total: None)
    fields = _fields(team_file, players_file)
    problems = [  # boards 1-20, rounds, points, tie-breaks, named by the team record they come from
        _TEAM_FIELD_RECORDS.get(problem.split(":")[0], problem.split(":")[0]) + problem[problem.index(":") :]
        if ":" in problem
        else problem
        for problem in trf_io.tournament_problems(players_file, fields)
    ]
    names: dict[str, int] = {}
    for entry in sorted(team_file.teams.values(), key=lambda e: e.tpn):
        name = _team_name(entry)
        if name in names:
            problems.append(str(REFUSALS("team_name_twice", name=name, team=names[name], other=entry.tpn)))
        names.setdefault(name, entry.tpn)
    if problems:
        raise trf_io.TrfImportError("; ".join(problems))
    with transaction.atomic():
        tournament = Tournament.objects.create(**fields)
        players = trf_io.player_rows(players_file, tournament)
        for player in players.values():
            player.entry_round = 1  # a reserve's blank rounds are rounds without a board, not a late entry
        problems = [
            f"{trf_io.player_place(players_file, start, field)}: {problem}"
            for start, player in players.items()
            for field, problem in registration.player_problems(player).items()
        ]
        if problems:
            raise trf_io.TrfImportError("; ".join(problems))
        Player.objects.bulk_create(players.values())
        teams, members = _write_teams(tournament, team_file, players)
        report(0, team_file.played_rounds)
        for number in range(1, team_file.played_rounds + 1):
            _write_round(tournament, team_file, players_file, number, teams, members)
            report(number, team_file.played_rounds)
        roles.appoint(tournament, user, AppointmentRole.ORGANIZER, by=user)
        audit.record(tournament, tournament, action="import team TRF", new=tournament.name, user=user)
        public_change(tournament.pk, base=True)
    return tournament


# Team records the web app has no rows for: refused rather than lost (docs/team.md, "Importing a team file", W14).
_NOT_HELD = {
    "250": gettext_lazy("accelerated rounds"),
    "299": gettext_lazy("abnormal points"),
    "192": gettext_lazy("no secondary score: the web always uses it, C.04.6 4.2.2"),
    "320": gettext_lazy("the PAB's points other than a drawn match's, C.04.6 1.4"),
}


def _refuse_records_not_held(text: str, team_file: TeamFile) -> None:
    held = {
        "192": team_file.use_secondary,
        "320": team_file.pab_points is None
        or team_file.pab_points == (team_file.match_scoring["TD"], team_file.game_scoring["D"] * team_file.boards),
    }
    for number, line in enumerate(text.splitlines(), start=1):
        if line[:3] in _NOT_HELD and not held.get(line[:3], False):
            raise trf_io.TrfImportError(
                REFUSALS("record_not_held", line=number, record=line[:3], what=_NOT_HELD[line[:3]])
            )


def _fields(team_file: TeamFile, players_file: TrfTournament) -> dict[str, object]:
    if not team_file.total_rounds:
        raise trf_io.TrfImportError(REFUSALS("no_rounds"))
    fields = trf_io.tournament_fields(players_file, system="dutch")
    scoring = team_file.match_scoring
    if any(points % 10 for points in scoring.values()):
        raise trf_io.TrfImportError(REFUSALS("match_points"))
    initial = players_file.initial_colour or team_file.played_rounds
    secondary = "GP" if team_file.primary is team_engine.PrimaryScore.MATCH_POINTS else "MP"
    tiebreaks = [
        code
        for record in team_file.other_records
        if record.startswith("202")
        for code in record[4:].replace(",", " ").split()
        if code != secondary
    ]
    fields.update(
        kind=TournamentKind.TEAM,
        rounds=max(team_file.total_rounds, team_file.played_rounds),
        team_boards=team_file.boards,
        team_colour_preferences=TeamColourPreferences(_PREFERENCES[team_file.preferences]),
        team_primary_score=TeamPrimaryScore.GAME_POINTS
        if team_file.primary is team_engine.PrimaryScore.GAME_POINTS
        else TeamPrimaryScore.MATCH_POINTS,
        match_points_win=scoring["TW"] // 10,
        match_points_draw=scoring["TD"] // 10,
        match_points_loss=scoring["TL"] // 10,
        initial_colour=("white" if team_file.initial_colour.name == "WHITE" else "black") if initial else "",
        initial_colour_from_file=bool(initial),
        tiebreaks=tiebreaks,
    )
    return fields


def _team_name(entry: TeamEntry) -> str:
    # A reading: a 310 without a name (columns 9-40 blank) is named by its TPN.
    return entry.name or f"Team {entry.tpn}"


def _write_teams(
    tournament: Tournament, team_file: TeamFile, players: dict[int, Player]
) -> tuple[dict[int, Team], dict[int, TeamMember]]:
    """The teams (310) with their rosters, the teams kept apart (260); by TPN, and the
    members by start number."""
    team_of: dict[int, int] = {}
    for entry in team_file.teams.values():
        for start in entry.members:
            if start in team_of:
                raise trf_io.TrfImportError(
                    REFUSALS("member_twice", player=start, team=team_of[start], other=entry.tpn)
                )
            team_of[start] = entry.tpn
    teams = {
        tpn: Team(tournament=tournament, start_number=tpn, name=_team_name(entry))
        for tpn, entry in sorted(team_file.teams.items())
    }
    Team.objects.bulk_create(teams.values())
    members = {
        start: TeamMember(team=teams[entry.tpn], player=players[start], board=board)
        for entry in team_file.teams.values()
        for board, start in enumerate(entry.members, start=1)
    }
    TeamMember.objects.bulk_create(members.values())
    TeamProhibition.objects.bulk_create(
        TeamProhibition(
            tournament=tournament,
            team=teams[a],
            other=teams[b],
            first_round=p.first_round,
            last_round=p.last_round or None,
        )
        for p in team_file.prohibited
        for k, a in enumerate(p.players)
        for b in p.players[k + 1 :]
        if a != b
    )
    return teams, members


def _seated(team_file: TeamFile, blocks: dict[int, TrfRound], number: int, tpn: int) -> list[int]:
    """The players of team *tpn* on the boards of round *number*, board 1 first, as the
    engine's reader seats them: record 300's order, else the roster's players who had a
    game or a forfeit in the round."""
    for o in team_file.out_of_order:
        if o.round == number and o.team == tpn:
            return [p for p in o.players if p]
    seated = [
        start
        for start in team_file.teams[tpn].members
        if start in blocks and (blocks[start].opponent or blocks[start].result in "+-")
    ]
    return seated[: team_file.boards]


def _write_round(
    tournament: Tournament,
    team_file: TeamFile,
    players_file: TrfTournament,
    number: int,
    teams: dict[int, Team],
    members: dict[int, TeamMember],
) -> None:
    blocks = {p.start: p.rounds[number - 1] for p in players_file.players if len(p.rounds) >= number}
    pairing = team_file.pairing(number)
    rnd = Round.objects.create(
        tournament=tournament, number=number, status=RoundStatus.CLOSED, rules_edition=tournament.rules_edition
    )
    forfeits = {(f.white, f.black): _FORFEITS[f.kind] for f in team_file.forfeits if f.round == number}
    pairs = [(m.white, m.black) for m in pairing.matches]
    # A match forfeited as a whole that the players' records leave without boards (330 alone).
    pairs += [pair for pair in forfeits if pair not in pairs]
    matches = [
        TeamMatch(
            round=rnd,
            table=table,
            home=teams[home],
            away=teams[away],
            forfeit=forfeits.get((home, away), MatchForfeit.NONE),
        )
        for table, (home, away) in enumerate(pairs, start=1)
    ]
    if pairing.bye is not None:
        matches.append(TeamMatch(round=rnd, table=len(matches) + 1, home=teams[pairing.bye], away=None))
    TeamMatch.objects.bulk_create(matches)
    games: list[Game] = []
    lineups: list[tuple[Lineup, list[TeamMember]]] = []
    for match in matches:
        if match.away is None:
            continue
        home = _seated(team_file, blocks, number, match.home.start_number)
        away = _seated(team_file, blocks, number, match.away.start_number)
        if match.forfeit and not home and not away:
            # The web scores a forfeited match on its boards (teams.forfeit_match): the
            # rosters' first boards, each scored for the team present.
            home = list(team_file.teams[match.home.start_number].members[: team_file.boards])
            away = list(team_file.teams[match.away.start_number].members[: team_file.boards])
            games += _forfeited_boards(tournament, rnd, match, home, away, members)
        else:
            games += _board_games(tournament, rnd, match, home, away, blocks, members)
        for team, seated in ((match.home, home), (match.away, away)):
            lineups.append((Lineup(round=rnd, team=team), [members[start] for start in seated]))
    Game.objects.bulk_create(games)
    Lineup.objects.bulk_create(lineup for lineup, _ in lineups)
    LineupBoard.objects.bulk_create(
        LineupBoard(lineup=lineup, board=board, member=member)
        for lineup, seated in lineups
        for board, member in enumerate(seated, start=1)
    )
    RoundEntry.objects.bulk_create(
        RoundEntry(round_id=rnd.pk, player_id=player.pk, game_id=game.pk)
        for game in games
        for player in (game.white, game.black)
    )
    TeamBye.objects.bulk_create(
        TeamBye(round=rnd, team=teams[tpn], kind=_BYES[bye.kind])
        for bye in team_file.byes
        if bye.round == number and bye.kind in _BYES
        for tpn in bye.players
    )
    if any(game.result == Result.PENDING for game in games):
        rnd.status = RoundStatus.PUBLISHED
        rnd.save(update_fields=["status"])


def _board_games(
    tournament: Tournament,
    rnd: Round,
    match: TeamMatch,
    home: list[int],
    away: list[int],
    blocks: dict[int, TrfRound],
    members: dict[int, TeamMember],
) -> list[Game]:
    """The match's boards, checked against the rosters: each player of the team's roster,
    facing the same board of the other team, the first team White on the odd boards."""
    number = rnd.number
    assert match.away is not None
    for team, seated in ((match.home, home), (match.away, away)):
        for start in seated:
            if start not in members or members[start].team.start_number != team.start_number:
                raise trf_io.TrfImportError(
                    REFUSALS("board_off_roster", round=number, player=start, team=team.start_number)
                )
    if len(home) != len(away):
        raise trf_io.TrfImportError(
            REFUSALS(
                "boards_count",
                round=number,
                team=match.home.start_number,
                count=len(home),
                other=match.away.start_number,
                other_count=len(away),
            )
        )
    games = []
    blocks = {start: blocks.get(start, TrfRound(None, " ", " ")) for start in (*home, *away)}
    for board, (h, a) in enumerate(zip(home, away, strict=True), start=1):
        tpn = match.home.start_number
        if blocks[h].opponent != a or blocks[a].opponent != h:
            raise trf_io.TrfImportError(
                REFUSALS("board_opponent", round=number, board=board, team=tpn, player=h, other=match.away.start_number)
            )
        home_white = home_has_white(board)
        if blocks[h].colour != ("w" if home_white else "b") or blocks[a].colour != ("b" if home_white else "w"):
            raise trf_io.TrfImportError(REFUSALS("board_colour", round=number, board=board, team=tpn, player=h))
        white, black = (h, a) if home_white else (a, h)
        result, unrated = Result.PENDING, False
        if blocks[white].result != " " or blocks[black].result != " ":
            try:
                result, unrated = adapter.result_for(Outcome(blocks[white].result), Outcome(blocks[black].result))
            except ValueError:
                raise trf_io.TrfImportError(
                    REFUSALS("board_result", round=number, board=board, team=tpn, white=white, black=black)
                ) from None
        games.append(
            Game(
                round=rnd,
                match=match,
                board=round_board_number(match, board, tournament.team_boards),
                white=members[white].player,
                black=members[black].player,
                result=result,
                unrated=unrated,
            )
        )
    return games


_FORFEIT_RESULTS = {
    (MatchForfeit.HOME, True): Result.WHITE_WINS_FORFEIT,
    (MatchForfeit.HOME, False): Result.BLACK_WINS_FORFEIT,
    (MatchForfeit.AWAY, True): Result.BLACK_WINS_FORFEIT,
    (MatchForfeit.AWAY, False): Result.WHITE_WINS_FORFEIT,
}


def _forfeited_boards(
    tournament: Tournament,
    rnd: Round,
    match: TeamMatch,
    home: list[int],
    away: list[int],
    members: dict[int, TeamMember],
) -> list[Game]:
    """The boards of a match forfeited as a whole, as teams.forfeit_match scores them."""
    games = []
    for board, (h, a) in enumerate(zip(home, away, strict=False), start=1):
        home_white = home_has_white(board)
        white, black = (h, a) if home_white else (a, h)
        forfeit = MatchForfeit(match.forfeit)
        result = Result.DOUBLE_FORFEIT if forfeit == MatchForfeit.DOUBLE else _FORFEIT_RESULTS[(forfeit, home_white)]
        games.append(
            Game(
                round=rnd,
                match=match,
                board=round_board_number(match, board, tournament.team_boards),
                white=members[white].player,
                black=members[black].player,
                result=result,
            )
        )
    return games

"""Team events (C.04.6): teams and their rosters, the CSV import of rosters, withdrawals
and late entries, each round's lineups, a match forfeited as a whole.

Each write locks the tournament, checks, writes and audits in one transaction; a refusal
raises TeamRefused with the reason for the arbiter. The board results are entered as any
game's (tourney.services.results); a match's score is derived from its boards here.

Readings (docs/team.md, "The web side"):
- the teams' initial order (C.04.6 1.1: "assigned by the rules of the competition") is by
  the average rating of the roster's first boards (as many as a match has), then by the
  name; the pairing numbers of the players follow the teams' order, then the boards;
- a lineup keeps the roster's relative order (the usual regulation of team events, e.g.
  the Olympiad's: a player may not play above a teammate listed before him);
- a match forfeited as a whole scores each of its boards +-/-+ (or -- for both), so the
  players' records and the FIDE report see forfeits, not games;
- a lineup is handed in until the lineup deadline, the tournament's minutes before the
  round's scheduled start (none without a schedule), and never once a result of its match
  is entered; after the deadline only the arbiter changes it, with a reason (W14); the
  public see a match's boards once both lineups are in or the deadline has passed (W16).
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max, Q
from django.db.models.expressions import CombinedExpression
from django.utils import timezone
from django.utils.translation import gettext_lazy

from pairing.engine.tiebreaks.codes import TieBreakCodeError
from pairing.engine.tiebreaks.teams import parse_team
from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import RefusalTable, RegistrationRefused
from tourney.models import (
    ACTIVE_JOB_STATES,
    PAIRED_STATUSES,
    ByeKind,
    Game,
    Lineup,
    LineupBoard,
    MatchForfeit,
    Player,
    Result,
    Round,
    RoundStatus,
    Team,
    TeamBye,
    TeamMatch,
    TeamMember,
    TeamPrimaryScore,
    TeamProhibition,
    Tournament,
)


class TeamRefused(RegistrationRefused):
    """A team, roster or lineup change the rules or the state of the event refuse."""


REFUSALS = RefusalTable(
    "teams",
    {
        "not_team_event": gettext_lazy("this tournament is not a team event"),
        "name_taken": gettext_lazy("a team named %(name)s is already registered"),
        "no_name": gettext_lazy("a team needs a name"),
        "bad_field": gettext_lazy("%(field)s: %(problem)s"),
        "line_problem": gettext_lazy("line %(line)d, column %(column)d (%(field)s): %(problem)s"),
        "line_short": gettext_lazy("line %(line)d: expected %(expected)d columns separated by ';', found %(found)d"),
        "board_twice": gettext_lazy("line %(line)d: board %(board)d of %(team)s is already at line %(other)d"),
        "fide_id_taken": gettext_lazy("FIDE ID %(id)s is already registered (%(name)s)"),
        "fide_id_twice": gettext_lazy("FIDE ID %(id)s is given twice in the roster"),
        "withdrawal_before_entry": gettext_lazy(
            "%(team)s enters in round %(entry_round)d: it cannot be withdrawn before it plays; delete it instead"
        ),
        "same_team": gettext_lazy("choose two different teams"),
        "team_paired": gettext_lazy("%(team)s is already paired: withdraw it instead"),
        "empty_file": gettext_lazy("the file has no team member"),
        "entry_round_paired": gettext_lazy(
            "round %(round)d is already paired: a new team can enter from round %(first_open)d"
        ),
        "withdrawal_round_paired": gettext_lazy(
            "round %(round)d is already paired: the withdrawal can take effect from round %(first_open)d"
        ),
        "roster_frozen": gettext_lazy("round 1 is paired: the roster's order is final; add reserves at the end"),
        "roster_not_members": gettext_lazy("the new order must list every member of %(team)s once"),
        "round_paired": gettext_lazy("the results of round %(round)d are published: its lineups are final"),
        "lineup_pairing_running": gettext_lazy("round %(round)d is being paired: set the lineup once it is paired"),
        "lineup_match_started": gettext_lazy("a result of match %(table)d is entered: the lineup of %(team)s is final"),
        "lineup_deadline_passed": gettext_lazy(
            "the lineups of round %(round)d were due by %(deadline)s; only an arbiter may change one now, "
            "giving the reason"
        ),
        "lineup_size": gettext_lazy("a lineup has %(boards)d players, one per board; %(count)d given"),
        "lineup_not_member": gettext_lazy("%(player)s is not on the roster of %(team)s"),
        "lineup_twice": gettext_lazy("%(player)s is in the lineup twice"),
        # The regulations of team events: the lineup keeps the roster's order.
        "lineup_order": gettext_lazy(
            "%(player)s is listed after %(other)s on the roster and cannot play above him (the roster's order)"
        ),
        "bad_bye_kind": gettext_lazy("a requested bye is half-point, zero-point or full-point"),
        "no_such_round": gettext_lazy("the tournament has rounds 1 to %(rounds)d"),
        "bye_round_paired": gettext_lazy("round %(round)d is already paired: its byes are final"),
        "not_playing": gettext_lazy("%(team)s does not take part in round %(round)d"),
        "match_is_bye": gettext_lazy("table %(table)d is a bye, not a match"),
        "match_closed": gettext_lazy("the results of round %(round)d are published: correct its boards one by one"),
        "match_not_published": gettext_lazy("round %(round)d is not published: no results yet"),
    },
)

# The columns of a roster file, in order (docs/user-guide.md, "Team events").
CSV_COLUMNS = ("team", "board", "name", "fide_id", "rating", "federation")
_COLUMN_LABELS = {
    "team": gettext_lazy("team"),
    "board": gettext_lazy("board"),
    "name": gettext_lazy("name"),
    "fide_id": gettext_lazy("FIDE ID"),
    "rating": gettext_lazy("rating"),
    "federation": gettext_lazy("federation"),
}


@dataclass(frozen=True)
class MemberData:
    name: str
    fide_id: str = ""
    rating: int = 0
    federation: str = ""
    title: str = ""


def _locked_team_event(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    if not tournament.is_team_event:
        raise TeamRefused(REFUSALS("not_team_event"))
    return tournament


def first_open_round(tournament: Tournament) -> int:
    """The first round not paired yet: a new team or a withdrawal takes effect there."""
    started = tournament.round_set.exclude(status=RoundStatus.DRAFT)
    return (started.aggregate(n=Max("number"))["n"] or 0) + 1


def _member_problem(player: Player) -> str | None:
    try:
        player.full_clean(exclude=["tournament", "pairing_number"])
    except ValidationError as error:
        field, problems = next(iter(error.message_dict.items()))
        return f"{field}: {problems[0]}"
    return None


def _new_player(tournament: Tournament, data: MemberData, number: int) -> Player:
    return Player(
        tournament=tournament,
        pairing_number=number,
        name=data.name.strip(),
        fide_id=data.fide_id.strip(),
        rating=data.rating,
        federation=data.federation.strip().upper(),
        title=data.title,
    )


def _check_fide_ids(tournament: Tournament, members: Sequence[MemberData]) -> None:
    ids = [m.fide_id.strip() for m in members if m.fide_id.strip()]
    for fide_id in ids:
        if ids.count(fide_id) > 1:
            raise TeamRefused(REFUSALS("fide_id_twice", id=fide_id))
    taken = dict(tournament.players.filter(fide_id__in=ids).values_list("fide_id", "name"))
    for fide_id in ids:
        if fide_id in taken:
            raise TeamRefused(REFUSALS("fide_id_taken", id=fide_id, name=taken[fide_id]))


def _add_team(
    tournament: Tournament, name: str, members: Sequence[MemberData], *, federation: str, captain: str, entry_round: int
) -> Team:
    name = name.strip()
    if not name:
        raise TeamRefused(REFUSALS("no_name"))
    if tournament.teams.filter(name=name).exists():
        raise TeamRefused(REFUSALS("name_taken", name=name))
    _check_fide_ids(tournament, members)
    next_tpn = (tournament.teams.aggregate(n=Max("start_number"))["n"] or 0) + 1
    team = Team(
        tournament=tournament,
        start_number=next_tpn,
        name=name,
        federation=federation.strip().upper(),
        captain=captain.strip(),
        entry_round=entry_round,
    )
    try:
        team.full_clean(exclude=["tournament"])
    except ValidationError as error:
        field, problems = next(iter(error.message_dict.items()))
        raise TeamRefused(REFUSALS("bad_field", field=field, problem=problems[0])) from None
    team.save()
    next_number = (tournament.players.aggregate(n=Max("pairing_number"))["n"] or 0) + 1
    for board, data in enumerate(members, start=1):
        player = _new_player(tournament, data, next_number)
        problem = _member_problem(player)
        if problem:
            raise TeamRefused(REFUSALS("bad_field", field=data.name or board, problem=problem))
        player.save()
        TeamMember.objects.create(team=team, player=player, board=board)
        next_number += 1
    return team


def initial_order_key(team: Team, boards: int) -> tuple[Fraction, str]:
    """The teams' initial order (a reading, C.04.6 1.1): the higher average rating of the
    roster's first *boards* players first, then the name."""
    ratings = [m.player.pairing_rating for m in team.members.all()][:boards]
    average = Fraction(sum(ratings), len(ratings)) if ratings else Fraction(0)
    return (-average, team.name.casefold())


def _renumber(tournament: Tournament) -> None:
    """Before round 1 is paired: teams in initial order, players in team then board order."""
    if tournament.round_set.filter(status__in=[*PAIRED_STATUSES, RoundStatus.PAIRING]).exists():
        return
    teams = sorted(
        tournament.teams.prefetch_related("members__player"),
        key=lambda t: initial_order_key(t, tournament.team_boards),
    )
    # Two steps: the unique numbers must not collide on the way.
    offset = 10000
    tournament.teams.update(start_number=models_offset("start_number", offset))
    tournament.players.update(pairing_number=models_offset("pairing_number", offset))
    number = 1
    for tpn, team in enumerate(teams, start=1):
        Team.objects.filter(pk=team.pk).update(start_number=tpn)
        for member in team.members.all():
            Player.objects.filter(pk=member.player_id).update(pairing_number=number)
            number += 1
    # Players outside any team (none in a team event) keep their order after the teams.
    for player in tournament.players.filter(pairing_number__gt=offset).order_by("pairing_number"):
        Player.objects.filter(pk=player.pk).update(pairing_number=number)
        number += 1


def models_offset(field: str, offset: int) -> CombinedExpression:
    return F(field) + offset


def register_team(
    *,
    tournament_id: int,
    name: str,
    members: Sequence[MemberData],
    federation: str = "",
    captain: str = "",
    user: User | None = None,
) -> Team:
    """Register a team with its roster (board 1 first); a team registered once round 1 is
    paired enters in the first round not paired (a late entry)."""
    with transaction.atomic():
        tournament = _locked_team_event(tournament_id)
        entry_round = first_open_round(tournament)
        if entry_round > tournament.rounds:
            raise TeamRefused(REFUSALS("entry_round_paired", round=tournament.rounds, first_open=entry_round))
        team = _add_team(tournament, name, members, federation=federation, captain=captain, entry_round=entry_round)
        _renumber(tournament)
        team.refresh_from_db()
        audit.record(
            tournament,
            team,
            action="register team",
            new=f"{team.name}: " + ", ".join(m.name for m in members) + f" from round {entry_round}",
            user=user,
        )
        public_change(tournament.pk, base=True)
        return team


def _int(text: str) -> int:
    text = text.strip()
    if not text:
        return 0
    if not text.isdigit():
        raise ValueError(text)
    return int(text)


def parse_rosters(text: str) -> dict[str, list[tuple[int, int, MemberData]]]:
    """The roster file: one line per member, ``team;board;name;fide_id;rating;federation``
    (a first line naming the columns is skipped); {team: [(board, line, member)]} in the
    file's order. A problem names its line and column."""
    teams: dict[str, list[tuple[int, int, MemberData]]] = {}
    seen: dict[tuple[str, int], int] = {}
    reader = csv.reader(io.StringIO(text), delimiter=";")
    for line, row in enumerate(reader, start=1):
        if not any(cell.strip() for cell in row):
            continue
        if line == 1 and row[0].strip().casefold() == "team":
            continue
        if len(row) < 3:
            raise TeamRefused(REFUSALS("line_short", line=line, expected=len(CSV_COLUMNS), found=len(row)))
        cells = [c.strip() for c in row] + [""] * (len(CSV_COLUMNS) - len(row))
        team, board_text, name, fide_id, rating_text, federation = cells[: len(CSV_COLUMNS)]
        values: dict[str, object] = {}
        for column, field, parse in ((2, "board", board_text), (5, "rating", rating_text)):
            try:
                values[field] = _int(parse)
            except ValueError:
                raise TeamRefused(
                    REFUSALS(
                        "line_problem", line=line, column=column, field=_COLUMN_LABELS[field], problem=f"{parse!r}"
                    )
                ) from None
        for column, field, value in ((1, "team", team), (3, "name", name)):
            if not value:
                raise TeamRefused(
                    REFUSALS("line_problem", line=line, column=column, field=_COLUMN_LABELS[field], problem="—")
                )
        board = int(values["board"]) or len(teams.get(team, [])) + 1  # type: ignore[call-overload]
        if (team, board) in seen:
            raise TeamRefused(REFUSALS("board_twice", line=line, board=board, team=team, other=seen[team, board]))
        seen[team, board] = line
        member = MemberData(name=name, fide_id=fide_id, rating=int(values["rating"]), federation=federation)  # type: ignore[call-overload]
        problem = _member_problem(_new_player(Tournament(), member, 1))
        if problem:
            field, _sep, text_problem = problem.partition(": ")
            column = {"name": 3, "fide_id": 4, "rating": 5, "federation": 6}.get(field, 3)
            raise TeamRefused(
                REFUSALS(
                    "line_problem",
                    line=line,
                    column=column,
                    field=_COLUMN_LABELS.get(field, field),
                    problem=text_problem,
                )
            )
        teams.setdefault(team, []).append((board, line, member))
    if not teams:
        raise TeamRefused(REFUSALS("empty_file"))
    return teams


def import_rosters(*, tournament_id: int, text: str, user: User | None = None) -> list[Team]:
    """Register every team of a roster file (parse_rosters) in one transaction: all or none.
    The federation of a team is its first board's."""
    rosters = parse_rosters(text)
    with transaction.atomic():
        tournament = _locked_team_event(tournament_id)
        entry_round = first_open_round(tournament)
        if entry_round > tournament.rounds:
            raise TeamRefused(REFUSALS("entry_round_paired", round=tournament.rounds, first_open=entry_round))
        made = []
        for name, rows in rosters.items():
            members = [m for _board, _line, m in sorted(rows, key=lambda r: r[0])]
            made.append(
                _add_team(
                    tournament, name, members, federation=members[0].federation, captain="", entry_round=entry_round
                )
            )
        _renumber(tournament)
        for team in made:
            team.refresh_from_db()
            audit.record(tournament, team, action="register team", new=f"{team.name} (file)", user=user)
        public_change(tournament.pk, base=True)
        return made


def add_member(*, team_id: int, member: MemberData, user: User | None = None) -> TeamMember:
    """A player added at the end of a team's roster (a reserve)."""
    with transaction.atomic():
        team = Team.objects.select_related("tournament").get(pk=team_id)
        tournament = _locked_team_event(team.tournament_id)
        _check_fide_ids(tournament, [member])
        number = (tournament.players.aggregate(n=Max("pairing_number"))["n"] or 0) + 1
        player = _new_player(tournament, member, number)
        problem = _member_problem(player)
        if problem:
            raise TeamRefused(REFUSALS("bad_field", field=member.name, problem=problem))
        player.save()
        board = (team.members.aggregate(n=Max("board"))["n"] or 0) + 1
        added = TeamMember.objects.create(team=team, player=player, board=board)
        _renumber(tournament)
        audit.record(tournament, team, action="add team member", new=f"{board}: {player.name}", user=user)
        public_change(tournament.pk, base=True)
        return added


def set_roster_order(*, team_id: int, member_ids: Sequence[int], user: User | None = None) -> Team:
    """The roster in a new order, board 1 first; only before round 1 is paired."""
    with transaction.atomic():
        team = Team.objects.get(pk=team_id)
        tournament = _locked_team_event(team.tournament_id)
        if tournament.round_set.filter(status__in=[*PAIRED_STATUSES, RoundStatus.PAIRING]).exists():
            raise TeamRefused(REFUSALS("roster_frozen"))
        members = {m.pk: m for m in team.members.select_related("player")}
        if sorted(member_ids) != sorted(members) or len(set(member_ids)) != len(member_ids):
            raise TeamRefused(REFUSALS("roster_not_members", team=team.name))
        old = ", ".join(m.player.name for m in sorted(members.values(), key=lambda m: m.board))
        team.members.update(board=models_offset("board", 1000))
        for board, pk in enumerate(member_ids, start=1):
            TeamMember.objects.filter(pk=pk).update(board=board)
        _renumber(tournament)
        new = ", ".join(members[pk].player.name for pk in member_ids)
        audit.record(tournament, team, action="change roster", old=old, new=new, user=user)
        public_change(tournament.pk, base=True)
        return team


def withdraw_team(*, team_id: int, from_round: int | None = None, user: User | None = None) -> Team:
    """The team is no longer paired from *from_round* (the first round not paired yet by
    default); its requested byes of those rounds (not paired yet) are cancelled: a team
    withdrawn scores nothing (C.04.2 2026 art. 3.2-3.3)."""
    with transaction.atomic():
        team = Team.objects.get(pk=team_id)
        tournament = _locked_team_event(team.tournament_id)
        first_open = first_open_round(tournament)
        number = from_round or first_open
        if number < first_open:
            raise TeamRefused(REFUSALS("withdrawal_round_paired", round=number, first_open=first_open))
        if number <= team.entry_round:
            raise TeamRefused(REFUSALS("withdrawal_before_entry", team=team.name, entry_round=team.entry_round))
        old = team.withdrawal_round
        team.withdrawal_round = number
        team.save(update_fields=["withdrawal_round"])
        audit.record(tournament, team, action="withdraw team", old=old or "", new=team.withdrawal_round, user=user)
        for bye in TeamBye.objects.filter(team=team, round__number__gte=number).select_related("round", "team"):
            audit.record(tournament, bye, action="cancel team bye", old=str(bye), user=user)
            bye.delete()
        public_change(tournament.pk, base=True)
        return team


def can_delete(team: Team) -> bool:
    """A team not yet paired in any round may be deleted (a withdrawal before it plays)."""
    return not (TeamMatch.objects.filter(home=team).exists() or TeamMatch.objects.filter(away=team).exists())


def delete_team(*, team_id: int, user: User | None = None) -> None:
    """Delete a team that has not been paired yet, with its players."""
    with transaction.atomic():
        team = Team.objects.get(pk=team_id)
        tournament = _locked_team_event(team.tournament_id)
        if not can_delete(team):
            raise TeamRefused(REFUSALS("team_paired", team=team.name))
        audit.record(tournament, tournament, action="delete team", old=str(team), user=user)
        players = [m.player_id for m in team.members.all()]
        team.delete()
        Player.objects.filter(pk__in=players).delete()
        _renumber(tournament)
        public_change(tournament.pk, base=True)


# ---------------------------------------------------------------- teams kept apart


def prohibit_teams(
    *,
    tournament_id: int,
    team_id: int,
    other_id: int,
    first_round: int = 1,
    last_round: int | None = None,
    user: User | None = None,
) -> TeamProhibition:
    """Two teams the competition's rules keep apart in rounds *first_round* to *last_round*."""
    with transaction.atomic():
        tournament = _locked_team_event(tournament_id)
        team, other = tournament.teams.get(pk=team_id), tournament.teams.get(pk=other_id)
        if team.pk == other.pk:
            raise TeamRefused(REFUSALS("same_team"))
        last = last_round or tournament.rounds
        if not 1 <= first_round <= last <= tournament.rounds:
            raise TeamRefused(REFUSALS("no_such_round", rounds=tournament.rounds))
        prohibition = TeamProhibition.objects.create(
            tournament=tournament, team=team, other=other, first_round=first_round, last_round=last_round
        )
        audit.record(
            tournament, prohibition, action="prohibit teams", new=f"{prohibition} {first_round}-{last}", user=user
        )
        return prohibition


def allow_teams(*, prohibition_id: int, user: User | None = None) -> None:
    with transaction.atomic():
        prohibition = TeamProhibition.objects.select_related("team", "other").get(pk=prohibition_id)
        tournament = _locked_team_event(prohibition.tournament_id)
        audit.record(tournament, tournament, action="allow teams", old=str(prohibition), user=user)
        prohibition.delete()


def prohibited_pairs(tournament: Tournament, number: int) -> tuple[tuple[int, int], ...]:
    """The pairs of TPNs kept apart in round *number*."""
    pairs = {
        tuple(sorted((p.team.start_number, p.other.start_number)))
        for p in tournament.team_prohibitions.select_related("team", "other")
        if p.applies_to(number)
    }
    return tuple(sorted(pairs))  # type: ignore[arg-type]


# ---------------------------------------------------------------- requested byes

REQUESTED_BYES = (ByeKind.HALF_POINT, ByeKind.ZERO_POINT, ByeKind.FULL_POINT)


def request_team_bye(
    *, tournament_id: int, team_id: int, round_number: int, kind: str, user: User | None = None
) -> TeamBye:
    """A team's requested bye (or announced absence) for a round not paired yet."""
    with transaction.atomic():
        tournament = _locked_team_event(tournament_id)
        team = tournament.teams.get(pk=team_id)
        if kind not in REQUESTED_BYES:
            raise TeamRefused(REFUSALS("bad_bye_kind"))
        if not 1 <= round_number <= tournament.rounds:
            raise TeamRefused(REFUSALS("no_such_round", rounds=tournament.rounds))
        if not team.plays_in(round_number):
            raise TeamRefused(REFUSALS("not_playing", team=team.name, round=round_number))
        rnd, _created = Round.objects.get_or_create(tournament=tournament, number=round_number)
        if rnd.status != RoundStatus.DRAFT:
            raise TeamRefused(REFUSALS("bye_round_paired", round=round_number))
        bye, _created = TeamBye.objects.update_or_create(round=rnd, team=team, defaults={"kind": kind})
        audit.record(tournament, bye, action="request team bye", new=str(bye), user=user)
        public_change(tournament.pk, round_number=round_number)
        return bye


def cancel_team_bye(*, bye_id: int, user: User | None = None) -> None:
    with transaction.atomic():
        bye = TeamBye.objects.select_related("round", "team").get(pk=bye_id)
        tournament = _locked_team_event(bye.round.tournament_id)
        if bye.round.status != RoundStatus.DRAFT:
            raise TeamRefused(REFUSALS("bye_round_paired", round=bye.round.number))
        audit.record(tournament, bye, action="cancel team bye", old=str(bye), user=user)
        bye.delete()
        public_change(tournament.pk, round_number=bye.round.number)


def bye_score(kind: str, tournament: Tournament) -> tuple[int, int]:
    """(match points, game points in tenths) of a requested bye: a drawn match's match
    points and the half-point bye's points on every board; a won match's and the full-point
    bye's; nothing for a zero-point bye (the tournament's settings)."""
    t = tournament
    if kind == ByeKind.HALF_POINT:
        return t.match_points_draw, t.points_half_bye * t.team_boards
    if kind == ByeKind.FULL_POINT:
        return t.match_points_win, t.points_full_bye * t.team_boards
    return t.match_points_loss, 0


def standings_codes(tournament: Tournament) -> list[str]:
    """The standings' tie-breaks: the secondary score, then the tournament's list where it
    names team tie-breaks (C.07 11-13)."""
    secondary = "GP" if tournament.team_primary_score == TeamPrimaryScore.MATCH_POINTS else "MP"
    codes = [secondary]
    for code in tournament.tiebreaks:
        try:
            parse_team(code)
        except TieBreakCodeError:
            continue
        if code not in codes:
            codes.append(code)
    return codes


# ---------------------------------------------------------------- lineups


def roster(team: Team) -> list[TeamMember]:
    return list(team.members.select_related("player").order_by("board"))


def lineup_of(rnd: Round, team: Team) -> list[TeamMember]:
    """The players *team* fields in *rnd*, board 1 first: its lineup, else the roster's
    first boards in order."""
    lineup = Lineup.objects.filter(round=rnd, team=team).first()
    if lineup is not None:
        return [b.member for b in lineup.boards.select_related("member__player").order_by("board")]
    return roster(team)[: rnd.tournament.team_boards]


def lineup_problem(team: Team, members: Sequence[TeamMember], boards: int) -> object | None:
    """Why *members* (board 1 first) is not a lineup of *team*, or None."""
    if len(members) != boards:
        return REFUSALS("lineup_size", boards=boards, count=len(members))
    seen: set[int] = set()
    for member in members:
        if member.team_id != team.pk:
            return REFUSALS("lineup_not_member", player=member.player.name, team=team.name)
        if member.pk in seen:
            return REFUSALS("lineup_twice", player=member.player.name)
        seen.add(member.pk)
    for upper, lower in pairwise(members):
        if lower.board < upper.board:
            return REFUSALS("lineup_order", player=lower.player.name, other=upper.player.name)
    return None


def seat_boards(match: TeamMatch, boards: int) -> None:
    """(Re)make the board games of *match* from the two teams' lineups, the colours
    alternating from board 1 (home_has_white); the boards keep their round numbers."""
    rnd = match.round
    match.games.all().delete()
    if match.away is None:
        return
    home, away = lineup_of(rnd, match.home), lineup_of(rnd, match.away)
    for k, (h, a) in enumerate(zip(home, away, strict=False), start=1):
        white, black = (h, a) if home_has_white(k) else (a, h)
        board = round_board_number(match, k, boards)
        Game(round=rnd, board=board, white=white.player, black=black.player, match=match).save()


# A lineup may be set before the round is paired and, once it is paired or published,
# until the lineup deadline (docs/team.md, "Lineups and captains"): the pairing of the
# teams (C.04.6) does not read the lineups, only who sits on which board.
LINEUP_STATUSES = (RoundStatus.DRAFT, RoundStatus.PAIRED, RoundStatus.PUBLISHED)


def lineup_deadline(tournament: Tournament, number: int) -> datetime.datetime | None:
    """When the lineups of round *number* are due: the tournament's minutes before the
    round's scheduled start; None without a schedule (then a lineup is open until a result
    of its match is entered)."""
    start = tournament.scheduled_start(number)
    if start is None:
        return None
    return start - datetime.timedelta(minutes=tournament.lineup_deadline_minutes)


def deadline_passed(tournament: Tournament, number: int, now: datetime.datetime | None = None) -> bool:
    deadline = lineup_deadline(tournament, number)
    return deadline is not None and (now or timezone.now()) >= deadline


def team_match(rnd: Round, team: Team) -> TeamMatch | None:
    return TeamMatch.objects.filter(round=rnd).filter(Q(home=team) | Q(away=team)).first()


def match_started(match: TeamMatch) -> bool:
    """A result of one of the match's boards is entered (or the match is forfeited)."""
    return match.forfeit != MatchForfeit.NONE or match.games.exclude(result=Result.PENDING).exists()


def lineups_visible(rnd: Round, match: TeamMatch, now: datetime.datetime | None = None) -> bool:
    """Whether the public see who sits on the boards of *match*: once both lineups are
    handed in, the deadline has passed or a result is entered; always without a deadline
    (a reading: in team events a captain does not see the opponent's lineup before that)."""
    tournament = rnd.tournament
    if match.away is None or lineup_deadline(tournament, rnd.number) is None:
        return True
    if deadline_passed(tournament, rnd.number, now) or match_started(match):
        return True
    return Lineup.objects.filter(round=rnd, team_id__in=(match.home_id, match.away_id)).count() == 2


def renew_pages_at_lineup_deadlines(*, since_seconds: int, now: datetime.datetime | None = None) -> list[int]:
    """Renew the public pages of every published team round whose lineup deadline passed in
    the last *since_seconds*: its boards become public then (lineups_visible), though nothing
    was written. Run by the beat (tourney.tasks); the ids of the rounds renewed."""
    now = now or timezone.now()
    since = now - datetime.timedelta(seconds=since_seconds)
    renewed = []
    published = Round.objects.filter(tournament__kind="team", status=RoundStatus.PUBLISHED).select_related("tournament")
    for rnd in published.exclude(tournament__round_schedule=[]):
        deadline = lineup_deadline(rnd.tournament, rnd.number)
        if deadline is not None and since < deadline <= now:
            with transaction.atomic():
                public_change(rnd.tournament_id, round_number=rnd.number)
            renewed.append(rnd.pk)
    return renewed


def set_lineup(
    *,
    round_id: int,
    team_id: int,
    member_ids: Sequence[int],
    user: User | None = None,
    override_reason: str = "",
    now: datetime.datetime | None = None,
) -> Lineup:
    """The team's players for the round, board 1 first. Before the round's pairing, or on
    a paired or published round until the lineup deadline and while no result of the
    team's match is entered: the boards of that match are seated again (the players; the
    colours stay with the boards). After the deadline only with *override_reason* (the
    arbiter's correction, audited with it)."""
    override_reason = " ".join(override_reason.split())
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
        tournament = _locked_team_event(rnd.tournament_id)
        if rnd.status not in LINEUP_STATUSES:
            raise TeamRefused(REFUSALS("round_paired", round=rnd.number))
        if rnd.pairing_job_state in ACTIVE_JOB_STATES:
            raise TeamRefused(REFUSALS("lineup_pairing_running", round=rnd.number))
        team = tournament.teams.get(pk=team_id)
        match = team_match(rnd, team) if rnd.status != RoundStatus.DRAFT else None
        if match is not None and match_started(match):
            raise TeamRefused(REFUSALS("lineup_match_started", table=match.table, team=team.name))
        deadline = lineup_deadline(tournament, rnd.number)
        late = deadline_passed(tournament, rnd.number, now)
        if late and not override_reason:
            assert deadline is not None
            shown = timezone.localtime(deadline, deadline.tzinfo).strftime("%Y-%m-%d %H:%M")
            raise TeamRefused(REFUSALS("lineup_deadline_passed", round=rnd.number, deadline=shown))
        by_id = {m.pk: m for m in TeamMember.objects.select_related("player").filter(pk__in=member_ids)}
        members = [by_id[pk] for pk in member_ids if pk in by_id]
        if len(members) != len(member_ids):
            raise TeamRefused(REFUSALS("lineup_size", boards=tournament.team_boards, count=len(members)))
        problem = lineup_problem(team, members, tournament.team_boards)
        if problem is not None:
            raise TeamRefused(problem)  # type: ignore[arg-type]
        old = ", ".join(m.player.name for m in lineup_of(rnd, team))
        lineup, _created = Lineup.objects.get_or_create(round=rnd, team=team)
        lineup.boards.all().delete()
        LineupBoard.objects.bulk_create(
            LineupBoard(lineup=lineup, board=board, member=m) for board, m in enumerate(members, start=1)
        )
        lineup.save(update_fields=["updated_at"])
        if match is not None:
            reseat(match, tournament.team_boards)
        new = f"{team.name}: " + ", ".join(m.player.name for m in members)
        audit.record(
            tournament,
            rnd,
            action="set lineup after the deadline" if late else "set lineup",
            old=old,
            new=f"{new} ({override_reason})" if late else new,
            user=user,
        )
        public_change(tournament.pk, round_number=rnd.number)
        return lineup


def reseat(match: TeamMatch, boards: int) -> None:
    """Seat the boards of *match* again from the lineups, before any result: the boards
    keep their numbers, colours (home_has_white) and unrated marks."""
    unrated = dict(match.games.values_list("board", "unrated"))
    seat_boards(match, boards)
    for game in match.games.all():
        if unrated.get(game.board):
            game.unrated = True
            game.save(update_fields=["unrated"])


# ---------------------------------------------------------------- matches


def home_has_white(board: int) -> bool:
    """The colours alternate by board, the first team (White on board 1, C.04.6 1.6.1)
    having White on the odd boards: the usual rule of team competitions (TRF-2026 record
    352 "WBWB")."""
    return board % 2 == 1


def board_games(match: TeamMatch) -> list[Game]:
    """The match's games, board 1 first."""
    return list(match.games.select_related("white", "black").order_by("board"))


def round_board_number(match: TeamMatch, board: int, boards: int) -> int:
    """The game's number among the round's boards: matches in table order, boards in order."""
    return (match.table - 1) * boards + board


@dataclass(frozen=True)
class MatchScore:
    """The game points (tenths) and match points of both teams; None while a board is pending."""

    home_game_points: int
    away_game_points: int
    home_match_points: int
    away_match_points: int
    complete: bool


def board_points(game: Game, tournament: Tournament) -> tuple[int, int] | None:
    """(White's, Black's) game points of a board in tenths, None when not played yet."""
    t = tournament
    return {
        Result.WHITE_WINS: (t.points_win, t.points_loss),
        Result.BLACK_WINS: (t.points_loss, t.points_win),
        Result.DRAW: (t.points_draw, t.points_draw),
        Result.WHITE_WINS_FORFEIT: (t.points_forfeit_win, t.points_forfeit_loss),
        Result.BLACK_WINS_FORFEIT: (t.points_forfeit_loss, t.points_forfeit_win),
        Result.DOUBLE_FORFEIT: (t.points_forfeit_loss, t.points_forfeit_loss),
    }.get(Result(game.result))


def match_score(match: TeamMatch, tournament: Tournament, games: Sequence[Game] | None = None) -> MatchScore:
    """A match's score from its boards; the match points compare the game points (C.04.6 1.2).
    The PAB scores a drawn match (C.04.6 1.4): the draw's match points and half the boards."""
    t = tournament
    if match.is_bye:
        return MatchScore(t.points_draw * t.team_boards, 0, t.match_points_draw, 0, True)
    home = away = 0
    complete = True
    for board, game in enumerate(games if games is not None else board_games(match), start=1):
        points = board_points(game, t)
        if points is None:
            complete = False
            continue
        home_is_white = home_has_white(board)
        home += points[0] if home_is_white else points[1]
        away += points[1] if home_is_white else points[0]
    if match.forfeit == MatchForfeit.DOUBLE:
        return MatchScore(home, away, t.match_points_loss, t.match_points_loss, complete)
    if home > away:
        mp = (t.match_points_win, t.match_points_loss)
    elif home < away:
        mp = (t.match_points_loss, t.match_points_win)
    else:
        mp = (t.match_points_draw, t.match_points_draw)
    return MatchScore(home, away, mp[0], mp[1], complete)


def forfeit_match(*, match_id: int, forfeit: str, user: User | None = None) -> TeamMatch:
    """A match forfeited as a whole (or set back to played): every board scored +-/-+ for the
    team present (-- for a double forfeit); set back, the boards are cleared."""
    with transaction.atomic():
        locked = TeamMatch.objects.select_for_update(of=("self",))
        match = locked.select_related("round__tournament", "home", "away").get(pk=match_id)
        rnd = match.round
        if match.is_bye:
            raise TeamRefused(REFUSALS("match_is_bye", table=match.table))
        if rnd.status == RoundStatus.CLOSED:
            # After the results are published a board changes by a correction (C.04.2.D.8).
            raise TeamRefused(REFUSALS("match_closed", round=rnd.number))
        if rnd.status != RoundStatus.PUBLISHED:
            raise TeamRefused(REFUSALS("match_not_published", round=rnd.number))
        forfeit = MatchForfeit(forfeit)
        old = match.forfeit
        match.forfeit = forfeit
        match.save(update_fields=["forfeit"])
        for board, game in enumerate(board_games(match), start=1):
            home_is_white = home_has_white(board)
            if forfeit == MatchForfeit.NONE:
                result = Result.PENDING
            elif forfeit == MatchForfeit.DOUBLE:
                result = Result.DOUBLE_FORFEIT
            elif (forfeit == MatchForfeit.HOME) == home_is_white:
                result = Result.WHITE_WINS_FORFEIT
            else:
                result = Result.BLACK_WINS_FORFEIT
            game.result = result
            game.save(update_fields=["result"])
        audit.record(rnd.tournament, match, action="forfeit match", old=old, new=forfeit, user=user)
        public_change(rnd.tournament_id, round_number=rnd.number)
        return match

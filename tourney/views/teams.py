"""The pages of a team event (C.04.6): team registration (a form, a roster file), a team's
roster, each round's lineups, the round's matches, the team standings and each team's card.

The views are thin: the writes go through tourney.services.teams, the pairing through the
round desk (tourney.views.desk: the same Pair and Publish buttons, the same keyboard box,
where "12.3 1-0" is match 12, board 3). The public pages (round, standings, card) are
cached as the individual ones are (tourney.caching.public_views).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from pairing.engine.text import decode
from tourney import roles
from tourney.access import takes_upload, tournament_role, user_roles
from tourney.caching.public_views import one_round, public_page
from tourney.caching.readers import site_url
from tourney.errors import DomainError
from tourney.forms import InviteForm, TeamForm, TeamMemberForm, UploadForm
from tourney.models import (
    PUBLIC_STATUSES,
    MatchForfeit,
    Round,
    RoundStatus,
    Team,
    TeamBye,
    TeamMatch,
    TeamProhibition,
    Tournament,
)
from tourney.presentation import points, team_tables
from tourney.services import accounts, teams
from tourney.services.rounds import round_for
from tourney.views.http import HtmxHttpRequest, TournamentRequest
from tourney.views.reports import printable_round, qr_svg


def _team_event(tournament_id: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not tournament.is_team_event:
        raise Http404
    return tournament


def _members(text: str) -> list[teams.MemberData]:
    """The form's roster: one player a line, name;FIDE ID;rating;federation."""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.split(";")] + ["", "", ""]
        if not cells[0]:
            continue
        rating = cells[2]
        if rating and not rating.isdigit():
            raise teams.TeamRefused(teams.REFUSALS("bad_field", field=cells[0], problem=rating))
        rows.append(teams.MemberData(cells[0], fide_id=cells[1], rating=int(rating or 0), federation=cells[3]))
    return rows


def _registration_page(
    request: TournamentRequest, form: TeamForm | None = None, upload_form: UploadForm | None = None
) -> HttpResponse:
    tournament = request.tournament
    context = {
        "tournament": tournament,
        "form": form or TeamForm(),
        "upload_form": upload_form or UploadForm(),
        "teams": tournament.teams.prefetch_related("members__player"),
        "first_open": teams.first_open_round(tournament),
        "columns": ";".join(teams.CSV_COLUMNS),
        "byes": TeamBye.objects.filter(round__tournament=tournament).select_related("round", "team"),
        "bye_kinds": [(k.value, k.label) for k in teams.REQUESTED_BYES],
        "rounds": range(1, tournament.rounds + 1),
        "prohibitions": tournament.team_prohibitions.select_related("team", "other"),
        "can": user_roles(request.user, tournament),
    }
    return render(request, "tourney/teams/registration.html", context)


@require_http_methods(["GET", "POST"])
@tournament_role("register")
def team_registration(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    if not request.tournament.is_team_event:
        raise Http404
    if request.method == "GET":
        return _registration_page(request)
    form = TeamForm(request.POST)
    if not form.is_valid():
        return _registration_page(request, form=form)
    data = form.cleaned_data
    try:
        team = teams.register_team(
            tournament_id=tournament_id,
            name=data["name"],
            members=_members(data["members"]),
            federation=data["federation"],
            captain=data["captain"],
            user=request.user,
        )
    except DomainError as error:
        form.add_error(None, str(error))
        return _registration_page(request, form=form)
    messages.success(request, _("Team %(name)s registered.") % {"name": team.name})
    return redirect("team_registration", tournament_id)


@takes_upload
@require_POST
@tournament_role("register")
def team_csv(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """A roster file: one line per player, team;board;name;fide_id;rating;federation."""
    if not request.tournament.is_team_event:
        raise Http404
    form = UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _registration_page(request, upload_form=form)
    try:
        made = teams.import_rosters(
            tournament_id=tournament_id, text=decode(form.cleaned_data["file"].read()), user=request.user
        )
    except DomainError as error:
        form.errors["file"] = form.error_class([str(error)])
        return _registration_page(request, upload_form=form)
    messages.success(request, _("%(n)d teams registered from the file.") % {"n": len(made)})
    return redirect("team_registration", tournament_id)


@require_POST
@tournament_role("register")
def team_bye_request(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """A team's requested bye (half-point, full-point) or announced absence for a round not paired."""
    if not request.tournament.is_team_event:
        raise Http404
    try:
        bye = teams.request_team_bye(
            tournament_id=tournament_id,
            team_id=int(request.POST.get("team") or 0),
            round_number=int(request.POST.get("round") or 0),
            kind=request.POST.get("kind", ""),
            user=request.user,
        )
        messages.success(request, _("Recorded: %(bye)s.") % {"bye": f"{bye.team.name}, {bye.get_kind_display()}"})
    except Team.DoesNotExist:
        raise Http404 from None
    except (DomainError, ValueError) as error:
        messages.error(request, str(error))
    return redirect(reverse("team_registration", args=[tournament_id]) + "#team-byes")


@require_POST
@tournament_role("manage")
def team_prohibit(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """Two teams kept apart by the competition's rules (TRF-2026 record 260)."""
    if not request.tournament.is_team_event:
        raise Http404
    try:
        teams.prohibit_teams(
            tournament_id=tournament_id,
            team_id=int(request.POST.get("team") or 0),
            other_id=int(request.POST.get("other") or 0),
            first_round=int(request.POST.get("first_round") or 1),
            last_round=int(request.POST.get("last_round") or 0) or None,
            user=request.user,
        )
    except Team.DoesNotExist:
        raise Http404 from None
    except (DomainError, ValueError) as error:
        messages.error(request, str(error))
    return redirect(reverse("team_registration", args=[tournament_id]) + "#team-prohibitions")


@require_POST
@tournament_role("manage")
def team_allow(request: TournamentRequest, tournament_id: int, team_prohibition_id: int) -> HttpResponse:
    prohibition = get_object_or_404(TeamProhibition, pk=team_prohibition_id, tournament=request.tournament)
    teams.allow_teams(prohibition_id=prohibition.pk, user=request.user)
    return redirect(reverse("team_registration", args=[tournament_id]) + "#team-prohibitions")


@require_POST
@tournament_role("register")
def team_bye_cancel(request: TournamentRequest, tournament_id: int, team_bye_id: int) -> HttpResponse:
    bye = get_object_or_404(TeamBye, pk=team_bye_id, round__tournament=request.tournament)
    try:
        teams.cancel_team_bye(bye_id=bye.pk, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    return redirect(reverse("team_registration", args=[tournament_id]) + "#team-byes")


@require_http_methods(["GET", "POST"])
@tournament_role("register")
def team_roster(request: TournamentRequest, tournament_id: int, team_id: int) -> HttpResponse:
    """A team's roster: its order (before round 1 is paired), a reserve added, a withdrawal."""
    team = get_object_or_404(Team, pk=team_id, tournament=request.tournament)
    form = TeamMemberForm()
    if request.method == "POST":
        try:
            action = request.POST.get("action")
            if action == "order":
                order = sorted((int(request.POST.get(f"board-{m.pk}") or 0), m.board, m.pk) for m in team.members.all())
                teams.set_roster_order(team_id=team.pk, member_ids=[pk for _b, _o, pk in order], user=request.user)
                messages.success(request, _("Roster saved."))
            elif action == "withdraw":
                teams.withdraw_team(team_id=team.pk, user=request.user)
                messages.success(request, _("%(name)s withdrawn.") % {"name": team.name})
            elif action == "delete":
                teams.delete_team(team_id=team.pk, user=request.user)
                messages.success(request, _("%(name)s deleted.") % {"name": team.name})
                return redirect("team_registration", tournament_id)
            else:
                form = TeamMemberForm(request.POST)
                if form.is_valid():
                    d = form.cleaned_data
                    member = teams.MemberData(
                        d["name"], fide_id=d["fide_id"], rating=d["rating"] or 0, federation=d["federation"]
                    )
                    teams.add_member(team_id=team.pk, member=member, user=request.user)
                    messages.success(request, _("%(name)s added to the roster.") % {"name": d["name"]})
                    form = TeamMemberForm()
        except (DomainError, ValueError) as error:
            messages.error(request, str(error))
        team.refresh_from_db()
    context = {
        "tournament": request.tournament,
        "team": team,
        "roster": teams.roster(team),
        "boards": request.tournament.team_boards,
        "form": form,
        "can_delete": teams.can_delete(team),
        "can_withdraw": teams.first_open_round(request.tournament) > team.entry_round,
        "captains": team.captains.select_related("user"),
        "captain_form": InviteForm(),
    }
    return render(request, "tourney/teams/roster.html", context)


def _lineup_rows(rnd: Round) -> list[dict]:
    rows = []
    for team in rnd.tournament.teams.prefetch_related("members__player"):
        if not team.plays_in(rnd.number):
            continue
        rows.append({"team": team, "roster": teams.roster(team), "lineup": teams.lineup_of(rnd, team)})
    return rows


@require_http_methods(["GET", "POST"])
@tournament_role("direct")
def team_lineups(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    """Each team's players for round *number*, board 1 first, before the round is paired.
    An HTMX post gets the team's row back."""
    tournament = request.tournament
    if not tournament.is_team_event:
        raise Http404
    try:
        rnd = round_for(tournament, number)
    except DomainError:
        raise Http404 from None
    refusal, saved = "", None
    if request.method == "POST":
        team = get_object_or_404(Team, pk=request.POST.get("team"), tournament=tournament)
        ids = [request.POST.get(f"board-{k}", "") for k in range(1, tournament.team_boards + 1)]
        try:
            teams.set_lineup(
                round_id=rnd.pk,
                team_id=team.pk,
                member_ids=[int(i) for i in ids if i.isdigit()],
                user=request.user,
                override_reason=request.POST.get("override_reason", ""),
            )
            saved = team.pk
        except DomainError as error:
            refusal = str(error)
        if request.htmx:
            row = {"team": team, "roster": teams.roster(team), "lineup": teams.lineup_of(rnd, team)}
            context = {
                "tournament": tournament,
                "round": rnd,
                "row": row,
                "refusal": refusal,
                "saved": saved,
                **_lineup_state(rnd),
            }
            return render(request, "tourney/teams/lineups.html#lineup", context)
        if refusal:
            messages.error(request, refusal)
        else:
            messages.success(request, _("Lineup of %(name)s saved.") % {"name": team.name})
        return redirect("team_lineups", tournament_id, number)
    context = {
        "tournament": tournament,
        "round": rnd,
        "rows": _lineup_rows(rnd),
        "boards": range(1, tournament.team_boards + 1),
        **_lineup_state(rnd),
    }
    return render(request, "tourney/teams/lineups.html", context)


def _lineup_state(rnd: Round) -> dict:
    """The lineups' deadline, whether it has passed, whether the round takes lineups."""
    return {
        "open": rnd.status in teams.LINEUP_STATUSES,
        "deadline": teams.lineup_deadline(rnd.tournament, rnd.number),
        "late": teams.deadline_passed(rnd.tournament, rnd.number),
    }


@require_http_methods(["GET", "POST"])
def captain_lineup(request: HttpRequest, tournament_id: int, number: int, team_id: int) -> HttpResponse:
    """A team's lineup for round *number*, set by its captain (or an arbiter) until the
    lineup deadline; a captain sees his own team's lineup only."""
    team = get_object_or_404(Team.objects.select_related("tournament"), pk=team_id, tournament_id=tournament_id)
    tournament = team.tournament
    if not request.user.is_authenticated and request.method == "GET":
        return redirect_to_login(request.get_full_path())
    if not roles.can_captain(request.user, team):
        raise PermissionDenied
    rnd = tournament.round_set.filter(number=number).first()
    if rnd is None or not tournament.is_team_event:
        raise Http404
    refusal, saved = "", False
    if request.method == "POST":
        ids = [request.POST.get(f"board-{k}", "") for k in range(1, tournament.team_boards + 1)]
        try:
            teams.set_lineup(
                round_id=rnd.pk, team_id=team.pk, member_ids=[int(i) for i in ids if i.isdigit()], user=request.user
            )
            saved = True
        except DomainError as error:
            refusal = str(error)
    match = teams.team_match(rnd, team) if rnd.status != RoundStatus.DRAFT else None
    opponent = None
    if match is not None and rnd.status in PUBLIC_STATUSES:
        opponent = match.away if match.home_id == team.pk else match.home
    context = {
        "tournament": tournament,
        "round": rnd,
        "team": team,
        "row": {"team": team, "roster": teams.roster(team), "lineup": teams.lineup_of(rnd, team)},
        "submitted": rnd.lineups.filter(team=team).exists(),
        "opponent": opponent,
        "refusal": refusal,
        "saved": saved,
        "started": match is not None and teams.match_started(match),
        **_lineup_state(rnd),
    }
    return render(request, "tourney/teams/captain.html", context)


@require_POST
@tournament_role("register")
def team_captain_invite(request: TournamentRequest, tournament_id: int, team_id: int) -> HttpResponse:
    """Invite the team's captain: an account appointed to this team's lineups only, with
    a one-time set-password link shown here."""
    team = get_object_or_404(Team, pk=team_id, tournament=request.tournament)
    form = InviteForm({**request.POST.dict(), "role": "arbiter"})
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("team_roster", tournament_id, team.pk)
    try:
        invitation = accounts.invite(
            tournament_id=tournament_id,
            name=form.cleaned_data["name"],
            email=form.cleaned_data["email"],
            role="captain",
            team_id=team.pk,
            user=request.user,
            site=f"{request.scheme}://{request.get_host()}",
        )
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("%(name)s is invited as captain of %(team)s: the set-password link is %(link)s")
            % {
                "name": form.cleaned_data["name"],
                "team": team.name,
                "link": request.build_absolute_uri(invitation.path),
            },
        )
    return redirect("team_roster", tournament_id, team.pk)


@require_GET
@public_page(one_round)
def team_round(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The round's matches, each with its boards: the public see a published round only."""
    tournament = _team_event(tournament_id)
    rnd = tournament.round_set.filter(number=number).first()
    can = user_roles(request.user, tournament)
    visible = rnd is not None and (rnd.status in PUBLIC_STATUSES or (can["direct"] and rnd.team_matches.exists()))
    context = {
        "tournament": tournament,
        "number": number,
        "round": rnd,
        # The arbiters see the boards; the public once the lineups are out (teams.lineups_visible).
        "rows": team_tables.match_rows(rnd, private_lineups=not can["direct"]) if visible and rnd is not None else [],
        "draft": rnd is not None and rnd.status not in PUBLIC_STATUSES,
        "can": can,
        "live": rnd is not None and rnd.status == RoundStatus.PUBLISHED,
        "forfeits": MatchForfeit.choices,
        "byes": list(rnd.team_byes.select_related("team")) if rnd is not None else [],
    }
    return render(request, "tourney/teams/round.html", context)


@require_POST
@tournament_role("direct")
def match_forfeit(request: TournamentRequest, tournament_id: int, number: int, match_id: int) -> HttpResponse:
    match = get_object_or_404(TeamMatch, pk=match_id, round__tournament=request.tournament, round__number=number)
    try:
        teams.forfeit_match(match_id=match.pk, forfeit=request.POST.get("forfeit", ""), user=request.user)
        messages.success(request, _("Table %(table)d saved.") % {"table": match.table})
    except (DomainError, ValueError) as error:
        messages.error(request, str(error))
    return redirect(reverse("team_round", args=[tournament_id, number]) + f"#table-{match.table}")


@require_GET
@public_page(parameters=["round"])
def team_standings_page(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The teams ranked by the primary score then the tie-breaks, after a published round
    (the last one by default)."""
    tournament = _team_event(tournament_id)
    number, last = _public_round_number(request, tournament)
    columns, rows = team_tables.standings_rows(tournament, number)
    context = {
        "tournament": tournament,
        "number": number,
        "rows": rows,
        "columns": columns,
        "public_rounds": range(1, last + 1),
    }
    return render(request, "tourney/teams/standings.html", context)


@require_GET
@public_page()
def team_card(request: HtmxHttpRequest, tournament_id: int, team_id: int) -> HttpResponse:
    """A team's matches round by round and its players' results, published rounds only."""
    tournament = _team_event(tournament_id)
    team = get_object_or_404(Team, pk=team_id, tournament=tournament)
    matches = []
    player_results: dict[int, list[str]] = {m.player_id: [] for m in team.members.all()}
    public = TeamMatch.objects.filter(round__tournament=tournament, round__status__in=PUBLIC_STATUSES)
    for match in (public.filter(home=team) | public.filter(away=team)).select_related(
        "round__tournament", "home", "away"
    ):
        games = teams.board_games(match)
        score = teams.match_score(match, tournament, games)
        home = match.home_id == team.pk
        opponent = match.away if home else match.home
        matches.append(
            {
                "round": match.round.number,
                "match": match,
                "opponent": opponent,
                "own": score.home_game_points if home else score.away_game_points,
                "theirs": score.away_game_points if home else score.home_game_points,
                "match_points": score.home_match_points if home else score.away_match_points,
                "complete": score.complete,
            }
        )
        if not teams.lineups_visible(match.round, match):
            continue  # who plays is the public's once the lineups are out (docs/team.md W16)
        for k, game in enumerate(games, start=1):
            for player, colour in ((game.white, "w"), (game.black, "b")):
                if player.pk in player_results:
                    player_results[player.pk].append(f"R{match.round.number} B{k} {colour} {game.result or '*'}")
    for bye in TeamBye.objects.filter(team=team, round__status__in=PUBLIC_STATUSES).select_related("round"):
        mp, gp = teams.bye_score(bye.kind, tournament)
        matches.append(
            {
                "round": bye.round.number,
                "match": None,
                "opponent": None,
                "label": bye.get_kind_display(),
                "own": gp,
                "match_points": mp,
                "complete": True,
            }
        )
    matches.sort(key=lambda m: m["round"])
    roster = [{"member": m, "results": player_results.get(m.player_id, [])} for m in teams.roster(team)]
    context = {"tournament": tournament, "team": team, "matches": matches, "roster": roster}
    return render(request, "tourney/teams/card.html", context)


def _public_round_number(request: HtmxHttpRequest, tournament: Tournament) -> tuple[int, int]:
    """(the round asked for with ?round=, else the last published one; the last published one)."""
    last = points.last_public_round(tournament)
    after = request.GET.get("round", "")
    return (int(after) if after.isdigit() and 0 < int(after) <= last else last), last


@require_GET
@public_page(parameters=["round"])
def team_crosstable(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """One row per team in the order of the standings: per round the opponent's number, the
    colour of board 1 and the game points ("5w 2½"), then the match and game points."""
    tournament = _team_event(tournament_id)
    number, last = _public_round_number(request, tournament)
    context = {
        "tournament": tournament,
        "number": number,
        "rows": team_tables.crosstable_rows(tournament, number),
        "rounds": range(1, number + 1),
        "public_rounds": range(1, last + 1),
    }
    return render(request, "tourney/teams/crosstable.html", context)


# ---------------------------------------------------------------- printouts


def _printable_team_round(request: HtmxHttpRequest, tournament_id: int, number: int) -> tuple[Tournament, Round]:
    _team_event(tournament_id)
    return printable_round(request, tournament_id, number)


def _printed_match_rows(request: HtmxHttpRequest, tournament: Tournament, rnd: Round) -> list[dict]:
    """The matches to print; for the public, a match's boards only once its lineups are
    out (teams.lineups_visible), the arbiters' printout has them all."""
    rows = team_tables.match_rows(rnd, private_lineups=not user_roles(request.user, tournament)["direct"])
    for row in rows:
        if row["hidden"]:
            row["boards"] = []
    return rows


@require_GET
@public_page(absolute_urls=True)
def print_team_pairing(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The round's matches to post: each table's two teams with their points before the
    round, and the boards' players, White first (the lineups with their colours)."""
    tournament, rnd = _printable_team_round(request, tournament_id, number)
    before = team_tables.scores_before(rnd)
    rows = _printed_match_rows(request, tournament, rnd)
    for row in rows:
        m = row["match"]
        row["home_before"] = before.get(m.home.start_number)
        row["away_before"] = before.get(m.away.start_number) if m.away else None
    public_url = site_url(request, reverse("team_round", args=[tournament.pk, rnd.number]))
    context = {
        "tournament": tournament,
        "round": rnd,
        "rows": rows,
        "byes": list(rnd.team_byes.select_related("team")),
        "public_url": public_url,
        "qr": qr_svg(public_url),
        "draft": rnd.status not in PUBLIC_STATUSES,
    }
    return render(request, "tourney/reports/print_team_pairing.html", context)


@require_GET
@public_page()
def print_match_cards(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A card per match: the boards and their players, a result line per board, the match
    score and the signatures of both captains."""
    tournament, rnd = _printable_team_round(request, tournament_id, number)
    rows = [row for row in _printed_match_rows(request, tournament, rnd) if not row["match"].is_bye]
    context = {"tournament": tournament, "round": rnd, "rows": rows, "draft": rnd.status not in PUBLIC_STATUSES}
    return render(request, "tourney/reports/print_match_cards.html", context)


@require_GET
@public_page(parameters=["round"])
def print_team_standings(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = _team_event(tournament_id)
    number, _last = _public_round_number(request, tournament)
    columns, rows = team_tables.standings_rows(tournament, number)
    context = {"tournament": tournament, "number": number, "columns": columns, "rows": rows}
    return render(request, "tourney/reports/print_team_standings.html", context)

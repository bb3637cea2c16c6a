"""The public pages: no login, published rounds only.

The list of tournaments, a tournament, a round's pairing (the same page is the arbiter's
desk, tourney.views.desk), standings in points with AROs, a player's card, the standings
with tie-breaks and the crosstable.
"""

from __future__ import annotations

from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from pairing.job import pairing_blocker
from tourney import presentation, roles
from tourney.access import user_roles
from tourney.caching import every_tournament, one_round, public_page, round_list
from tourney.forms import ExchangeForm
from tourney.models import (
    PUBLIC_STATUSES,
    UNPAIRED_STATUSES,
    Bye,
    ByeKind,
    Game,
    JobState,
    Player,
    Result,
    Round,
    RoundStatus,
    Tournament,
)
from tourney.ratings import rating_changes
from tourney.services import manual_changes
from tourney.services.rounds import unpublish_refusal
from tourney.trf_io import TRF_FORMATS
from tourney.views.http import HtmxHttpRequest

RESULT_BUTTONS = [
    (Result.WHITE_WINS, "1-0"),
    (Result.DRAW, "½"),
    (Result.BLACK_WINS, "0-1"),
    (Result.WHITE_WINS_FORFEIT, "+/−"),
    (Result.BLACK_WINS_FORFEIT, "−/+"),
    (Result.DOUBLE_FORFEIT, "−/−"),
]


@require_GET
@public_page(every_tournament)
def tournament_list(request: HtmxHttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.annotate(player_count=Count("players", distinct=True))
    return render(
        request,
        "tourney/tournament_list.html",
        {"tournaments": tournaments, "can_create": roles.can_create_tournament(request.user)},
    )


def _round_rows(tournament: Tournament) -> list[Round]:
    """Rounds 1..N, with an unsaved draft for each round not created yet."""
    existing = {r.number: r for r in tournament.round_set.annotate(board_count=Count("games"))}
    return [existing.get(n) or Round(tournament=tournament, number=n) for n in range(1, tournament.rounds + 1)]


@require_GET
@public_page(round_list, htmx_parts=True)
def tournament_detail(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    template = "tourney/tournament_detail.html"
    if request.htmx and request.htmx.target in ("players", "rounds"):
        template += f"#{request.htmx.target}"
    can = user_roles(request.user, tournament)
    last_public = presentation.last_public_round(tournament)
    context = {
        "tournament": tournament,
        "players": tournament.players.all(),
        "rounds": _round_rows(tournament),
        "last_public": last_public,
        "can": can,
        # The colour drawn by lot is the arbiter's until round 1's pairing shows it.
        "show_initial_colour": bool(last_public) or can["register"],
    }
    return render(request, template, context)


def round_or_draft(tournament: Tournament, number: int) -> Round:
    """The round, or an unsaved draft when it is within the tournament but not created yet."""
    rnd = tournament.round_set.filter(number=number).first()
    if rnd is None:
        if not 1 <= number <= tournament.rounds:
            raise Http404
        rnd = Round(tournament=tournament, number=number)
    return rnd


def round_context(request: HtmxHttpRequest, rnd: Round) -> dict[str, object]:
    """The round page: the pairing for the public, the desk for the tournament's arbiters."""
    tournament = rnd.tournament
    can = user_roles(request.user, tournament)
    polling = rnd.pairing_job_state in (JobState.QUEUED, JobState.RUNNING)
    # While the job runs, the games on file are not the draft yet: the worker may write
    # them between reading the round and reading its games.
    visible = rnd.pk is not None and not polling and (can["direct"] or rnd.status in PUBLIC_STATUSES)
    games = list(Game.objects.filter(round=rnd).select_related("white", "black")) if visible else []
    byes = list(Bye.objects.filter(round=rnd).select_related("player")) if rnd.pk else []
    if not visible:
        byes = [b for b in byes if b.requested]  # requested byes are known before the pairing
    explain = {}
    if visible and can["direct"] and rnd.status == RoundStatus.PAIRED:  # the draft explains itself
        explain = presentation.explanations(rnd)
    rows = [(g, explain.get(g.white.pairing_number), explain.get(g.black.pairing_number)) for g in games]
    return {
        "round": rnd,
        "tournament": tournament,
        "can": can,
        "games": games,
        "rows": rows,
        "byes": byes,
        "pab": next((b for b in byes if b.kind == ByeKind.PAIRING_ALLOCATED), None),
        "explained": bool(explain),
        "polling": polling,
        # The public page refreshes itself while results come in.
        "live": not can["direct"] and rnd.status == RoundStatus.PUBLISHED,
        # A reader waiting for the pairing sees it the moment it is published.
        "awaiting": not can["direct"] and rnd.status not in PUBLIC_STATUSES,
        "pending": sum(1 for g in games if g.result == Result.PENDING),
        "warnings": [w for w in rnd.pairing_warnings.splitlines() if w] if can["direct"] else [],
        "exchange_form": ExchangeForm(),
        **(published_change_options(rnd) if can["direct"] and rnd.status == RoundStatus.PUBLISHED else {}),
        "result_choices": RESULT_BUTTONS,
        "entering": can["direct"] and rnd.status in PUBLIC_STATUSES,
        "pair_blocker": pairing_blocker(rnd) if can["direct"] and rnd.status in UNPAIRED_STATUSES else None,
        "can_unpublish": can["direct"] and rnd.status == RoundStatus.PUBLISHED and not unpublish_refusal(rnd),
    }


def published_change_options(rnd: Round) -> dict[str, object]:
    """What the desk offers on a published round: the grounds of the tournament's edition for
    an exchange, and under the 2026 rules the late entries that may join the round."""
    grounds = manual_changes.published_grounds(rnd.tournament)
    exchange = [(g, manual_changes.PUBLISHED_GROUNDS[g]) for g in grounds if g in manual_changes.EXCHANGE_GROUNDS]
    late = []
    if manual_changes.LATE_ENTRY_GROUND in grounds:
        late = list(rnd.tournament.players.filter(entry_round=rnd.number + 1, withdrawal_round__isnull=True))
    return {
        "exchange_grounds": exchange,
        "agreement_allowed": manual_changes.AGREEMENT_GROUND in grounds,
        "late_entries": late,
    }


@require_GET
@public_page(one_round, htmx_parts=True)
def round_detail(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = round_or_draft(get_object_or_404(Tournament, pk=tournament_id), number)
    template = "tourney/round_detail.html#pairing" if request.htmx else "tourney/round_detail.html"
    return render(request, template, round_context(request, rnd))


@require_GET
@public_page()
def round_standings(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Points standings and the ARO list after round *number* (published rounds only)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    last = presentation.last_public_round(tournament)
    if not 1 <= number <= max(last, 1):
        number = last
    rnd = tournament.round_set.filter(number=number).first()
    rows, body = presentation.points_list(tournament, number) if number else ([], "")
    context = {
        "tournament": tournament,
        "number": number,
        "round": rnd,
        "rows": rows,
        "body": body,
        "live": rnd is not None and rnd.status == RoundStatus.PUBLISHED,
        "public_rounds": range(1, last + 1),
    }
    return render(request, "tourney/round_standings.html", context)


@require_GET
@public_page()
def player_card(request: HtmxHttpRequest, tournament_id: int, player_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    rows, points, aro = presentation.player_card(tournament, player)
    last = presentation.last_public_round(tournament)
    rating = rating_changes(tournament, last).get(player.pairing_number)
    current = tournament.round_set.filter(number=last).first()
    return render(
        request,
        "tourney/player_card.html",
        {
            "tournament": tournament,
            "player": player,
            "rows": rows,
            "points": points,
            "aro": aro,
            "rating_change": rating,
            "aro_provisional": presentation.aro_counts_provisional(tournament, player),
            "live": current is not None and current.status == RoundStatus.PUBLISHED,
        },
    )


@require_GET
@public_page(parameters=["round"])
def standings(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The standings with the tournament's tie-breaks, after any completed round."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    shown, done = presentation.standings_context(tournament, request.GET.get("round"), rating_change=True)
    return render(
        request,
        "tourney/reports/standings.html",
        {
            **shown,
            "completed": range(1, done + 1),
            "formats": TRF_FORMATS,
            "can_manage": roles.can_manage(request.user, tournament),
        },
    )


@require_GET
@public_page(parameters=["round"])
def crosstable(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    shown, done = presentation.standings_context(tournament, request.GET.get("round"), body=False)
    rounds_shown = range(1, presentation.last_public_round(tournament) + 1)
    rows = presentation.crosstable_rows(tournament, shown["rows"], rounds_shown)
    return render(
        request,
        "tourney/reports/crosstable.html",
        {
            **shown,
            "rows": rows,
            "body": presentation.table_body(rows),
            "rounds": rounds_shown,
            "completed": range(1, done + 1),
        },
    )

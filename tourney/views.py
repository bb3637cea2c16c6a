"""Thin views: read, call a service, render a page or its partial for HTMX."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from pairing import services
from tourney.models import Bye, Game, JobState, Round, Tournament


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.annotate(player_count=Count("players", distinct=True))
    return render(request, "tourney/tournament_list.html", {"tournaments": tournaments})


@require_GET
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    template = "tourney/tournament_detail.html"
    if request.htmx and request.htmx.target in ("players", "rounds"):
        template += f"#{request.htmx.target}"
    context = {
        "tournament": tournament,
        "players": tournament.players.all(),
        "rounds": tournament.round_set.annotate(board_count=Count("games")),
    }
    return render(request, template, context)


def _round(tournament_id: int, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("tournament"), tournament_id=tournament_id, number=number)


def _round_context(rnd: Round) -> dict[str, object]:
    return {
        "round": rnd,
        "tournament": rnd.tournament,
        "games": Game.objects.filter(round=rnd).select_related("white", "black"),
        "byes": Bye.objects.filter(round=rnd).select_related("player"),
        "polling": rnd.pairing_job_state in (JobState.QUEUED, JobState.RUNNING),
    }


@require_GET
def round_detail(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _round(tournament_id, number)
    template = "tourney/round_detail.html#pairing" if request.htmx else "tourney/round_detail.html"
    return render(request, template, _round_context(rnd))


@require_POST
@permission_required("tourney.direct_tournament", raise_exception=True)
def round_pair(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _round(tournament_id, number)
    refusal = ""
    try:
        services.request_pairing(round_id=rnd.pk, user=request.user)
    except services.PairingRefused as error:
        refusal = str(error)
    if not request.htmx:
        if refusal:
            messages.error(request, refusal)
        return redirect(rnd)
    rnd.refresh_from_db()
    return render(request, "tourney/round_detail.html#pairing", {**_round_context(rnd), "refusal": refusal})


@require_GET
def round_status(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The pairing section, polled while the job runs; 286 ends the poll."""
    rnd = _round(tournament_id, number)
    context = _round_context(rnd)
    response = render(request, "tourney/round_detail.html#pairing", context)
    if not context["polling"]:
        response.status_code = HttpResponseStopPolling.status_code
    return response

""" "Why this pairing?" and "why not X?" (pairing.explanations; the words in
tourney.presentation.why): HTMX parts the round page, the draft and the player card load
when a reader opens them. No login: a published round's explanations are public, a draft's
are its arbiters'. The explanations are cached as the public pages are (they change only
with the round's pairing or the rounds before it); a "why not" answer is cached per round,
pairing and pair (pairing.services.ask_why_not)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django_htmx.http import HttpResponseStopPolling

from pairing import explanations
from pairing.explanations import Explainable
from pairing.services import ask_why_not
from tourney.access import user_roles
from tourney.caching.computed import rounds_through
from tourney.caching.public_views import public_page
from tourney.models import PUBLIC_STATUSES, Player, Round, RoundStatus
from tourney.presentation import why
from tourney.views.http import HtmxHttpRequest


def explained_rounds(kwargs: dict[str, Any]) -> Sequence[str]:
    """An explanation reads the players, the rounds before and the round's own pairing."""
    return rounds_through(int(kwargs["number"]))


def readable_round(request: HtmxHttpRequest, tournament_id: int, number: int) -> tuple[Round, bool]:
    """The round if the user may read its explanations (published; a draft for its
    arbiters), and whether he is one of them."""
    rnd = get_object_or_404(Round.objects.select_related("tournament"), tournament_id=tournament_id, number=number)
    direct = user_roles(request.user, rnd.tournament)["direct"]
    if rnd.status not in PUBLIC_STATUSES and not (direct and rnd.status == RoundStatus.PAIRED):
        raise Http404
    return rnd, direct


def _lines(request: HtmxHttpRequest, rnd: Round, scope: str, only: set[int] | None) -> HttpResponse:
    ex = explanations.explainable(rnd)
    context: dict[str, Any] = {"round": rnd, "tournament": rnd.tournament, "scope": scope}
    if isinstance(ex, Explainable):
        lines = why.round_lines(ex, only)
        context.update({"lines": lines, "choices": why.seated(ex), "asking": [line.player for line in lines]})
    else:
        context["not_explained"] = ex
    return render(request, "tourney/_why.html#lines", context)


@require_GET
@public_page(explained_rounds)
def round_why(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Every player of the round: bracket, float, colour rule; the PAB's rule."""
    rnd, _direct = readable_round(request, tournament_id, number)
    return _lines(request, rnd, "round", None)


@require_GET
@public_page(explained_rounds)
def board_why(request: HtmxHttpRequest, tournament_id: int, number: int, board: int) -> HttpResponse:
    """The two players of a board."""
    rnd, _direct = readable_round(request, tournament_id, number)
    game = get_object_or_404(rnd.games.select_related("white", "black"), board=board)
    pair = {game.white.pairing_number, game.black.pairing_number}
    return _lines(request, rnd, f"b{board}", pair)


@require_GET
@public_page(explained_rounds)
def player_why(request: HtmxHttpRequest, tournament_id: int, number: int, player_id: int) -> HttpResponse:
    """One player (the player card; the PAB's receiver on the draft)."""
    rnd, _direct = readable_round(request, tournament_id, number)
    player = get_object_or_404(Player, pk=player_id, tournament_id=tournament_id)
    return _lines(request, rnd, f"p{player.pk}", {player.pairing_number})


def query_number(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and len(value) <= 5 else None


@require_GET
def why_not(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """ "Why not *a*-*b*?" (pairing numbers in the query): at once when an absolute criterion
    answers; else the worker's answer, or its job started and polled every second (286 ends
    the poll)."""
    rnd, direct = readable_round(request, tournament_id, number)
    a, b = query_number(request.GET.get("a")), query_number(request.GET.get("b"))
    ex = explanations.explainable(rnd)
    context: dict[str, Any] = {"round": rnd, "tournament": rnd.tournament}
    if not isinstance(ex, Explainable):
        context["not_explained"] = ex
    elif a is None or b is None:
        raise Http404
    else:
        asked = ask_why_not(ex, a, b, public=not direct)
        context.update(why.answer_context(ex, asked, a, b))
        context["poll"] = reverse("why_not", args=[tournament_id, number]) + f"?a={a}&b={b}"
    return answer_response(request, context, "tourney/_why.html#answer", "tourney/why_not.html")


def answer_response(request: HtmxHttpRequest, context: dict[str, Any], part: str, page: str) -> HttpResponse:
    """A "why not" answer, of players or teams: the *part* for HTMX (a poll of an answer no
    longer pending ends with 286), else the *page*."""
    response = render(request, part if request.htmx else page, context)
    asked = context.get("asked")
    if request.htmx and "polling" in request.GET and (asked is None or asked.state != explanations.PENDING):
        response.status_code = HttpResponseStopPolling.status_code
    return response

""" "Why this pairing?" for a match of a team event's round (pairing.team_explanations): an
HTMX part the team round page loads when a reader opens a match's <details>. No login: a
published round's explanations are public, a draft's are its arbiters'; cached as the
public pages are (they change only with the round's pairing or the rounds before it)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from pairing.team_explanations import explain_team_match
from tourney.access import user_roles
from tourney.caching.public_views import public_page
from tourney.models import PUBLIC_STATUSES, Round, RoundStatus
from tourney.views.http import HtmxHttpRequest
from tourney.views.why import explained_rounds


@require_GET
@public_page(explained_rounds)
def team_match_why(request: HtmxHttpRequest, tournament_id: int, number: int, match_id: int) -> HttpResponse:
    """The two teams of a match (or the PAB's team): bracket, float and why, board-1 colour rule."""
    rnd = get_object_or_404(Round.objects.select_related("tournament"), tournament_id=tournament_id, number=number)
    direct = user_roles(request.user, rnd.tournament)["direct"]
    if rnd.status not in PUBLIC_STATUSES and not (direct and rnd.status == RoundStatus.PAIRED):
        raise Http404
    match = get_object_or_404(rnd.team_matches.select_related("home", "away"), pk=match_id)
    found = explain_team_match(rnd, match)
    context: dict[str, Any] = {"round": rnd, "match": match}
    if isinstance(found, list):
        context["lines"] = found
    else:
        context["not_explained"] = found
    return render(request, "tourney/teams/_why_match.html", context)

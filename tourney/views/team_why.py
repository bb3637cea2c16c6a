""" "Why this pairing?" and "why not team X against team Y?" for a team event's round
(pairing.team_explanations; the words in tourney.presentation.team_why): HTMX parts the team
round page loads when a reader opens a match's <details>, and the team card loads for the
team's latest published round. No login: a published round's explanations are public, a
draft's are its arbiters'. The match's lines are cached as the public pages are (they change
only with the round's pairing or the rounds before it); a "why not" answer is cached per
round, pairing and pair (pairing.services.ask_team_why_not)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from pairing.services import ask_team_why_not
from pairing.team_explanations import TeamExplainable, explain_team_match, team_explainable
from tourney.caching.public_views import public_page
from tourney.models import PUBLIC_STATUSES, Round, Team
from tourney.presentation import team_why
from tourney.views.http import HtmxHttpRequest
from tourney.views.why import answer_response, explained_rounds, query_number, readable_round


def _why_not_form(ex: TeamExplainable | Any, asking: list[Team]) -> dict[str, Any]:
    """The "why not" form's choices: the teams the round seats, asked about for *asking*."""
    if not isinstance(ex, TeamExplainable):
        return {}
    return {"choices": team_why.seated(ex), "asking": asking}


@require_GET
@public_page(explained_rounds)
def team_match_why(request: HtmxHttpRequest, tournament_id: int, number: int, match_id: int) -> HttpResponse:
    """The two teams of a match (or the PAB's team): bracket, float and why, board-1 colour
    rule; and the form asking why not another opponent."""
    rnd, _direct = readable_round(request, tournament_id, number)
    match = get_object_or_404(rnd.team_matches.select_related("home", "away"), pk=match_id)
    found = explain_team_match(rnd, match)
    context: dict[str, Any] = {"round": rnd, "tournament": rnd.tournament, "match": match, "scope": f"m{match.pk}"}
    if isinstance(found, list):
        context["lines"] = found
        asking = [match.home] + ([] if match.is_bye else [match.away])
        context.update(_why_not_form(team_explainable(rnd), asking))
    else:
        context["not_explained"] = found
    return render(request, "tourney/teams/_why_match.html", context)


@require_GET
@public_page()
def team_card_why_not(request: HtmxHttpRequest, tournament_id: int, team_id: int) -> HttpResponse:
    """The team card's "why not": the form for the team's latest published round (nothing
    when there is none or the team is not in it; why not, when that round is not the
    engine's pairing)."""
    team = get_object_or_404(Team.objects.select_related("tournament"), pk=team_id, tournament_id=tournament_id)
    rnd = (
        Round.objects.select_related("tournament")
        .filter(tournament_id=tournament_id, status__in=PUBLIC_STATUSES, team_matches__isnull=False)
        .order_by("-number")
        .first()
    )
    context: dict[str, Any] = {"round": rnd, "tournament": team.tournament, "scope": f"t{team.pk}"}
    if rnd is not None:
        ex = team_explainable(rnd)
        form = _why_not_form(ex, [team])
        if not isinstance(ex, TeamExplainable):
            context["not_explained"] = ex
        elif team in form["choices"]:  # not a team absent or withdrawn from that round
            context.update(form)
        else:
            context["round"] = None
    return render(request, "tourney/teams/_why_not.html#card", context)


@require_GET
def team_why_not(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """ "Why not team *a* against team *b*?" (start numbers in the query): at once when an
    absolute criterion answers; else the worker's answer, or its job started and polled
    every second (286 ends the poll)."""
    rnd, direct = readable_round(request, tournament_id, number)
    a, b = query_number(request.GET.get("a")), query_number(request.GET.get("b"))
    ex = team_explainable(rnd)
    context: dict[str, Any] = {"round": rnd, "tournament": rnd.tournament}
    if not isinstance(ex, TeamExplainable):
        context["not_explained"] = ex
    elif a is None or b is None:
        raise Http404
    else:
        asked = ask_team_why_not(ex, a, b, public=not direct)
        context.update(team_why.answer_context(ex, asked, a, b))
        context["poll"] = reverse("team_why_not", args=[tournament_id, number]) + f"?a={a}&b={b}"
    return answer_response(request, context, "tourney/teams/_why_not.html#answer", "tourney/teams/why_not.html")

"""The public pages: no login, published rounds only.

The list of tournaments, a tournament, a round's pairing (the same page is the arbiter's
desk: tourney.round_page builds it for both), standings in points with AROs, a player's
card, the standings with tie-breaks and the crosstable.
"""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tourney import roles
from tourney.access import user_roles
from tourney.caching.public_views import every_tournament, one_round, public_page, round_list
from tourney.models import Player, Round, RoundStatus, Tournament
from tourney.presentation import card, crosstable_cells, points, tiebreak_table
from tourney.ratings import rating_changes
from tourney.round_page import round_context, round_or_draft
from tourney.trf_io import TRF_FORMATS
from tourney.views.http import HtmxHttpRequest


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
    last_public = points.last_public_round(tournament)
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
    last = points.last_public_round(tournament)
    if not 1 <= number <= max(last, 1):
        number = last
    rnd = tournament.round_set.filter(number=number).first()
    rows, body = points.points_list(tournament, number) if number else ([], "")
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
    rows, total, aro = card.player_card(tournament, player)
    last = points.last_public_round(tournament)
    rating = rating_changes(tournament, last).get(player.pairing_number)
    current = tournament.round_set.filter(number=last).first()
    return render(
        request,
        "tourney/player_card.html",
        {
            "tournament": tournament,
            "player": player,
            "rows": rows,
            "points": total,
            "aro": aro,
            "rating_change": rating,
            "aro_provisional": points.aro_counts_provisional(tournament, player),
            "live": current is not None and current.status == RoundStatus.PUBLISHED,
            "why_round": last or None,  # "Why this pairing?" of the latest published round
        },
    )


@require_GET
@public_page(parameters=["round"])
def standings(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The standings with the tournament's tie-breaks, after any completed round."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    shown, done = tiebreak_table.standings_context(tournament, request.GET.get("round"), rating_change=True)
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
    shown, done = tiebreak_table.standings_context(tournament, request.GET.get("round"), body=False)
    rounds_shown = range(1, points.last_public_round(tournament) + 1)
    rows = crosstable_cells.crosstable_rows(tournament, shown["rows"], rounds_shown)
    return render(
        request,
        "tourney/reports/crosstable.html",
        {
            **shown,
            "rows": rows,
            "body": tiebreak_table.table_body(rows),
            "rounds": rounds_shown,
            "completed": range(1, done + 1),
        },
    )

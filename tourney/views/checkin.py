"""Check-in before a round is paired: the desk's list of who is present, its one-click
present/absent/confirm actions, the players' QR codes, and a player's own check-in page
(reached by his secret link, no login)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tourney.access import tournament_role
from tourney.caching import site_url
from tourney.errors import DomainError
from tourney.models import Player
from tourney.services.checkin import (
    check_in,
    check_in_everyone_unmarked,
    checkin_token,
    confirm_check_in,
    mark_absent,
    player_numbered,
    player_of_token,
    presence_counts,
    roster,
)
from tourney.services.registration import first_open_round
from tourney.views.confirm import confirmation
from tourney.views.http import HtmxHttpRequest, TournamentRequest
from tourney.views.reports import qr_svg


def _desk_context(request: TournamentRequest, number: int) -> dict[str, object]:
    tournament = request.tournament
    lines = roster(tournament, number)
    rnd = tournament.round_set.filter(number=number).first()
    counts = presence_counts(lines)
    return {
        "tournament": tournament,
        "number": number,
        "round": rnd,
        "open": rnd is None or rnd.status == "draft",
        "lines": lines,
        "counts": counts,
    }


@require_GET
@tournament_role("direct")
def checkin_desk(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    if not 1 <= number <= request.tournament.rounds:
        number = min(first_open_round(request.tournament), request.tournament.rounds)
    return render(request, "tourney/checkin.html", _desk_context(request, number))


def _act(
    request: TournamentRequest, number: int, player_id: int, write: Callable[..., object], done: str
) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id, tournament=request.tournament)
    refusal = ""
    try:
        write(player, number, user=request.user)
    except DomainError as error:
        refusal = str(error)
    return _answer(request, number, refusal, "" if refusal else done % {"name": player.name})


def _answer(request: TournamentRequest, number: int, refusal: str, done: str) -> HttpResponse:
    """The roster again with what was done or refused: swapped in place with HTMX, a
    message on the desk's page without it."""
    if not request.htmx:
        (messages.error if refusal else messages.success)(request, refusal or done)
        return redirect("checkin_desk", request.tournament.pk, number)
    context = _desk_context(request, number)
    context["refusal"] = refusal
    context["done"] = done
    return render(request, "tourney/checkin.html#roster", context)


@require_POST
@tournament_role("direct")
def checkin_by_number(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    """The desk types a pairing number and Enter: that player is present."""
    typed = request.POST.get("pairing_number", "").strip().lstrip("#")
    if not typed.isdigit():
        return _answer(request, number, _("Type a pairing number, e.g. 17."), "")
    try:
        player = player_numbered(request.tournament, int(typed))
        check_in(player, number, user=request.user)
    except DomainError as error:
        return _answer(request, number, str(error), "")
    done = _("%(number)d %(name)s is present.") % {"number": player.pairing_number, "name": player.name}
    return _answer(request, number, "", done)


@require_POST
@tournament_role("direct")
def checkin_everyone(request: TournamentRequest, tournament_id: int, number: int) -> HttpResponse:
    """Everyone not yet marked is present, after a confirmation that says how many."""
    tournament = request.tournament
    desk_url = reverse("checkin_desk", args=[tournament.pk, number])
    if request.POST.get("confirmed") != "1":
        unmarked = presence_counts(roster(tournament, number))["unknown"]
        return confirmation(
            request,
            url=reverse("checkin_everyone", args=[tournament.pk, number]),
            back=desk_url,
            question=ngettext(
                "Mark the %(n)d player not yet marked present for round %(r)d?",
                "Mark the %(n)d players not yet marked present for round %(r)d?",
                unmarked,
            )
            % {"n": unmarked, "r": number},
            consequence=_(
                "Players with a bye, marked absent or whose own check-in awaits confirmation stay as they are."
            ),
            button=_("Everyone not yet marked is present"),
        )
    try:
        marked = check_in_everyone_unmarked(tournament, number, user=request.user)
    except DomainError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, ngettext("%(n)d player marked present.", "%(n)d players marked present.", marked) % {"n": marked}
        )
    return redirect(desk_url)


@require_POST
@tournament_role("direct")
def checkin_present(request: TournamentRequest, tournament_id: int, number: int, player_id: int) -> HttpResponse:
    return _act(request, number, player_id, check_in, _("%(name)s is present."))


@require_POST
@tournament_role("direct")
def checkin_absent(request: TournamentRequest, tournament_id: int, number: int, player_id: int) -> HttpResponse:
    return _act(request, number, player_id, mark_absent, _("%(name)s is absent: not paired, zero points."))


@require_POST
@tournament_role("direct")
def checkin_confirm(request: TournamentRequest, tournament_id: int, number: int, player_id: int) -> HttpResponse:
    return _act(request, number, player_id, confirm_check_in, _("Check-in of %(name)s confirmed."))


@require_GET
@tournament_role("direct")
def checkin_codes(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """Each player's QR code to his own check-in page, to print and hand out."""
    codes = []
    for player in request.tournament.players.filter(withdrawal_round__isnull=True).order_by("pairing_number"):
        url = site_url(request, reverse("self_checkin", args=[checkin_token(player)]))
        codes.append({"player": player, "url": url, "qr": qr_svg(url)})
    return render(request, "tourney/checkin_codes.html", {"tournament": request.tournament, "codes": codes})


@require_http_methods(["GET", "POST"])
def self_checkin(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The player's own page: he checks in for the next round to pair; an arbiter confirms."""
    player = player_of_token(token)
    if player is None:
        raise PermissionDenied
    tournament = player.tournament
    number = first_open_round(tournament)
    refusal = ""
    if request.method == "POST":
        try:
            check_in(player, number, by_player=True)
        except DomainError as error:
            refusal = str(error)
        else:
            return redirect("self_checkin", token)
    line = next((line for line in roster(tournament, number) if line.player.pk == player.pk), None)
    context = {
        "tournament": tournament,
        "player": player,
        "number": number,
        "line": line,
        "open": number <= tournament.rounds
        and not tournament.round_set.filter(number=number).exclude(status="draft").exists(),
        "refusal": refusal,
    }
    return render(request, "tourney/self_checkin.html", context)

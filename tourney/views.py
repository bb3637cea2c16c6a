"""Thin views: read, call a service, render a page or its partial for HTMX.

Public pages need no login and show published rounds only. The round page is also the
arbiter's desk: pairing, checking, publishing, results, closing.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from tourney import presentation, roles
from tourney.access import tournament_role, user_roles
from tourney.errors import PairingRefused, ResultRefused
from tourney.forms import ExchangeForm
from tourney.models import Bye, ByeKind, Game, JobState, Player, Result, Round, RoundStatus, Tournament
from tourney.quick_entry import EntryError, parse_entry, parse_result
from tourney.services.manual_changes import exchange_players
from tourney.services.pairing import reap_lost_pairing, request_pairing
from tourney.services.results import set_result
from tourney.services.rounds import close_round, publish_pairing, round_for

PUBLIC = presentation.PUBLIC


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
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
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    template = "tourney/tournament_detail.html"
    if request.htmx and request.htmx.target in ("players", "rounds"):
        template += f"#{request.htmx.target}"
    context = {
        "tournament": tournament,
        "players": tournament.players.all(),
        "rounds": _round_rows(tournament),
        "last_public": presentation.last_public_round(tournament),
        "can": user_roles(request.user, tournament),
    }
    return render(request, template, context)


def _round(tournament_id: int, number: int) -> Round:
    """The round, or an unsaved draft when it is within the tournament but not created yet."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    rnd = Round.objects.select_related("tournament").filter(tournament=tournament, number=number).first()
    if rnd is None:
        if not 1 <= number <= tournament.rounds:
            from django.http import Http404

            raise Http404
        rnd = Round(tournament=tournament, number=number)
    return rnd


def _round_context(request: HttpRequest, rnd: Round) -> dict[str, object]:
    tournament = rnd.tournament
    can = user_roles(request.user, tournament)
    visible = rnd.pk is not None and (can["direct"] or rnd.status in PUBLIC)
    games = list(Game.objects.filter(round=rnd).select_related("white", "black")) if visible else []
    byes = list(Bye.objects.filter(round=rnd).select_related("player")) if rnd.pk else []
    if not visible:
        byes = [b for b in byes if b.requested]  # requested byes are known before the pairing
    explain = {}
    if can["direct"] and rnd.status == RoundStatus.PAIRED:  # the draft explains itself
        explain = presentation.explanations(rnd)
    rows = [(g, explain.get(g.white.pairing_number), explain.get(g.black.pairing_number)) for g in games]
    polling = rnd.pairing_job_state in (JobState.QUEUED, JobState.RUNNING)
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
        "pending": sum(1 for g in games if g.result == Result.PENDING),
        "warnings": [w for w in rnd.pairing_warnings.splitlines() if w] if can["direct"] else [],
        "exchange_form": ExchangeForm(),
        "result_choices": RESULT_BUTTONS,
        "entering": can["direct"] and rnd.status in PUBLIC,
    }


RESULT_BUTTONS = [
    (Result.WHITE_WINS, "1-0"),
    (Result.DRAW, "½"),
    (Result.BLACK_WINS, "0-1"),
    (Result.WHITE_WINS_FORFEIT, "+/−"),
    (Result.BLACK_WINS_FORFEIT, "−/+"),
    (Result.DOUBLE_FORFEIT, "−/−"),
]


@require_GET
def round_detail(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _round(tournament_id, number)
    if rnd.pk:
        reap_lost_pairing(rnd.pk)
        rnd.refresh_from_db()
    template = "tourney/round_detail.html#pairing" if request.htmx else "tourney/round_detail.html"
    return render(request, template, _round_context(request, rnd))


@require_GET
def round_status(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The pairing section, polled while the job runs (and by the public while results come
    in); 286 ends the poll. A running job whose worker died is failed here (reap_lost_pairing)."""
    rnd = _round(tournament_id, number)
    if rnd.pk:
        reap_lost_pairing(rnd.pk)
        rnd.refresh_from_db()
    context = _round_context(request, rnd)
    response = render(request, "tourney/round_detail.html#pairing", context)
    if not context["polling"] and not context["live"]:
        response.status_code = HttpResponseStopPolling.status_code
    return response


def _pairing_section(request: HttpRequest, rnd: Round, **extra: object) -> HttpResponse:
    rnd.refresh_from_db()
    return render(request, "tourney/round_detail.html#pairing", {**_round_context(request, rnd), **extra})


@require_POST
@tournament_role("direct")
def round_pair(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _round(tournament_id, number)
    refusal = ""
    try:
        if rnd.pk is None:
            rnd = round_for(rnd.tournament, number)
        request_pairing(round_id=rnd.pk, user=request.user)
    except PairingRefused as error:
        refusal = str(error)
    if not request.htmx:
        if refusal:
            messages.error(request, refusal)
        return redirect(rnd)
    return _pairing_section(request, rnd, refusal=refusal)


def _act(request: HttpRequest, rnd: Round, action, done: str) -> HttpResponse:  # type: ignore[no-untyped-def]
    refusal = ""
    try:
        action()
    except (PairingRefused, ResultRefused) as error:
        refusal = str(error)
    if not request.htmx:
        if refusal:
            messages.error(request, refusal)
        elif done:
            messages.success(request, done)
        return redirect(rnd)
    return _pairing_section(request, rnd, refusal=refusal, done="" if refusal else done)


def _existing_round(tournament_id: int, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("tournament"), tournament_id=tournament_id, number=number)


@require_POST
@tournament_role("direct")
def round_publish(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _existing_round(tournament_id, number)
    return _act(
        request,
        rnd,
        lambda: publish_pairing(round_id=rnd.pk, user=request.user),
        _("Round %d published: the pairing is frozen (C.04.2.D.10).") % number,
    )


@require_POST
@tournament_role("direct")
def round_exchange(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _existing_round(tournament_id, number)
    form = ExchangeForm(request.POST)
    if not form.is_valid():
        return _act(request, rnd, lambda: _raise(_("give two pairing numbers")), "")
    data = form.cleaned_data
    return _act(
        request,
        rnd,
        lambda: exchange_players(
            round_id=rnd.pk, first=data["first"], second=data["second"], user=request.user, reason=data["reason"]
        ),
        _("Players %(a)d and %(b)d exchanged.") % {"a": data["first"], "b": data["second"]},
    )


def _raise(message: str) -> None:
    raise PairingRefused(message)


@require_POST
@tournament_role("direct")
def round_close(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    rnd = _existing_round(tournament_id, number)
    return _act(
        request,
        rnd,
        lambda: close_round(round_id=rnd.pk, user=request.user),
        _("Results of round %d published.") % number,
    )


@require_POST
@tournament_role("direct")
def round_result(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """One result, by the keyboard ("12 1-0") or a board's buttons (board, result).

    For HTMX the answer is small: a line of feedback, the board's row and the count of
    boards still to play, swapped in place (the page stays where the arbiter is typing).
    """
    rnd = _existing_round(tournament_id, number)
    game, message, ok = None, "", False
    try:
        if "entry" in request.POST:
            board, result = parse_entry(request.POST["entry"])
        else:
            board, result = int(request.POST.get("board", "")), parse_result(request.POST.get("result", ""))
        game = Game.objects.filter(round=rnd, board=board).first()
        if game is None:
            raise EntryError(_("round %(r)d has no board %(b)d") % {"r": number, "b": board})
        changed = set_result(game_id=game.pk, result=result, user=request.user, reason=request.POST.get("reason", ""))
        ok = True
        label = Result(result).label if result else _("no result")
        message = (_("Board %(b)d: %(r)s") if changed else _("Board %(b)d: already %(r)s")) % {"b": board, "r": label}
    except (EntryError, ValueError) as error:
        message = str(error) or _("type the board and the result, e.g. “12 1-0”")
    except ResultRefused as error:
        message = _("Refused: %s") % error
    if not request.htmx:
        (messages.success if ok else messages.error)(request, message)
        return redirect(rnd)
    if game is not None:
        game = Game.objects.select_related("white", "black").get(pk=game.pk)
    context = {
        "round": rnd,
        "tournament": rnd.tournament,
        "message": message,
        "ok": ok,
        "g": game,
        "row": (game, None, None) if game else None,
        "entering": True,
        "result_choices": RESULT_BUTTONS,
        "pending": rnd.games.filter(result=Result.PENDING).count(),
        "oob": True,
        "can": {"direct": True},
    }
    return render(request, "tourney/result_saved.html", context)


# ---------------------------------------------------------------- public pages


@require_GET
def round_standings(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """Points standings and the ARO list after round *number* (published rounds only)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    last = presentation.last_public_round(tournament)
    if not 1 <= number <= max(last, 1):
        number = last
    rnd = Round.objects.filter(tournament=tournament, number=number).first()
    context = {
        "tournament": tournament,
        "number": number,
        "round": rnd,
        "rows": presentation.standings(tournament, number) if number else [],
        "live": rnd is not None and rnd.status == RoundStatus.PUBLISHED,
        "public_rounds": range(1, last + 1),
    }
    return render(request, "tourney/round_standings.html", context)


@require_GET
def player_card(request: HttpRequest, tournament_id: int, player_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    rows, points, aro = presentation.player_card(tournament, player)
    last = presentation.last_public_round(tournament)
    current = Round.objects.filter(tournament=tournament, number=last).first()
    return render(
        request,
        "tourney/player_card.html",
        {
            "tournament": tournament,
            "player": player,
            "rows": rows,
            "points": points,
            "aro": aro,
            "live": current is not None and current.status == RoundStatus.PUBLISHED,
        },
    )

"""What an arbiter hands out and sends in: printable pairings, results and standings, and
the TRF and CSV downloads.

No login: published rounds only; an arbiter may also print a pairing before publishing it.
"""

from __future__ import annotations

import csv

import segno
from django.db.models import Max
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from pairing.engine.text import spreadsheet_cell
from tourney import roles
from tourney.access import tournament_role
from tourney.caching.public_views import one_round, public_page
from tourney.caching.readers import site_url
from tourney.models import (
    PUBLIC_STATUSES,
    UNPAIRED_STATUSES,
    Bye,
    ByeKind,
    Game,
    Player,
    Round,
    RoundStatus,
    Tournament,
)
from tourney.presentation import crosstable_cells, points, tiebreak_table
from tourney.report_check import report_problems
from tourney.trf_io import TRF_FORMATS, export_text
from tourney.views.http import HtmxHttpRequest, TournamentRequest


def _file_name(tournament: Tournament) -> str:
    return slugify(tournament.name) or f"tournament-{tournament.pk}"


def _trf_download(request: HtmxHttpRequest, tournament: Tournament, *, public: bool) -> HttpResponse:
    fmt = request.GET.get("format", "trf26").lower()
    if fmt not in TRF_FORMATS:
        raise Http404(_("Unknown TRF format."))
    response = HttpResponse(export_text(tournament, fmt, public=public), content_type="text/plain; charset=utf-8")
    suffix = "" if public else "-arbiter-with-drafts"
    response["Content-Disposition"] = f'attachment; filename="{_file_name(tournament)}-{fmt}{suffix}.trf"'
    return response


class _SpreadsheetWriter:
    """csv.writer whose cells a spreadsheet reads as text, never as a formula (a name
    starting with =, +, - or @ is quoted with an apostrophe)."""

    def __init__(self, out: HttpResponse) -> None:
        self.writer = csv.writer(out)

    def writerow(self, row: list[object]) -> None:
        self.writer.writerow([spreadsheet_cell(v) for v in row])


@require_GET
@public_page(parameters=["format"])
def export_trf(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The public FIDE report: published rounds only, the initial colour once it is seen."""
    return _trf_download(request, get_object_or_404(Tournament, pk=tournament_id), public=True)


@require_GET
@tournament_role("direct")
def export_trf_arbiter(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """The arbiter's own file: every round with a pairing, drafts included, and the initial colour."""
    return _trf_download(request, request.tournament, public=False)


@require_GET
@tournament_role("direct")
def report_check(request: TournamentRequest, tournament_id: int) -> HttpResponse:
    """What the FIDE rating server will reject in the report, with where to fix it, and the downloads."""
    problems = report_problems(request.tournament)
    context = {"tournament": request.tournament, "problems": problems}
    return render(request, "tourney/reports/report_check.html", context)


@require_GET
@public_page(parameters=["round"])
def export_csv(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    table, rows, _done = tiebreak_table.standings_table(tournament, request.GET.get("round"))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = _file_name(tournament)
    response["Content-Disposition"] = f'attachment; filename="{name}-standings-round-{table.after_round}.csv"'
    writer = _SpreadsheetWriter(response)
    codes = [tb.code for tb in table.standings.tiebreaks]
    writer.writerow(["rank", "start_number", "name", "title", "federation", "rating", "fide_id", "points", *codes])
    for r in rows:
        p = r.player
        values = ["" if v is None else str(v) for v in r.values]
        writer.writerow(
            [r.rank, p.pairing_number, p.name, p.title, p.federation, p.rating or "", p.fide_id, r.points, *values]
        )
    return response


def printable_round(request: HtmxHttpRequest, tournament_id: int, number: int) -> tuple[Tournament, Round]:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    rnd = get_object_or_404(tournament.round_set, number=number)
    # The tournament's own arbiter may print a pairing before publishing it; the public
    # (and the arbiters of other tournaments) see published rounds.
    arbiter = roles.can_direct(request.user, tournament)
    visible = rnd.status in PUBLIC_STATUSES or (rnd.status == RoundStatus.PAIRED and arbiter)
    if not visible:
        raise Http404(_("This round is not published."))
    return tournament, rnd


def _boards_and_byes(rnd: Round) -> tuple[list[Game], list[Bye]]:
    games = list(Game.objects.filter(round=rnd).select_related("white", "black").order_by("board"))
    byes = list(Bye.objects.filter(round=rnd).select_related("player").order_by("player__pairing_number"))
    return games, byes


def qr_svg(url: str) -> str:
    """An inline SVG QR code (ISO/IEC 18004, error correction M) for *url*."""
    return segno.make(url, error="m").svg_inline(scale=3, title=url)


@require_GET
@public_page(absolute_urls=True)
def print_pairing(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, rnd = printable_round(request, tournament_id, number)
    games, byes = _boards_and_byes(rnd)
    scores = crosstable_cells.scores_before(rnd)
    boards = [
        {
            "game": g,
            "white_points": scores.get(g.white.pairing_number),
            "black_points": scores.get(g.black.pairing_number),
        }
        for g in games
    ]
    public_url = site_url(request, reverse("round_detail", args=[tournament.pk, rnd.number]))
    return render(
        request,
        "tourney/reports/print_pairing.html",
        {
            "tournament": tournament,
            "round": rnd,
            "boards": boards,
            "byes": byes,
            "public_url": public_url,
            "qr": qr_svg(public_url),
            "pab": ByeKind.PAIRING_ALLOCATED,
            "draft": rnd.status not in PUBLIC_STATUSES,
        },
    )


@require_GET
@public_page(one_round)
def print_results(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, rnd = printable_round(request, tournament_id, number)
    if rnd.status not in PUBLIC_STATUSES:
        raise Http404(_("This round is not published."))
    games, byes = _boards_and_byes(rnd)
    return render(
        request,
        "tourney/reports/print_results.html",
        {"tournament": tournament, "round": rnd, "games": games, "byes": byes, "pab": ByeKind.PAIRING_ALLOCATED},
    )


@require_GET
@public_page(parameters=["round"])
def print_standings(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    shown, _done = tiebreak_table.standings_context(tournament, request.GET.get("round"))
    return render(request, "tourney/reports/print_standings.html", shown)


def _by_name(player: Player) -> tuple[str, int]:
    return (player.name.casefold(), player.pairing_number)


@require_GET
@public_page()
def print_pairing_alphabetical(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """The sheet players read to find their board by name: every player of the round,
    alphabetically, with his board, colour and opponent (or his bye)."""
    tournament, rnd = printable_round(request, tournament_id, number)
    games, byes = _boards_and_byes(rnd)
    scores = crosstable_cells.scores_before(rnd)
    lines = []
    for g in games:
        lines.append({"player": g.white, "board": g.board, "white": True, "opponent": g.black})
        lines.append({"player": g.black, "board": g.board, "white": False, "opponent": g.white})
    lines += [{"player": b.player, "bye": b} for b in byes]
    # A player of the tournament with neither a game nor a bye this round (withdrawn, absent)
    # still finds his name, marked not paired.
    placed = {line["player"].pk for line in lines}
    lines += [
        {"player": p, "absent": True}
        for p in tournament.players.all()
        if p.pk not in placed and p.entry_round <= rnd.number
    ]
    for line in lines:
        line["points"] = scores.get(line["player"].pairing_number)
    lines.sort(key=lambda line: _by_name(line["player"]))
    return render(
        request,
        "tourney/reports/print_pairing_alphabetical.html",
        {
            "tournament": tournament,
            "round": rnd,
            "lines": lines,
            "pab": ByeKind.PAIRING_ALLOCATED,
            "draft": rnd.status not in PUBLIC_STATUSES,
        },
    )


@require_GET
@public_page()
def print_scoresheets(request: HtmxHttpRequest, tournament_id: int, number: int) -> HttpResponse:
    """A pairing card per board: the players, the result to circle, the signatures."""
    tournament, rnd = printable_round(request, tournament_id, number)
    games, _byes = _boards_and_byes(rnd)
    return render(
        request,
        "tourney/reports/print_scoresheets.html",
        {"tournament": tournament, "round": rnd, "games": games, "draft": rnd.status not in PUBLIC_STATUSES},
    )


@require_GET
@public_page(parameters=["round"])
def print_wallchart(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The wall chart: the crosstable in starting-number order, with the rank beside."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    shown, _done = tiebreak_table.standings_context(tournament, request.GET.get("round"), body=False)
    rounds_shown = range(1, points.last_public_round(tournament) + 1)
    rows = sorted(shown["rows"], key=lambda r: r.player.pairing_number)
    crossed = crosstable_cells.crosstable_rows(tournament, rows, rounds_shown)
    return render(
        request,
        "tourney/reports/print_wallchart.html",
        {**shown, "rows": crossed, "body": tiebreak_table.table_body(crossed), "rounds": rounds_shown},
    )


PLAYER_LIST_ORDERS = ("rating", "alphabetical")


@require_GET
@public_page()
def print_players(request: HtmxHttpRequest, tournament_id: int, order: str) -> HttpResponse:
    """The player list by rating (highest first, then by name) or alphabetically."""
    if order not in PLAYER_LIST_ORDERS:
        raise Http404(_("Unknown order."))
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    players = list(tournament.players.all())
    if order == "rating":
        players.sort(key=lambda p: (-p.rating, *_by_name(p)))
    else:
        players.sort(key=_by_name)
    return render(
        request,
        "tourney/reports/print_players.html",
        {"tournament": tournament, "players": players, "order": order},
    )


@require_GET
@public_page()
def print_checkin(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    """The check-in sheet for the next round to pair: the players still in the tournament,
    alphabetically, with a box to tick and a space to sign."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    paired = tournament.round_set.exclude(status__in=UNPAIRED_STATUSES).aggregate(n=Max("number"))["n"] or 0
    number = min(paired + 1, tournament.rounds)
    players = [
        p
        for p in tournament.players.all()
        if p.entry_round <= number and (p.withdrawal_round is None or p.withdrawal_round > number)
    ]
    players.sort(key=_by_name)
    return render(
        request,
        "tourney/reports/print_checkin.html",
        {"tournament": tournament, "players": players, "number": number},
    )

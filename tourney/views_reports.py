"""What an arbiter hands out and sends in: standings with tie-breaks, the crosstable,
printable pairings, results and standings, and the TRF and CSV exports.

Public pages (no login), published rounds only; an arbiter of the tournament may also
print a pairing before publishing it. The numbers come from tourney.standings (the
C.07 tie-breaks of pairing.engine.tiebreaks over the exported records).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

import segno
from django import forms
from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_GET, require_http_methods

from pairing.engine.state import PairingError
from pairing.engine.tiebreaks import NAMES, PRESETS, TieBreak, TieBreakCodeError, parse
from pairing.engine.trf import TrfRound
from pairing.engine.trf.state import state_for_round
from tourney import audit, roles
from tourney.access import tournament_role
from tourney.models import Bye, ByeKind, Game, Player, Round, RoundStatus, Tournament
from tourney.standings import TournamentStandings, completed_rounds, standings_of
from tourney.trf_io import TRF_FORMATS, export_text, export_tournament

PUBLIC = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)


def as_decimal(value: object) -> object:
    """Fractions of a point as exact decimals (21.5, 14.75), for the templates to localise."""
    if isinstance(value, Fraction):
        return Decimal(value.numerator) / Decimal(value.denominator)
    return value


@dataclass(frozen=True)
class Row:
    rank: int
    player: Player
    points: object
    values: tuple[object, ...]
    cells: tuple[str, ...] = ()


def _standings(tournament: Tournament, request: HttpRequest) -> tuple[TournamentStandings, list[Row], int]:
    done = completed_rounds(tournament)
    try:
        after = int(request.GET.get("round", done))
    except ValueError:
        after = done
    after = max(0, min(after, done))
    table = standings_of(tournament, after)
    players = {p.pairing_number: p for p in tournament.players.all()}
    rows = [
        Row(r.rank, players[r.player_id], as_decimal(r.points), tuple(as_decimal(v) for v in r.values))
        for r in table.standings.rows
    ]
    return table, rows, done


# The tie-breaks' names in the reader's language (pairing.engine.tiebreaks.codes.NAMES in English).
TIEBREAK_NAMES = {
    "PTS": gettext_lazy("Points"),
    "BH": gettext_lazy("Buchholz"),
    "SB": gettext_lazy("Sonneborn-Berger"),
    "ARO": gettext_lazy("Average rating of opponents"),
    "TPR": gettext_lazy("Tournament performance rating"),
    "DE": gettext_lazy("Direct encounter"),
    "WIN": gettext_lazy("Number of wins"),
    "WON": gettext_lazy("Number of games won"),
    "BPG": gettext_lazy("Games played with Black"),
    "BWG": gettext_lazy("Games won with Black"),
    "REP": gettext_lazy("Rounds one elected to play"),
    "PS": gettext_lazy("Progressive score"),
}


# Column headings that are words, not acronyms (BH, SB, ARO, TPR, DE, REP stay as they are).
TIEBREAK_SHORT = {
    "WIN": pgettext_lazy("tie-break column", "Wins"),
    "WON": pgettext_lazy("tie-break column", "Won"),
    "BPG": pgettext_lazy("tie-break column", "Black"),
    "BWG": pgettext_lazy("tie-break column", "Won Black"),
    "PS": pgettext_lazy("tie-break column", "Prog."),
}


def tiebreak_short(tb: TieBreak) -> str:
    """The column heading: "BH-C1", "SB", "Vitt." (TieBreak.short in the reader's language)."""
    plain = TieBreak(tb.name)
    return str(TIEBREAK_SHORT.get(tb.name, plain.short)) + tb.short[len(plain.short) :]


def tiebreak_label(tb: TieBreak) -> str:
    name = str(TIEBREAK_NAMES[tb.name])
    if tb.cut_low and tb.cut_low == tb.cut_high:
        return _("%(name)s Median-%(n)d") % {"name": name, "n": tb.cut_low}
    if tb.cut_low:
        return _("%(name)s Cut-%(n)d") % {"name": name, "n": tb.cut_low}
    return name


def _headers(table: TournamentStandings) -> list[dict[str, str]]:
    return [
        {"short": tiebreak_short(tb), "label": tiebreak_label(tb), "code": tb.code} for tb in table.standings.tiebreaks
    ]


@require_GET
def standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    table, rows, done = _standings(tournament, request)
    return render(
        request,
        "tourney/reports/standings.html",
        {
            "tournament": tournament,
            "table": table,
            "rows": rows,
            "headers": _headers(table),
            "completed": range(1, done + 1),
            "formats": TRF_FORMATS,
            "can_manage": roles.can_manage(request.user, tournament),
        },
    )


# C.07 / TRF codes in a crosstable cell.
_RESULT_SIGN = {"1": "1", "=": "½", "0": "0", "+": "+", "-": "−", "W": "1", "D": "½", "L": "0", " ": ""}
_UNPAIRED_SIGN = {"U": "PAB", "F": "FPB", "H": "HPB", "Z": "ZPB", "+": "+", "-": "−", " ": ""}


def cell(block: TrfRound) -> str:
    """One crosstable cell: opponent's starting number, colour, result (``12w½``);
    an unplayed round as its FIDE acronym (PAB, FPB, HPB, ZPB)."""
    if block.is_blank:
        return ""
    if block.opponent is None:
        return _UNPAIRED_SIGN.get(block.result, block.result)
    colour = block.colour if block.colour in "wb" else ""
    return f"{block.opponent}{colour}{_RESULT_SIGN.get(block.result, block.result)}"


@require_GET
def crosstable(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    table, rows, done = _standings(tournament, request)
    trf = export_tournament(tournament)
    last = max((r.number for r in tournament.round_set.filter(status__in=PUBLIC)), default=0)
    blocks = {p.start: p.rounds for p in trf.players}
    rounds = range(1, last + 1)
    full_rows = [
        Row(
            r.rank,
            r.player,
            r.points,
            r.values,
            tuple(
                cell(blocks[r.player.pairing_number][k - 1]) if k <= len(blocks[r.player.pairing_number]) else ""
                for k in rounds
            ),
        )
        for r in rows
    ]
    return render(
        request,
        "tourney/reports/crosstable.html",
        {
            "tournament": tournament,
            "table": table,
            "rows": full_rows,
            "headers": _headers(table),
            "rounds": rounds,
            "completed": range(1, done + 1),
        },
    )


@require_GET
def export_trf(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    fmt = request.GET.get("format", "trf26").lower()
    if fmt not in TRF_FORMATS:
        raise Http404(_("Unknown TRF format."))
    response = HttpResponse(export_text(tournament, fmt), content_type="text/plain; charset=utf-8")
    name = slugify(tournament.name) or f"tournament-{tournament.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}-{fmt}.trf"'
    return response


@require_GET
def export_csv(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    table, rows, _done = _standings(tournament, request)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(tournament.name) or f"tournament-{tournament.pk}"
    response["Content-Disposition"] = f'attachment; filename="{name}-standings-round-{table.after_round}.csv"'
    writer = csv.writer(response)
    codes = [tb.code for tb in table.standings.tiebreaks]
    writer.writerow(["rank", "start_number", "name", "title", "federation", "rating", "fide_id", "points", *codes])
    for r in rows:
        p = r.player
        values = ["" if v is None else str(v) for v in r.values]
        writer.writerow(
            [r.rank, p.pairing_number, p.name, p.title, p.federation, p.rating or "", p.fide_id, r.points, *values]
        )
    return response


def _printable_round(request: HttpRequest, tournament_id: int, number: int) -> tuple[Tournament, Round]:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    # An arbiter may print a pairing before publishing it; the public sees published rounds.
    arbiter = request.user.has_perm("tourney.direct_tournament")
    visible = rnd.status in PUBLIC or (rnd.status == RoundStatus.PAIRED and arbiter)
    if not visible:
        raise Http404(_("This round is not published."))
    return tournament, rnd


def _scores_before(tournament: Tournament, number: int) -> dict[int, object]:
    try:
        state = state_for_round(export_tournament(tournament), number)
    except PairingError:  # an earlier round still has a game without result
        return {}
    return {p.id: as_decimal(Fraction(state.score(p.id), 10)) for p in state.players}


def _boards_and_byes(rnd: Round) -> tuple[list[Game], list[Bye]]:
    games = list(Game.objects.filter(round=rnd).select_related("white", "black").order_by("board"))
    byes = list(Bye.objects.filter(round=rnd).select_related("player").order_by("player__pairing_number"))
    return games, byes


def qr_svg(url: str) -> str:
    """An inline SVG QR code (ISO/IEC 18004, error correction M) for *url*."""
    return segno.make(url, error="m").svg_inline(scale=3, title=url)


@require_GET
def print_pairing(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, rnd = _printable_round(request, tournament_id, number)
    games, byes = _boards_and_byes(rnd)
    scores = _scores_before(tournament, rnd.number)
    boards = [
        {
            "game": g,
            "white_points": scores.get(g.white.pairing_number),
            "black_points": scores.get(g.black.pairing_number),
        }
        for g in games
    ]
    public_url = request.build_absolute_uri(reverse("round_detail", args=[tournament.pk, rnd.number]))
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
        },
    )


@require_GET
def print_results(request: HttpRequest, tournament_id: int, number: int) -> HttpResponse:
    tournament, rnd = _printable_round(request, tournament_id, number)
    if rnd.status not in PUBLIC:
        raise Http404(_("This round is not published."))
    games, byes = _boards_and_byes(rnd)
    return render(
        request,
        "tourney/reports/print_results.html",
        {"tournament": tournament, "round": rnd, "games": games, "byes": byes, "pab": ByeKind.PAIRING_ALLOCATED},
    )


@require_GET
def print_standings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    table, rows, _done = _standings(tournament, request)
    return render(
        request,
        "tourney/reports/print_standings.html",
        {"tournament": tournament, "table": table, "rows": rows, "headers": _headers(table)},
    )


# ---------------------------------------------------------------- the organizer's list (C.07 4.1)

PRESET_NAMES = {
    "swiss": gettext_lazy("Individual Swiss"),
    "swiss-rated": gettext_lazy("Individual Swiss, every player rated"),
    "swiss-progressive": gettext_lazy("Swiss with progressive score"),
    "round-robin": gettext_lazy("Round robin"),
}


class TiebreakForm(forms.Form):
    preset = forms.ChoiceField(
        label=gettext_lazy("Preset"),
        required=False,
        choices=lambda: (
            [("", _("my own list, below"))]
            + [(key, f"{PRESET_NAMES[key]}: {' '.join(codes)}") for key, codes in PRESETS.items()]
        ),
    )
    codes = forms.CharField(
        label=gettext_lazy("Tie-breaks, in order"),
        required=False,
        help_text=gettext_lazy("codes separated by spaces, e.g. BH/C1 BH SB DE"),
    )

    def clean(self) -> dict[str, object]:
        data = super().clean()
        if data.get("preset"):
            data["list"] = list(PRESETS[data["preset"]])
            return data
        words = str(data.get("codes") or "").replace(",", " ").split()
        parsed = []
        for word in words:
            try:
                parsed.append(parse(word).code)
            except TieBreakCodeError:
                self.add_error("codes", _("%(code)s is not a tie-break code this program knows") % {"code": word})
        if len(set(parsed)) != len(parsed):
            self.add_error("codes", _("a tie-break is listed twice"))
        data["list"] = parsed
        return data


@require_http_methods(["GET", "POST"])
@tournament_role("manage")
def tiebreak_settings(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """The ordered tie-break list (C.07 4.1: chosen by the organizer, announced in advance)."""
    tournament = request.tournament  # type: ignore[attr-defined]
    initial = {"codes": " ".join(str(c) for c in tournament.tiebreaks or [])}
    form = TiebreakForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        old = list(tournament.tiebreaks or [])
        new = form.cleaned_data["list"]
        if new != old:
            with transaction.atomic():
                tournament.tiebreaks = new
                tournament.save(update_fields=["tiebreaks"])
                audit.record(
                    tournament,
                    tournament,
                    action="change tie-breaks",
                    old=" ".join(old),
                    new=" ".join(new),
                    user=request.user,
                )
        messages.success(request, _("Tie-breaks saved."))
        return redirect("tiebreak_settings", tournament.pk)
    known = [{"code": code, "label": TIEBREAK_NAMES[code]} for code in NAMES if code != "PTS"]
    started = tournament.round_set.filter(status__in=PUBLIC).exists()
    return render(
        request,
        "tourney/reports/tiebreak_settings.html",
        {"tournament": tournament, "form": form, "known": known, "started": started},
    )

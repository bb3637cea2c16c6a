"""The standings with the tournament's C.07 tie-breaks (tourney.standings): rows, column
headings in the reader's language, and the rows' HTML."""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from pairing.engine.standings_check import format_value
from pairing.engine.tiebreaks import TieBreak
from tourney.caching import computed
from tourney.models import Player, Tournament
from tourney.presentation.points import players_by_number
from tourney.presentation.shown import Shown
from tourney.ratings import rating_changes
from tourney.standings import TournamentStandings, completed_rounds, standings_of


def as_decimal(value: object) -> object:
    """Fractions of a point as exact decimals (21.5, 14.75), for the templates to localise; a
    value finer than hundredths (an average such as AOB's 12⅓) at its printed precision, two
    decimals rounded half up, as the TRF's records print it (standings_check.format_value)."""
    if isinstance(value, Fraction):
        if (value * 100).denominator != 1:
            return Decimal(format_value(value))
        return Decimal(value.numerator) / Decimal(value.denominator)
    return value


@dataclass(frozen=True)
class TableRow:
    rank: int
    player: Player
    points: object
    values: tuple[object, ...]
    cells: tuple[str, ...] = ()
    rating_change: object = None  # tourney.ratings.PlayerRatingChange, on the standings page


def standings_table(tournament: Tournament, after: str | None) -> tuple[TournamentStandings, list[TableRow], int]:
    """The standings with the tournament's tie-breaks after round *after* (the page's
    ``round`` parameter; the last completed round when absent or out of range), its rows,
    and the number of completed rounds."""
    done = completed_rounds(tournament)
    try:
        number = int(after if after is not None else done)
    except ValueError:
        number = done
    number = max(0, min(number, done))
    table, rows = computed.computed_once(
        tournament.pk, computed.rounds_through(number), f"table:{number}", lambda: _table(tournament, number)
    )
    return table, rows, done


def _table(tournament: Tournament, number: int) -> tuple[TournamentStandings, list[TableRow]]:
    table = standings_of(tournament, number)
    players = players_by_number(tournament)
    rows = [
        TableRow(r.rank, players[r.player_id], as_decimal(r.points), tuple(as_decimal(v) for v in r.values))
        for r in table.standings.rows
    ]
    return table, rows


# The tie-breaks' names in the reader's language (pairing.engine.tiebreaks.codes.ALL_NAMES in English).
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
    "FB": gettext_lazy("Fore Buchholz"),
    "AOB": gettext_lazy("Average of opponents' Buchholz"),
    "KS": gettext_lazy("Koya system"),
    "PTP": gettext_lazy("Perfect tournament performance"),
    "APRO": gettext_lazy("Average performance rating of opponents"),
    "APPO": gettext_lazy("Average perfect performance of opponents"),
    "RTNG": gettext_lazy("Rating"),
    "EDE": gettext_lazy("Extended direct encounter"),
    "STD": gettext_lazy("Standard points"),
    "TPN": gettext_lazy("Tournament pairing number"),
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


def tiebreak_headers(table: TournamentStandings) -> list[dict[str, str]]:
    return [
        {"short": tiebreak_short(tb), "label": tiebreak_label(tb), "code": tb.code} for tb in table.standings.tiebreaks
    ]


def standings_context(
    tournament: Tournament, after: str | None, *, body: bool = True, rating_change: bool = False
) -> tuple[dict[str, object], int]:
    """What every standings page shows (the tournament, its standings table after round
    *after*, rows, their HTML unless *body* is false, and tie-break headers), and the
    number of completed rounds. With *rating_change*, each row carries the player's
    rating change (FIDE Rating Regulations) and the table a column for it."""
    table, rows, done = standings_table(tournament, after)
    number = table.after_round
    with_change = False
    if rating_change:
        changes = computed.computed_once(
            tournament.pk,
            computed.rounds_through(number),
            f"rating-changes:{number}",
            lambda: rating_changes(tournament, number),
        )
        rows = [replace(r, rating_change=changes.get(r.player.pairing_number)) for r in rows]
        with_change = bool(changes)
    shown = {
        "tournament": tournament,
        "table": table,
        "rows": rows,
        "headers": tiebreak_headers(table),
        "show_rating_change": with_change,
    }
    if body:
        shown["body"] = computed.computed_once(
            tournament.pk,
            computed.rounds_through(number),
            f"table-html:{number}:{translation.get_language()}:{int(with_change)}",
            lambda: table_body(rows, rating_change=with_change),
            shared=True,
        )
    return shown, done


def table_body(rows: list[TableRow], *, rating_change: bool = False) -> SafeString:
    """The rows of tourney/reports/_standings_table.html: rank, player, the crosstable's
    cells (if any), points and tie-break values ("–" where one does not apply), and with
    *rating_change* the rating change (empty for a player with none)."""
    shown = Shown()
    out = []
    for row in rows:
        p = row.player
        cells = "".join(f'<td class="result cell">{shown(c)}</td>' for c in row.cells)
        values = "".join(f'<td class="tb">{"–" if v is None else shown(v)}</td>' for v in row.values)
        if rating_change:
            c = row.rating_change
            delta = f"{'+' if c.delta > 0 else ''}{shown(c.delta)}" if c else ""
            values += f'\n    <td class="tb rating-change">{delta}</td>'
        out.append(
            f'<tr>\n    <td class="rank">{shown(row.rank)}</td>\n'
            f'    <td class="sno">{shown(p.pairing_number)}</td>\n'
            f'    <td class="name"><a href="{shown(reverse("player_card", args=[p.tournament_id, p.pk]))}">'
            f"{shown(p.name)}</a></td>\n"
            f"    <td>{shown(p.title)}</td>\n    <td>{shown(p.federation)}</td>\n"
            f'    <td class="rating">{shown(p.rating) if p.rating else ""}</td>\n    {cells}\n'
            f'    <td class="points">{shown(row.points)}</td>\n    {values}\n  </tr>'
        )
    return mark_safe("".join(out))  # every value escaped above

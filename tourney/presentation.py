"""What the pages show, computed from the engines' one definition of each rule.

Standings in points with the ARO list (pairing.engine.aro), player cards, the facts that
explain a draft pairing: colour preferences (pairing.engine.common.colours) and floats
(C.04.3 A.4); the standings with the tournament's C.07 tie-breaks (tourney.standings)
and the crosstable.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from itertools import groupby

from django.conf import settings
from django.db.models import Max, Q
from django.template import engines
from django.urls import reverse
from django.utils import translation
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from pairing import adapter
from pairing.engine.aro import aros, played_opponents_in_order
from pairing.engine.common.colours import Strength, colour_preference
from pairing.engine.common.editions import EDITION_2017
from pairing.engine.dubov.players import dubov_colour_preference
from pairing.engine.dutch.players import Float, float_in_round
from pairing.engine.state import Colour, Outcome, PairingError
from pairing.engine.tiebreaks import TieBreak
from tourney import caching
from tourney.models import PUBLIC_STATUSES, Bye, Game, Player, Round, Tournament
from tourney.ratings import rating_changes
from tourney.standings import TournamentStandings, completed_rounds, public_state, standings_of


def last_public_round(tournament: Tournament) -> int:
    return tournament.round_set.public().aggregate(n=Max("number"))["n"] or 0


@dataclass(frozen=True)
class StandingsRow:
    rank: str
    player: Player
    points: int
    aro: int
    played: int
    # The ARO counts a provisional rating of an opponent (an unrated player's, not FIDE's).
    aro_provisional: bool = False


def provisional_aros(state: adapter.TournamentState, players: dict[int, Player]) -> set[int]:
    """The players whose ARO counts at least one opponent's provisional rating."""
    provisional = {n for n, p in players.items() if p.rating_is_provisional}
    return {p.id for p in state.players if provisional.intersection(played_opponents_in_order(p))}


def aro_counts_provisional(tournament: Tournament, player: Player) -> bool:
    """Whether the player's ARO on his card counts an opponent's provisional rating."""
    state = adapter.state_after(tournament, last_public_round(tournament))
    players = {p.pairing_number: p for p in tournament.players.all()}
    return player.pairing_number in provisional_aros(state, players)


def standings(tournament: Tournament, after: int) -> list[StandingsRow]:
    """Points after *after* rounds (published rounds, results so far), then initial order;
    equal points share the rank. The ARO of each player beside (C.04.4.1 A.6)."""
    return caching.computed_once(
        tournament.pk, caching.rounds_through(after), f"points:{after}", lambda: _standings(tournament, after)
    )


def players_by_number(tournament: Tournament) -> dict[int, Player]:
    """The tournament's players by starting number (once per change of the players while
    the public pages render)."""
    return caching.computed_once(
        tournament.pk,
        (caching.BASE,),
        "players",
        lambda: {p.pairing_number: p for p in tournament.players.all()},
    )


def public_aros(tournament: Tournament, after: int, state: adapter.TournamentState | None = None) -> dict[int, int]:
    """Each player's ARO after round *after* (*state*: the public state after it, if in hand)."""
    return caching.computed_once(
        tournament.pk,
        caching.rounds_through(after),
        f"aros:{after}",
        lambda: aros(state or public_state(tournament, after)),
    )


def _standings(tournament: Tournament, after: int) -> list[StandingsRow]:
    state = public_state(tournament, after)
    values = public_aros(tournament, after, state)
    players = players_by_number(tournament)
    marked = provisional_aros(state, players)
    scores = {p.id: state.score(p.id) for p in state.players}
    order = sorted(state.players, key=lambda p: (-scores[p.id], p.id))
    rows: list[StandingsRow] = []
    for score, group in groupby(order, key=lambda p: scores[p.id]):
        tied = list(group)
        k = len(rows)
        rank = str(k + 1) if len(tied) == 1 else f"{k + 1}-{k + len(tied)}"
        for p in tied:
            played = sum(1 for e in p.history if e.played)
            rows.append(StandingsRow(rank, players[p.id], score, values[p.id], played, p.id in marked))
    return rows


OUTCOME_TEXT = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.UNRATED_WIN: "1",
    Outcome.UNRATED_DRAW: "½",
    Outcome.UNRATED_LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
}


@dataclass(frozen=True)
class CardRow:
    round: int
    board: int | None
    colour: str
    opponent: Player | None
    result: str
    points: int  # after this round


def player_card(tournament: Tournament, player: Player) -> tuple[list[CardRow], int, int]:
    """The player's rounds (published ones), with points after each; total points and ARO."""
    after = last_public_round(tournament)
    state = public_state(tournament, after)
    by_number = players_by_number(tournament)
    games = _games_of(tournament, player)
    boards = {k: g.board for k, g in games.items()}
    byes = {
        b.round.number: b
        for b in Bye.objects.filter(player=player, round__status__in=PUBLIC_STATUSES).select_related("round")
    }
    me = state.by_id[player.pairing_number]
    rows, total = [], 0
    for k, entry in enumerate(me.history, start=1):
        total += state.scoring.points(entry.outcome)
        if entry.opponent is not None:
            colour = _("White") if entry.colour is Colour.WHITE else _("Black")
            result = OUTCOME_TEXT.get(entry.outcome, "")
            if k in boards and not result:
                result = "…"
            rows.append(CardRow(k, boards.get(k), colour, by_number.get(entry.opponent), result, total))
        elif k in byes:
            rows.append(CardRow(k, None, "", None, byes[k].get_kind_display(), total))
        elif k in games:  # a game of the round in progress, no result yet
            g = games[k]
            colour = _("White") if g.white_id == player.pk else _("Black")
            opponent = g.black if g.white_id == player.pk else g.white
            rows.append(CardRow(k, g.board, colour, opponent, "…", total))
        else:
            rows.append(CardRow(k, None, "", None, _("not paired"), total))
    return rows, state.score(player.pairing_number), public_aros(tournament, after, state)[player.pairing_number]


def _games_of(tournament: Tournament, player: Player) -> dict[int, Game]:
    games = Game.objects.filter(round__tournament=tournament, round__status__in=PUBLIC_STATUSES).filter(
        Q(white=player) | Q(black=player)
    )
    return {g.round.number: g for g in games.select_related("round", "white", "black")}


# ---------------------------------------------------------------- draft explanations


@dataclass(frozen=True)
class Explanation:
    score: int
    preference: str
    floats: str


_STRENGTH = {
    Strength.ABSOLUTE: gettext_lazy("absolute"),
    Strength.STRONG: gettext_lazy("strong"),
    Strength.MILD: gettext_lazy("mild"),
}
_FLOAT = {Float.DOWN: "↓", Float.UP: "↑", Float.NONE: ""}


def explanations(rnd: Round) -> dict[int, Explanation]:
    """Per pairing number: score before the round, colour preference, floats of the two
    previous rounds (C.04.3 A.4: ↓ downfloat, ↑ upfloat; an unplayed round is a downfloat)."""
    try:
        state, _warnings = adapter.prepared_state(rnd)
    except (adapter.IncompleteRound, PairingError):  # an unfinished past: nothing to explain
        return {}
    preference_of = dubov_colour_preference if rnd.tournament.pairing_system == "dubov" else colour_preference
    out = {}
    for p in state.players:
        pref = preference_of(p)
        text = "–"
        if pref.colour is not None:
            colour = _("W") if pref.colour is Colour.WHITE else _("B")
            text = f"{colour} {_STRENGTH.get(pref.strength, '')}".strip()
        floats = "".join(
            _FLOAT[float_in_round(state, p.id, r, EDITION_2017)] or "·"
            for r in (state.round_to_pair - 2, state.round_to_pair - 1)
            if r >= 1
        )
        out[p.id] = Explanation(state.pairing_score(p.id), text, floats)
    return out


def history_text(state: adapter.TournamentState, pid: int) -> str:
    return "".join(e.colour.value.upper() if e.played and e.colour else "=" for e in state.by_id[pid].history)


# ---------------------------------------------------------------- standings with tie-breaks


def as_decimal(value: object) -> object:
    """Fractions of a point as exact decimals (21.5, 14.75), for the templates to localise."""
    if isinstance(value, Fraction):
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
    table, rows = caching.computed_once(
        tournament.pk, caching.rounds_through(number), f"table:{number}", lambda: _table(tournament, number)
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
        changes = caching.computed_once(
            tournament.pk,
            caching.rounds_through(number),
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
        shown["body"] = caching.computed_once(
            tournament.pk,
            caching.rounds_through(number),
            f"table-html:{number}:{translation.get_language()}:{int(with_change)}",
            lambda: table_body(rows, rating_change=with_change),
            shared=True,
        )
    return shown, done


# ---------------------------------------------------------------- the big tables' rows
# A 2,000-player table is 2,000 rows of ten to twenty cells: the template language takes
# half a second over them, these functions some milliseconds, for the same bytes
# (tests/web/test_public.py compares them with the template they replace).


class _Shown:
    """A value as ``{{ value }}`` shows it in the reader's language (localised, escaped);
    each distinct value is converted once per table."""

    def __init__(self) -> None:
        self.seen: dict[tuple[type, str], str] = {}
        # localize() gives an int as str() does unless thousands are grouped.
        self.plain_ints = not settings.USE_THOUSAND_SEPARATOR

    def __call__(self, value: object) -> str:
        kind = type(value)
        if kind is str:
            return escape(value)  # localize() leaves a string as it is
        if kind is int and self.plain_ints:
            return str(value)
        key = (kind, str(value))
        text = self.seen.get(key)
        if text is None:
            text = self.seen[key] = conditional_escape(localize(value))
        return text


def table_body(rows: list[TableRow], *, rating_change: bool = False) -> SafeString:
    """The rows of tourney/reports/_standings_table.html: rank, player, the crosstable's
    cells (if any), points and tie-break values ("–" where one does not apply), and with
    *rating_change* the rating change (empty for a player with none)."""
    shown = _Shown()
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
            f'    <td class="name">{shown(p.name)}</td>\n'
            f"    <td>{shown(p.title)}</td>\n    <td>{shown(p.federation)}</td>\n"
            f'    <td class="rating">{shown(p.rating) if p.rating else ""}</td>\n    {cells}\n'
            f'    <td class="points">{shown(row.points)}</td>\n    {values}\n  </tr>'
        )
    return mark_safe("".join(out))  # every value escaped above


# The "P" of tourney/_rating.html and of a provisional ARO: the templates' own words.
_PROVISIONAL_MARK = '{%% load i18n %%}<abbr class="provisional" title="{%% translate \'%s\' %%}">P</abbr>'
_PROVISIONAL_MARKS = (
    _PROVISIONAL_MARK % "provisional rating: not reported to FIDE",
    _PROVISIONAL_MARK % "counts a provisional rating",
)


def _provisional_marks() -> dict[str, str]:
    """The "P" marks of tourney/_rating.html and of a provisional ARO, in the reader's language."""
    rating, aro = (engines["django"].from_string(text).render({}) for text in _PROVISIONAL_MARKS)
    return {"rating": rating, "aro": aro}


def points_text(tenths: int | None) -> str:
    """25 -> '2½', 5 -> '½', 10 -> '1', 13 -> '1.3' (the templates' ``points`` filter)."""
    from tourney.templatetags.tourney_tags import points

    return points(tenths)


def _url_pattern(name: str, **kwargs: object) -> tuple[str, str]:
    """The URL *name* with its last argument left out: (before, after) it."""
    sentinel = 987654321
    last = next(reversed(kwargs))
    url = reverse(name, kwargs={**kwargs, last: sentinel})
    before, after = url.split(str(sentinel))
    return before, after


def points_body(tournament: Tournament, number: int, rows: list[StandingsRow]) -> SafeString:
    """The rows of the points and ARO list (tourney/round_standings.html) after round *number*."""
    shown = _Shown()
    marks = _provisional_marks()
    before, after = _url_pattern("player_card", tournament_id=tournament.pk, player_id=0)
    out = []
    for r in rows:
        p = r.player
        withdrawn = ' class="withdrawn"' if p.withdrawal_round and p.withdrawal_round <= number else ""
        if p.rating:
            rating = shown(p.rating)
        elif p.provisional_rating:
            rating = f"{shown(p.provisional_rating)} {marks['rating']}"
        else:
            rating = ""
        aro = (shown(r.aro) if r.aro else "–") + (f" {marks['aro']}" if r.aro_provisional else "")
        out.append(
            f"\n      <tr{withdrawn}><td>{shown(r.rank)}</td><td>{shown(p.pairing_number)}</td>"
            f'<td><a href="{before}{p.pk}{after}">{shown(p.name)}</a></td>\n'
            f'        <td class="wide">{shown(p.federation)}</td><td>{rating}</td>'
            f'<td class="points">{conditional_escape(points_text(r.points))}</td>'
            f'<td class="aro">{aro}</td><td class="wide">{shown(r.played)}</td></tr>\n    '
        )
    return mark_safe("".join(out))  # every value escaped above


def points_list(tournament: Tournament, number: int) -> tuple[list[StandingsRow], SafeString]:
    """The points and ARO list after round *number*: its rows and their HTML (once per
    change of those rounds and per language while the public pages render)."""
    rows = standings(tournament, number)
    body = caching.computed_once(
        tournament.pk,
        caching.rounds_through(number),
        f"points-html:{number}:{translation.get_language()}",
        lambda: points_body(tournament, number, rows),
        shared=True,
    )
    return rows, body


# A crosstable cell's result sign for each outcome (C.07 / TRF codes), and the FIDE
# acronym of an unplayed round.
_RESULT_SIGN = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
    Outcome.UNRATED_WIN: "1",
    Outcome.UNRATED_DRAW: "½",
    Outcome.UNRATED_LOSS: "0",
    Outcome.PAIRING_BYE: "PAB",
    Outcome.FULL_BYE: "FPB",
    Outcome.HALF_BYE: "HPB",
    Outcome.ZERO_BYE: "ZPB",
    Outcome.NOT_PAIRED: "",
}


def cell(entry: adapter.RoundEntry | None) -> str:
    """One crosstable cell: opponent's starting number, colour, result (``12w½``); a
    game still without a result as ``12w``; an unplayed round as its FIDE acronym
    (PAB, FPB, HPB, ZPB) or its forfeit sign."""
    if entry is None:
        return ""
    sign = _RESULT_SIGN[entry.outcome]
    if entry.opponent is None:
        return sign
    colour = entry.colour.value if entry.colour is not None else ""
    return f"{entry.opponent}{colour}{sign}"


def crosstable_rows(tournament: Tournament, rows: list[TableRow], rounds: range) -> list[TableRow]:
    """The standings' rows with a cell for each of *rounds* (published rounds only)."""
    last = rounds.stop - 1 if rounds else 0
    histories = {p.id: p.history for p in public_state(tournament, last).players}
    pending = adapter.pending_games(tournament, last)

    def entry(player: int, number: int) -> adapter.RoundEntry | None:
        history = histories.get(player, ())
        if number <= len(history) and history[number - 1].outcome is not Outcome.NOT_PAIRED:
            return history[number - 1]
        return pending.get((number, player))

    return [
        TableRow(r.rank, r.player, r.points, r.values, tuple(cell(entry(r.player.pairing_number, k)) for k in rounds))
        for r in rows
    ]


def scores_before(rnd: Round) -> dict[int, object]:
    """Each player's points before *rnd*, by starting rank (none while an earlier round
    has a game without result)."""
    try:
        state = adapter.state_for_round(rnd)
    except adapter.IncompleteRound:
        return {}
    return {p.id: as_decimal(Fraction(state.score(p.id), 10)) for p in state.players}

"""The points standings and the ARO list (pairing.engine.aro), and the rounds a reader sees."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from django.db.models import Max
from django.template import engines
from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from pairing import adapter
from pairing.engine.aro import aros, played_opponents_in_order
from tourney.caching import BASE, computed
from tourney.models import Player, Tournament
from tourney.presentation.shown import Shown, url_pattern
from tourney.standings import public_state
from tourney.templatetags.tourney_tags import points as points_text


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
    return computed.computed_once(
        tournament.pk, computed.rounds_through(after), f"points:{after}", lambda: _standings(tournament, after)
    )


def players_by_number(tournament: Tournament) -> dict[int, Player]:
    """The tournament's players by starting number (once per change of the players while
    the public pages render)."""
    return computed.computed_once(
        tournament.pk,
        (BASE,),
        "players",
        lambda: {p.pairing_number: p for p in tournament.players.all()},
    )


def public_aros(tournament: Tournament, after: int, state: adapter.TournamentState | None = None) -> dict[int, int]:
    """Each player's ARO after round *after* (*state*: the public state after it, if in hand)."""
    return computed.computed_once(
        tournament.pk,
        computed.rounds_through(after),
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


def points_body(tournament: Tournament, number: int, rows: list[StandingsRow]) -> SafeString:
    """The rows of the points and ARO list (tourney/round_standings.html) after round *number*."""
    shown = Shown()
    marks = _provisional_marks()
    before, after = url_pattern("player_card", tournament_id=tournament.pk, player_id=0)
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
    body = computed.computed_once(
        tournament.pk,
        computed.rounds_through(number),
        f"points-html:{number}:{translation.get_language()}",
        lambda: points_body(tournament, number, rows),
        shared=True,
    )
    return rows, body

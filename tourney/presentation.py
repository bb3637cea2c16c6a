"""What the pages show, computed from the engines' one definition of each rule.

Standings (points only; the full table with tie-breaks is the reports' page), the ARO
list (pairing.engine.aro), player cards, and the facts that explain a draft pairing:
colour preferences (pairing.engine.common.colours) and floats (C.04.3 A.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing.engine.aro import aros
from pairing.engine.common.colours import Strength, colour_preference
from pairing.engine.dubov.players import dubov_colour_preference
from pairing.engine.dutch.players import Float, float_in_round
from pairing.engine.state import Colour, Outcome, PairingError, TournamentState
from tourney import adapters
from tourney.models import Bye, Game, Player, Round, RoundStatus, Tournament

PUBLIC = (RoundStatus.PUBLISHED, RoundStatus.CLOSED)


def last_public_round(tournament: Tournament) -> int:
    return tournament.round_set.filter(status__in=PUBLIC).aggregate(n=Max("number"))["n"] or 0


@dataclass(frozen=True)
class StandingsRow:
    rank: str
    player: Player
    points: int
    aro: int
    played: int


def standings(tournament: Tournament, after: int) -> list[StandingsRow]:
    """Points after *after* rounds (published rounds, results so far), then initial order;
    equal points share the rank. The ARO of each player beside (C.04.4.1 A.6)."""
    state = adapters.state_after(tournament, after)
    values = aros(state)
    players = {p.pairing_number: p for p in tournament.players.all()}
    order = sorted(state.players, key=lambda p: (-state.score(p.id), p.id))
    rows, k = [], 0
    while k < len(order):
        score = state.score(order[k].id)
        tied = [p for p in order[k:] if state.score(p.id) == score]
        rank = str(k + 1) if len(tied) == 1 else f"{k + 1}-{k + len(tied)}"
        for p in tied:
            played = sum(1 for e in p.history if e.played)
            rows.append(StandingsRow(rank, players[p.id], score, values[p.id], played))
        k += len(tied)
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
    state = adapters.state_after(tournament, after)
    by_number = {p.pairing_number: p for p in tournament.players.all()}
    games = _games_of(tournament, player)
    boards = {k: g.board for k, g in games.items()}
    byes = {
        b.round.number: b for b in Bye.objects.filter(player=player, round__status__in=PUBLIC).select_related("round")
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
    return rows, state.score(player.pairing_number), aros(state)[player.pairing_number]


def _games_of(tournament: Tournament, player: Player) -> dict[int, Game]:
    games = Game.objects.filter(round__tournament=tournament, round__status__in=PUBLIC).filter(
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
        state, _warnings = adapters.prepared_state(rnd)
    except (adapters.IncompleteRound, PairingError):  # an unfinished past: nothing to explain
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
            _FLOAT[float_in_round(state, p.id, r)] or "·"
            for r in (state.round_to_pair - 2, state.round_to_pair - 1)
            if r >= 1
        )
        out[p.id] = Explanation(state.pairing_score(p.id), text, floats)
    return out


def history_text(state: TournamentState, pid: int) -> str:
    return "".join(e.colour.value.upper() if e.played and e.colour else "=" for e in state.by_id[pid].history)

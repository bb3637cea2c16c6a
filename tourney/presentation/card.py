"""A player's card: his published rounds, with the points after each, his total and ARO."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _

from pairing.engine.state import Colour, Outcome
from tourney.models import PUBLIC_STATUSES, Bye, Game, Player, Tournament
from tourney.presentation.points import last_public_round, players_by_number, public_aros
from tourney.services import teams
from tourney.standings import public_state

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
    if tournament.two_games:
        rows = _match_rows(state, me.history, by_number, boards, byes, games, player)
        return rows, state.score(player.pairing_number), public_aros(tournament, after, state)[player.pairing_number]
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


def _match_rows(
    state: object,
    history: tuple,
    by_number: dict[int, Player],
    boards: dict[int, int],
    byes: dict[int, Bye],
    games: dict[int, Game],
    player: Player,
) -> list[CardRow]:
    """A Double-Swiss player's rows, one per match (columns 2k-1 and 2k of the state): the
    game-1 colour, both games' results ("1 ½"), the points after the match (C.04.5)."""
    rows, total = [], 0
    for k in range(1, len(history) // 2 + 1):
        one, two = history[2 * k - 2], history[2 * k - 1]
        total += state.scoring.points(one.outcome) + state.scoring.points(two.outcome)  # type: ignore[attr-defined]
        opponent = one.opponent if one.opponent is not None else two.opponent
        if k in games:
            g = games[k]
            colour = _("White") if g.white_id == player.pk else _("Black")
            shown = " ".join(OUTCOME_TEXT.get(e.outcome, "…") for e in (one, two))
            rival = g.black if g.white_id == player.pk else g.white
            rows.append(CardRow(k, g.board, colour, by_number.get(opponent) if opponent else rival, shown, total))
        elif k in byes:
            rows.append(CardRow(k, None, "", None, byes[k].get_kind_display(), total))
        else:
            rows.append(CardRow(k, boards.get(k), "", None, _("not paired"), total))
    return rows


def _games_of(tournament: Tournament, player: Player) -> dict[int, Game]:
    """The player's games of the published rounds; a team match's board only once its
    lineups are out (docs/team.md W16)."""
    games = Game.objects.filter(round__tournament=tournament, round__status__in=PUBLIC_STATUSES).filter(
        Q(white=player) | Q(black=player)
    )
    return {
        g.round.number: g
        for g in games.select_related("round__tournament", "white", "black", "match")
        if g.match is None or teams.lineups_visible(g.round, g.match)
    }

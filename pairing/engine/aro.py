"""Average Rating of Opponents (C.04.4.1 A.6, Dubov system, Batumi 2018).

The one place ARO is computed: the Dubov engine, the command line (``--aro``) and the
web pages all call these functions.

A.6: the sum of the ratings of the opponents met over the board (only played games:
forfeits and byes do not count, C.04.2.D.6), divided by the number of such opponents,
rounded to the nearest integer, .5 upwards; zero for a player who has yet to play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pairing.engine.state import Player, TournamentState


def average_rating(ratings: Iterable[int]) -> int:
    """A.6 rounding: the nearest integer, the higher one when the division ends in .5."""
    values = list(ratings)
    if not values:
        return 0
    total, count = sum(values), len(values)
    return (2 * total + count) // (2 * count)


def played_opponents_in_order(player: Player, rounds: int | None = None) -> list[int]:
    """Opponents met over the board in the first *rounds* rounds (all when None)."""
    history = player.history if rounds is None else player.history[:rounds]
    return [e.opponent for e in history if e.played and e.opponent is not None]


def aro(
    state_or_player: TournamentState | Player,
    player_id: int | None = None,
    *,
    ratings: Mapping[int, int] | None = None,
    rounds: int | None = None,
) -> int:
    """A player's ARO after *rounds* rounds (default: every round in the history).

    Call it as ``aro(state, player_id)`` or ``aro(player, ratings={id: rating})``.
    """
    if isinstance(state_or_player, TournamentState):
        if player_id is None:
            raise TypeError("aro(state, player_id): the player id is missing")
        state = state_or_player
        player = state.by_id[player_id]
        rating_of = {p.id: p.rating for p in state.players} if ratings is None else ratings
    else:
        player = state_or_player
        if ratings is None:
            raise TypeError("aro(player, ratings=...): the opponents' ratings are needed")
        rating_of = ratings
    return average_rating(rating_of.get(o, 0) for o in played_opponents_in_order(player, rounds))


def aros(state: TournamentState, rounds: int | None = None) -> dict[int, int]:
    """Every player's ARO after *rounds* rounds (default: all rounds in the state)."""
    ratings = {p.id: p.rating for p in state.players}
    return {p.id: aro(p, ratings=ratings, rounds=rounds) for p in state.players}


def aro_list(state: TournamentState) -> list[tuple[int, str, int, int]]:
    """The ARO list published after a round: ``(id, name, score in tenths, ARO)``.

    In rank order: score descending, then the initial ranking list (C.04.2.B).
    """
    values = aros(state)
    order = sorted(state.players, key=lambda p: (-state.score(p.id), p.id))
    return [(p.id, p.name, state.score(p.id), values[p.id]) for p in order]

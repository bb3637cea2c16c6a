"""Who was in the list when, as the acceleration rules need it (C.04.2.B/C).

Every acceleration rule starts from a list fixed before round 1 and says what happens to
players who join later. The state records no registration date, so the history tells:
a player with any record for round 1 (a game, a bye, an announced absence such as TRF's
``0000 - Z``) was in the list before round 1; a player with nothing recorded for round 1
(:attr:`Outcome.NOT_PAIRED`) entered later (a late entry, C.04.2.C). When round 1 itself
is being paired there is no history: every player of the state is in the list.
"""

from __future__ import annotations

from pairing.engine.state import Outcome, Player, TournamentState


def in_round_one_list(state: TournamentState, player: Player) -> bool:
    """Was *player* in the initial list, the one split before round 1?"""
    if state.round_to_pair == 1:
        return True
    return bool(player.history) and player.history[0].outcome is not Outcome.NOT_PAIRED


def round_one_list(state: TournamentState) -> tuple[Player, ...]:
    """The players of the initial list, in initial order (C.04.2.B)."""
    return tuple(p for p in state.players if in_round_one_list(state, p))


def pairing_numbers_in(state: TournamentState, round_number: int) -> dict[int, int]:
    """Effective pairing numbers (C.04.2.C.3) of round *round_number*.

    For the round being paired (or a later one, as a projection) these are
    :attr:`TournamentState.pairing_numbers`; for an earlier round they are rebuilt from the
    history: a player is numbered once he has been paired (a game, forfeited or not, or the
    PAB) in that round or before, exactly as ``pairing_numbers`` does when that round was paired.
    """
    if round_number >= state.round_to_pair:
        return state.pairing_numbers
    numbers: dict[int, int] = {}
    for p in state.players:
        if any(e.opponent is not None or e.outcome is Outcome.PAIRING_BYE for e in p.history[:round_number]):
            numbers[p.id] = len(numbers) + 1
    return numbers


def real_score_for(state: TournamentState, player_id: int, round_number: int) -> int:
    """Real points (tenths) before *round_number*; for a later round than the one being
    paired, the points so far (a projection: those rounds are not played yet)."""
    return state.score_before(player_id, min(round_number, state.round_to_pair))

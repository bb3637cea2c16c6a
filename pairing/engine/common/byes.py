"""Who may still receive the pairing-allocated bye (PAB): one rule per edition of C.04.1.

- 2017 (C.04.1.d of the seed texts): not a player who already received a PAB or scored
  a forfeit win ("a point without playing" because the opponent did not appear).
- 2026 (C.04.1 article 4): not a player who already received a PAB, or who already
  scored, in one single round and without playing, as many points as a win is worth:
  a forfeit win, and also a requested full-point bye (or any unplayed round the
  regulations score as a win). A half-point bye or a zero-point bye does not bar it.

Every system of an edition reads this one function (Dubov and Burstein name it C2).
"""

from __future__ import annotations

from pairing.engine.common.editions import EDITION_2026
from pairing.engine.state import Outcome, Player, TournamentState


def scored_a_win_without_playing(state: TournamentState, player: Player) -> bool:
    """C.04.1 art. 4 (2026): a round, not played over the board, worth a win's points."""
    win = state.scoring.win
    return win > 0 and any(
        not e.played and e.outcome is not Outcome.NOT_PAIRED and state.scoring.points(e.outcome) >= win
        for e in player.history
    )


def pab_eligible(state: TournamentState, player: Player, edition: str | None = None) -> bool:
    """May *player* receive the PAB this round, under the *edition* of C.04.1?"""
    if edition == EDITION_2026:
        had_pab = any(e.outcome is Outcome.PAIRING_BYE for e in player.history)
        return not had_pab and not scored_a_win_without_playing(state, player)
    return not player.has_had_bye_or_forfeit_win()  # C.04.1.d (seed texts)

"""The general rules each edition sets for every Swiss system: who may receive the
pairing-allocated bye, which unplayed rounds count as a float, what counts in a colour
history. One function per rule, the edition a parameter; the systems read them from here.

2017 (C.04.1 and C.04.2 in force until 31 January 2026):
  C.04.1.d: a player who already received a PAB, or a forfeit win (the opponent did not
  appear), shall not receive the PAB. A requested bye does not count.
  C.04.3 A.4.b: a player who did not play a round (bye, absence, forfeit) is counted as
  having downfloated in it (the reference engines' reading, see docs/dutch.md).
2026 (C.04.1 and C.04.2 applied from 1 February 2026, C.04.3 1.4):
  C.04.1 art. 4: a player who already received a PAB, or already scored in one single
  round, without playing, as many points as a win (a full-point bye, a forfeit win),
  shall not receive the PAB.
  C.04.3: the PAB receiver and a player who scores more than a loss without playing get
  a downfloat; a forfeit loss, a zero-point bye or an absence is no float.
Both: only played games count in the colour history; the unplayed rounds are moved to
its front (C.04.2 2026 3.4: W B W - B reads - W B W B), so that "the last round" of a
colour rule is the last round played (:meth:`pairing.engine.state.Player.colour_sequence`).
"""

from __future__ import annotations

from pairing.engine.common.editions import EDITION_2017
from pairing.engine.state import Outcome, Player, RoundEntry, Scoring


def pab_eligible(player: Player, scoring: Scoring, edition: str) -> bool:
    """May *player* receive the pairing-allocated bye this round (C.04.1.d / art. 4)?"""
    if edition == EDITION_2017:
        return not any(e.outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN) for e in player.history)
    return not any(
        e.outcome is Outcome.PAIRING_BYE or (not e.played and scoring.points(e.outcome) >= scoring.win)
        for e in player.history
    )


def unplayed_round_is_downfloat(entry: RoundEntry, scoring: Scoring, edition: str) -> bool:
    """Does a round *entry* in which no game was played count as a downfloat?"""
    if edition == EDITION_2017:
        return True
    return entry.outcome is Outcome.PAIRING_BYE or scoring.points(entry.outcome) > scoring.loss


def unplayed_games(player: Player) -> int:
    """The rounds *player* did not play over the board so far (C.04.3 2026 C9)."""
    return sum(1 for e in player.history if not e.played)

"""C.04.4.2 rule 3.2: the order of players inside a score group.

Players are arranged by (1) Sonneborn-Berger, (2) Buchholz, (3) Median, (4) rating,
all recomputed every round from the tournament itself (Preface). The same keys,
reversed, choose the pairing-allocated bye (4.2, 4.3) and break colour ties (5.4).

Decisions where the text is silent, each documented once here:
- Only games played over the board count (C.04.2.D.5/D.6 treat unplayed games as
  no games): a forfeit or a bye adds nothing to SB, Buchholz or Median.
- Opponents' scores are their scores for this pairing: with the 3.3 acceleration, the
  imaginary point is "added to the score" of the top half in rounds 1 and 2, so in
  round 2 it is part of an opponent's score in SB, Buchholz and Median too.
- Median is the Buchholz without the highest and the lowest opponent's score, when
  there are at least three opponents; with fewer it equals the Buchholz.
- Rule 2 (unfinished games count as draws) needs no code here: the state records
  only finished results; an adjourned game is entered as a draw by the caller.
- After rating, the pairing number decides (lower number first), so the order is total.
All values are integers in twentieths of a point (scores are tenths; SB halves them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pairing.engine.state import Outcome, TournamentState

_WIN = frozenset({Outcome.WIN, Outcome.UNRATED_WIN})
_DRAW = frozenset({Outcome.DRAW, Outcome.UNRATED_DRAW})


@dataclass(frozen=True, order=True)
class Strength:
    """The 3.2 sort key of one player: larger is higher in the score group."""

    sonneborn_berger: int
    buchholz: int
    median: int
    rating: int
    minus_number: int  # lower pairing number ranks higher

    @property
    def tiebreaks(self) -> tuple[int, int, int]:
        return (self.sonneborn_berger, self.buchholz, self.median)


def strengths(state: TournamentState, score: Callable[[int], int] | None = None) -> dict[int, Strength]:
    """Strength of every player with a pairing number, computed once per round.

    *score* gives a player's score in tenths (default: the real score).
    """
    numbers = state.pairing_numbers
    score = score or state.score
    scores = {p.id: score(p.id) for p in state.players}
    result: dict[int, Strength] = {}
    for player in state.players:
        if player.id not in numbers:
            continue
        sb = 0
        opponent_scores: list[int] = []
        for entry in player.history:
            if not entry.played:
                continue
            opponent = scores.get(entry.opponent, 0)
            opponent_scores.append(opponent)
            if entry.outcome in _WIN:
                sb += 2 * opponent
            elif entry.outcome in _DRAW:
                sb += opponent
        buchholz = 2 * sum(opponent_scores)
        median = buchholz
        if len(opponent_scores) >= 3:
            median -= 2 * (max(opponent_scores) + min(opponent_scores))
        result[player.id] = Strength(sb, buchholz, median, player.rating, -numbers[player.id])
    return result

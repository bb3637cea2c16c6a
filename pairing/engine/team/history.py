"""From the rounds as played to the :class:`~pairing.engine.team.model.Team` the system reads.

Each team's round is a :class:`TeamResult`: whom it met (TPN), the colour its first board
had, what kind of round it was and the match and game points it scored. Derived here:

- colours: first board, played matches only (art. 1.6.1), unplayed rounds squeezed out
  (C.04.2 2026 art. 3.4);
- opponents: played matches only; teams whose match was not played may meet again
  (C.04.2 2026 art. 3.5);
- the PAB bar of [C2] (art. 2.1.2): a PAB, a match won by forfeit, a full-point bye;
- matches played (art. 3.4.3): played matches only (reading, docs/team.md);
- floated (art. 1.5): in the previous round the team played an opponent whose score
  (the primary score, before that round) differed from its own; a bye is no float.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from pairing.engine.state import Colour
from pairing.engine.team.model import PrimaryScore, Team


class RoundKind(Enum):
    PLAYED = "played"
    FORFEIT_WIN = "forfeit_win"  # the opponent did not appear
    FORFEIT_LOSS = "forfeit_loss"
    DOUBLE_FORFEIT = "double_forfeit"
    PAB = "pab"  # pairing-allocated-bye (art. 1.4)
    FULL_BYE = "full_bye"  # FIDE-deprecated full-point bye
    HALF_BYE = "half_bye"
    ZERO_BYE = "zero_bye"  # absent, announced or not, withdrawn, not yet entered


@dataclass(frozen=True)
class TeamResult:
    kind: RoundKind
    opponent: int | None = None
    colour: Colour | None = None  # the colour of the team's first board
    match_points: int = 0
    game_points: int = 0


_BARS_PAB = frozenset({RoundKind.PAB, RoundKind.FORFEIT_WIN, RoundKind.FULL_BYE})


def teams_before(
    histories: Mapping[int, Sequence[TeamResult]], primary: PrimaryScore = PrimaryScore.MATCH_POINTS
) -> dict[int, Team]:
    """Every team of *histories* (TPN -> its rounds so far, all of the same length) as the
    next round reads it."""
    rounds = max((len(h) for h in histories.values()), default=0)

    def score_before(tpn: int, round_index: int) -> int:
        results = histories[tpn][:round_index]
        return sum(r.match_points if primary is PrimaryScore.MATCH_POINTS else r.game_points for r in results)

    teams = {}
    for tpn, results in histories.items():
        played = [r for r in results if r.kind is RoundKind.PLAYED]
        floated = False
        if rounds and len(results) == rounds:
            last = results[-1]
            if last.kind is RoundKind.PLAYED and last.opponent is not None:
                floated = score_before(tpn, rounds - 1) != score_before(last.opponent, rounds - 1)
        teams[tpn] = Team(
            tpn=tpn,
            match_points=sum(r.match_points for r in results),
            game_points=sum(r.game_points for r in results),
            colours=tuple(r.colour for r in played if r.colour is not None),
            opponents=frozenset(r.opponent for r in played if r.opponent is not None),
            pab_barred=any(r.kind in _BARS_PAB for r in results),
            matches_played=len(played),
            floated=floated,
        )
    return teams

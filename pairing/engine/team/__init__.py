"""The FIDE Swiss Team Pairing System, C.04.6 (approved 28/10/2025, applied from
1 February 2026): plain data in (:class:`TeamRound`), the round's matches out
(:class:`TeamPairing`). Pure Python, standard library only. See docs/team.md for where
each article lives and every reading the text leaves open."""

from __future__ import annotations

from pairing.engine.team.model import ColourPreferences, Match, PrimaryScore, Team, TeamPairing, TeamRound
from pairing.engine.team.procedure import pair_round

EDITIONS = ("2026",)

__all__ = ["EDITIONS", "ColourPreferences", "Match", "PrimaryScore", "Team", "TeamPairing", "TeamRound", "pair_round"]

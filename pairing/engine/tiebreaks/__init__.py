"""Tie-breaks of FIDE C.07 (the Tie-Break Regulations applied to every FIDE-rated event
from 2024, and the text in force from 1 March 2026 as an edition), as pure functions.

Plain data in (a :class:`~pairing.engine.state.TournamentState` whose histories hold the
rounds to count), values and standings out; no Django here. Modules:

* :mod:`.codes`: the tie-break codes (``BH/C1``...), their names and the presets;
* :mod:`.rounds`: each player's rounds and the unplayed-round rules of article 16;
* :mod:`.values`: one function per tie-break; :mod:`.ratings`: the rating-based ones
  (article 10); :mod:`.encounter`: direct encounter;
* :mod:`.standings`: the ranking by points and the ordered list;
* :mod:`.teams`: the team-competition tie-breaks (articles 11-13) on plain data;
* :mod:`.validity`: the combinations of a list C.07 forbids.
"""

from __future__ import annotations

from pairing.engine.tiebreaks.codes import (
    ALL_NAMES,
    MORE_NAMES,
    NAMES,
    PRESET_LABELS,
    PRESETS,
    TieBreak,
    TieBreakCodeError,
    parse,
    parse_list,
)
from pairing.engine.tiebreaks.rounds import EDITIONS, Crosstable
from pairing.engine.tiebreaks.standings import StandingRow, Standings, standings, tiebreak_values
from pairing.engine.tiebreaks.teams import TeamRound, TeamScoring, TeamTable, team_standings, team_values
from pairing.engine.tiebreaks.validity import Refusal, TournamentKind, list_refusals

__all__ = [
    "ALL_NAMES",
    "EDITIONS",
    "MORE_NAMES",
    "NAMES",
    "PRESETS",
    "PRESET_LABELS",
    "Crosstable",
    "Refusal",
    "StandingRow",
    "Standings",
    "TeamRound",
    "TeamScoring",
    "TeamTable",
    "TieBreak",
    "TieBreakCodeError",
    "TournamentKind",
    "edition_for",
    "list_refusals",
    "parse",
    "parse_list",
    "standings",
    "team_standings",
    "team_values",
    "tiebreak_values",
]


def edition_for(start_date: str | None) -> str:
    """The C.07 edition in force on *start_date* (ISO ``YYYY-MM-DD``): the 2026 amendment
    applies to tournaments starting from 1 March 2026; no date, the 2024 text."""
    if start_date and start_date[:10] >= "2026-03-01":
        return "2026"
    return "2024"

"""Tie-breaks of FIDE C.07 (the Tie-Break Regulations applied to every FIDE-rated event
from 2024, with the 2026 amendment of article 16.4 as an edition), as pure functions.

Plain data in (a :class:`~pairing.engine.state.TournamentState` whose histories hold the
rounds to count), values and standings out; no Django here. Modules:

* :mod:`.codes`: the tie-break codes (``BH/C1``...), their names and the presets;
* :mod:`.rounds`: each player's rounds and the unplayed-round rules of article 16;
* :mod:`.values`: one function per tie-break; :mod:`.encounter`: direct encounter;
* :mod:`.standings`: the ranking by points and the ordered list.
"""

from __future__ import annotations

from pairing.engine.tiebreaks.codes import (
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

__all__ = [
    "EDITIONS",
    "NAMES",
    "PRESETS",
    "PRESET_LABELS",
    "Crosstable",
    "StandingRow",
    "Standings",
    "TieBreak",
    "TieBreakCodeError",
    "edition_for",
    "parse",
    "parse_list",
    "standings",
    "tiebreak_values",
]


def edition_for(start_date: str | None) -> str:
    """The C.07 edition in force on *start_date* (ISO ``YYYY-MM-DD``): the 2026 amendment
    applies to tournaments starting from 1 March 2026; no date, the 2024 text."""
    if start_date and start_date[:10] >= "2026-03-01":
        return "2026"
    return "2024"

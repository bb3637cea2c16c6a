"""Tie-break codes: the acronyms of C.07 with their modifiers, as text and back.

A code is ``NAME`` or ``NAME/MODIFIER...``, the notation of the FIDE technical
commission's tools (and of TRF-2026 record 202):

    BH        Buchholz (C.07 8.1)            BH/C1  Buchholz Cut-1 (14.1)
    BH/C2     Buchholz Cut-2 (14.2)          BH/M1  Median-1 (14.3), BH/M2 Median-2 (14.4)
    SB        Sonneborn-Berger (9.1)         ARO    average rating of opponents (10.1)
    TPR       tournament performance rating (10.2)
    DE        direct encounter (6)           WIN    number of wins (7.1)
    WON       games won over the board (7.2) BPG    games played with Black (7.3)
    BWG       games won with Black (7.4)     REP    rounds one elected to play (7.5)
    PS        progressive score (7.6), PS/C1 without round 1 (14.1)
    PTS       points

``/C<n>`` cuts the n least significant values, ``/M<n>`` the n least and the n most
significant ones; ``/U<rating>`` gives the rating that unrated opponents count with
(C.07 15: the tournament regulations state it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NAMES: dict[str, str] = {
    "PTS": "Points",
    "BH": "Buchholz",
    "SB": "Sonneborn-Berger",
    "ARO": "Average rating of opponents",
    "TPR": "Tournament performance rating",
    "DE": "Direct encounter",
    "WIN": "Number of wins",
    "WON": "Number of games won",
    "BPG": "Games played with Black",
    "BWG": "Games won with Black",
    "REP": "Rounds one elected to play",
    "PS": "Progressive score",
}
SHORT: dict[str, str] = {
    "PTS": "Pts",
    "BH": "BH",
    "SB": "SB",
    "ARO": "ARO",
    "TPR": "TPR",
    "DE": "DE",
    "WIN": "Wins",
    "WON": "Won",
    "BPG": "Black",
    "BWG": "Won Black",
    "REP": "REP",
    "PS": "Prog.",
}
CUTTABLE = frozenset({"BH", "SB", "ARO", "TPR", "PS"})  # C.07 14: the modifiers apply to sums of values
MEDIAN_ALLOWED = frozenset({"BH", "SB", "ARO", "TPR"})  # Median cuts both ends; PS has one end only
RATING_BASED = frozenset({"ARO", "TPR"})

_MODIFIER = re.compile(r"([CMU])(\d+)")


class TieBreakCodeError(ValueError):
    """A code that is not a known tie-break, or a modifier it does not take."""


@dataclass(frozen=True)
class TieBreak:
    """One entry of a tournament's ordered tie-break list."""

    name: str
    cut_low: int = 0
    cut_high: int = 0
    unrated_rating: int | None = None

    @property
    def code(self) -> str:
        text = self.name + self._cut("/M", "/C")
        if self.unrated_rating is not None:
            text += f"/U{self.unrated_rating}"
        return text

    @property
    def label(self) -> str:
        """The English name, with its modifier: "Buchholz Cut-1", "Sonneborn-Berger"."""
        return NAMES[self.name] + self._cut(" Median-", " Cut-")

    @property
    def short(self) -> str:
        """A column heading: "BH-C1", "SB", "ARO-M1"."""
        return SHORT[self.name] + self._cut("-M", "-C")

    def _cut(self, median: str, cut: str) -> str:
        """The cut modifier written with *median* (as many cut at each end) or *cut*, then
        the number of results cut; nothing without a cut."""
        if self.cut_low and self.cut_low == self.cut_high:
            return f"{median}{self.cut_low}"
        if self.cut_low:
            return f"{cut}{self.cut_low}"
        return ""


def parse(code: str) -> TieBreak:
    """``"BH/C1"`` -> ``TieBreak("BH", cut_low=1)``; unknown names and modifiers are refused."""
    parts = code.strip().upper().split("/")
    name = parts[0]
    if name not in NAMES:
        raise TieBreakCodeError(f"unknown tie-break {code!r}; known: {', '.join(NAMES)}")
    low = high = 0
    unrated = None
    for part in parts[1:]:
        match = _MODIFIER.fullmatch(part)
        if not match:
            raise TieBreakCodeError(f"bad modifier {part!r} in {code!r}: expected C<n>, M<n> or U<rating>")
        letter, number = match.group(1), int(match.group(2))
        if letter == "U":
            if name not in RATING_BASED:
                raise TieBreakCodeError(f"{code!r}: only rating-based tie-breaks take a rating for unrated players")
            unrated = number
            continue
        if name not in CUTTABLE or (letter == "M" and name not in MEDIAN_ALLOWED):
            raise TieBreakCodeError(f"{code!r}: {NAMES[name]} takes no {'Median' if letter == 'M' else 'Cut'}")
        if number < 1:
            raise TieBreakCodeError(f"{code!r}: a cut of {number} values")
        low, high = (number, number) if letter == "M" else (number, 0)
    return TieBreak(name, low, high, unrated)


def parse_list(codes: list[str] | tuple[str, ...]) -> tuple[TieBreak, ...]:
    return tuple(parse(c) for c in codes)


# C.07 appendix recommendations, as ordered lists (points always come first).
PRESETS: dict[str, tuple[str, ...]] = {
    # Individual Swiss tournaments where not all players are rated the same way.
    "swiss": ("BH/C1", "BH", "SB", "DE", "WIN", "BWG"),
    "swiss-rated": ("ARO/C1", "BH/C1", "BH", "DE", "WIN"),
    "swiss-progressive": ("PS/C1", "BH/C1", "BH", "DE", "WIN"),
    "round-robin": ("DE", "SB", "WIN", "BWG"),
}
PRESET_LABELS: dict[str, str] = {
    "swiss": "Individual Swiss: Buchholz Cut-1, Buchholz, Sonneborn-Berger, direct encounter, wins, wins with Black",
    "swiss-rated": "Individual Swiss, all rated: ARO Cut-1, Buchholz Cut-1, Buchholz, direct encounter, wins",
    "swiss-progressive": "Swiss: progressive score Cut-1, Buchholz Cut-1, Buchholz, direct encounter, wins",
    "round-robin": "Round robin: direct encounter, Sonneborn-Berger, wins, wins with Black",
}

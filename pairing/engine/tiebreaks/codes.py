"""Tie-break codes: the acronyms of C.07 with their modifiers, as text and back.

A code is ``NAME`` or ``NAME/MODIFIER...``, the notation of the FIDE technical
commission's tools (and of TRF-2026 record 202):

    PTS   points                           DE    direct encounter (6)
    EDE   extended direct encounter (13.3; for one player, the same as DE)
    WIN   number of wins (7.1)             WON   games won over the board (7.2)
    BPG   games played with Black (7.3)    BWG   games won with Black (7.4)
    REP   rounds one elected to play (7.5) PS    progressive score (7.6)
    STD   standard points (7.7)            TPN   tournament pairing number (7.8)
    BH    Buchholz (8.1)                   AOB   average of opponents' Buchholz (8.2)
    FB    Fore Buchholz (8.3)              SB    Sonneborn-Berger (9.1)
    KS    Koya system (9.2)                ARO   average rating of opponents (10.1)
    TPR   tournament performance rating (10.2)
    PTP   perfect tournament performance (10.3)
    APRO  average performance rating of opponents (10.4)
    APPO  average perfect performance of opponents (10.5)
    RTNG  rating (10.6)

Modifiers (article 14 and the text's choices left to the regulations):

* ``/C<n>`` cuts the n least significant values, ``/M<n>`` the n least and the n most
  significant ones (14.1-14.4);
* ``/U<rating>`` the rating unrated players count with in the rating-based tie-breaks
  (C.07 10: the tournament regulations state it);
* ``/L<percent>``, ``/L+<n>``, ``/L-<n>``: the Koya limit (9.2, 14.5) as a percentage of
  the maximum score (default 50), moved up or down by n half points;
* ``/R``: TPN and RTNG sorted the other way round (7.8, 10.6 "alternatively");
* ``/F``: AOB averages the opponents' Fore Buchholz instead of their Buchholz (8.2);
* ``/P``: a forfeit counts as a game against the scheduled opponent (DE 6.1.1 and the
  Buchholz and Sonneborn-Berger sums, when the regulations say so; MTB26).

The team codes of articles 11-13 live in :mod:`.teams`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# The twelve families the web pages offer and translate (tourney/presentation.py).
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
# The rest of C.07 (2026) and MTB26: computed, checked in files, not yet offered by the pages.
MORE_NAMES: dict[str, str] = {
    "FB": "Fore Buchholz",
    "AOB": "Average of opponents' Buchholz",
    "KS": "Koya system",
    "PTP": "Perfect tournament performance",
    "APRO": "Average performance rating of opponents",
    "APPO": "Average perfect performance of opponents",
    "RTNG": "Rating",
    "EDE": "Extended direct encounter",
    "STD": "Standard points",
    "TPN": "Tournament pairing number",
}
ALL_NAMES: dict[str, str] = {**NAMES, **MORE_NAMES}
SHORT: dict[str, str] = {
    "PTS": "Pts",
    "BH": "BH",
    "FB": "FB",
    "AOB": "AOB",
    "SB": "SB",
    "KS": "KS",
    "ARO": "ARO",
    "TPR": "TPR",
    "PTP": "PTP",
    "APRO": "APRO",
    "APPO": "APPO",
    "RTNG": "Rtg",
    "DE": "DE",
    "EDE": "EDE",
    "WIN": "Wins",
    "WON": "Won",
    "BPG": "Black",
    "BWG": "Won Black",
    "REP": "REP",
    "PS": "Prog.",
    "STD": "Std",
    "TPN": "TPN",
}
# C.07 14: the cuts apply to sums and averages of values
CUTTABLE = frozenset({"BH", "FB", "SB", "ARO", "TPR", "PTP", "PS"})
MEDIAN_ALLOWED = frozenset({"BH", "FB", "SB", "ARO", "TPR", "PTP"})  # Median cuts both ends; PS has one end only
RATING_BASED = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})  # C.07 10
FORFEITS_AS_GAMES = frozenset({"DE", "EDE", "BH", "FB", "SB"})  # /P (MTB26)
REVERSIBLE = frozenset({"TPN", "RTNG"})  # 7.8, 10.6: "alternatively ... in reverse order"
DIRECT_ENCOUNTER = frozenset({"DE", "EDE"})
KOYA_DEFAULT_PERCENT = 50  # 9.2: opponents who scored 50% or more

_MODIFIER = re.compile(r"([CMU])(\d+)|L([+-]?)(\d+)|([RFP])")


class TieBreakCodeError(ValueError):
    """A code that is not a known tie-break, or a modifier it does not take."""


@dataclass(frozen=True)
class TieBreak:
    """One entry of a tournament's ordered tie-break list."""

    name: str
    cut_low: int = 0
    cut_high: int = 0
    unrated_rating: int | None = None
    koya_percent: int = KOYA_DEFAULT_PERCENT
    koya_half_points: int = 0  # 14.5: the Koya limit moved by this many half points
    reverse: bool = False
    fore: bool = False
    forfeits_played: bool = False

    @property
    def code(self) -> str:
        text = self.name + self._cut("/M", "/C")
        if self.koya_percent != KOYA_DEFAULT_PERCENT:
            text += f"/L{self.koya_percent}"
        if self.koya_half_points:
            text += f"/L{self.koya_half_points:+d}"
        if self.fore:
            text += "/F"
        if self.forfeits_played:
            text += "/P"
        if self.reverse:
            text += "/R"
        if self.unrated_rating is not None:
            text += f"/U{self.unrated_rating}"
        return text

    @property
    def label(self) -> str:
        """The English name, with its modifier: "Buchholz Cut-1", "Sonneborn-Berger"."""
        text = ALL_NAMES[self.name] + self._cut(" Median-", " Cut-")
        if self.fore:
            text += " (Fore Buchholz)"
        if self.forfeits_played:
            text += " (forfeits as games)"
        if self.reverse:
            text += " (reverse order)"
        return text

    @property
    def short(self) -> str:
        """A column heading: "BH-C1", "SB", "ARO-M1"."""
        flags = ("-F" if self.fore else "") + ("-P" if self.forfeits_played else "") + ("-R" if self.reverse else "")
        return SHORT[self.name] + self._cut("-M", "-C") + flags

    @property
    def lower_is_better(self) -> bool:
        """DE and EDE give places; TPN sorts ascending (7.8) and RTNG descending (10.6),
        each the other way round with ``/R``."""
        if self.name in DIRECT_ENCOUNTER:
            return True
        if self.name == "TPN":
            return not self.reverse
        return self.name == "RTNG" and self.reverse

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
    if name not in ALL_NAMES:
        raise TieBreakCodeError(f"unknown tie-break {code!r}; known: {', '.join(ALL_NAMES)}")
    fields: dict[str, object] = {}
    for part in parts[1:]:
        match = _MODIFIER.fullmatch(part)
        if not match:
            expected = "C<n>, M<n>, U<rating>, L<n>, R, F or P"
            raise TieBreakCodeError(f"bad modifier {part!r} in {code!r}: expected {expected}")
        letter, number, sign, limit, flag = match.groups()
        if flag:
            allowed = {"R": name in REVERSIBLE, "F": name == "AOB", "P": name in FORFEITS_AS_GAMES}[flag]
            if not allowed:
                raise TieBreakCodeError(f"{code!r}: {ALL_NAMES[name]} takes no /{flag}")
            fields[{"R": "reverse", "F": "fore", "P": "forfeits_played"}[flag]] = True
        elif limit is not None:
            if name != "KS":
                raise TieBreakCodeError(f"{code!r}: only the Koya system takes a limit")
            if sign:
                fields["koya_half_points"] = int(limit) * (1 if sign == "+" else -1)
            else:
                fields["koya_percent"] = int(limit)
        elif letter == "U":
            if name not in RATING_BASED:
                raise TieBreakCodeError(f"{code!r}: only rating-based tie-breaks take a rating for unrated players")
            fields["unrated_rating"] = int(number)
        else:
            n = int(number)
            if name not in CUTTABLE or (letter == "M" and name not in MEDIAN_ALLOWED):
                raise TieBreakCodeError(f"{code!r}: {ALL_NAMES[name]} takes no {'Median' if letter == 'M' else 'Cut'}")
            if n < 1:
                raise TieBreakCodeError(f"{code!r}: a cut of {n} values")
            fields["cut_low"], fields["cut_high"] = (n, n) if letter == "M" else (n, 0)
    return TieBreak(name, **fields)  # type: ignore[arg-type]


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

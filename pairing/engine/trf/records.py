"""The records of a FIDE Tournament Report File (TRF16 and TRF-2026) and their columns.

The player record ``001`` has fixed columns (1-based, as the FIDE text counts them):

    1-3 "001"   5-8 start number   10 sex   11-13 title   15-47 name   49-52 rating
    54-56 federation   58-68 FIDE id   70-79 birth date   81-84 points   86-89 rank

and from column 92 one block of 10 columns per round: columns 92-95 the opponent's
start number (``0000`` or blanks: none), 97 the colour (``w``, ``b``, ``-`` or blank),
99 the result code. Header records ``012`` ... ``132`` carry the tournament's data.

Points are integers in tenths; result codes stay codes. A malformed file raises
:class:`TrfError` naming the 1-based line and column of the first error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

ROUND_COLUMN = 92  # 1-based column of round 1's opponent field
ROUND_WIDTH = 10
RESULT_CODES = frozenset("+-WDL1=0HFUZ ")
COLOURS = frozenset("wb- ")
PLAYED_CODES = frozenset("WDL1=0")  # a game over the board
FORFEIT_CODES = frozenset("+-")
ABSENCE_CODES = frozenset("HFZ")  # announced before the pairing (requested byes, absences)
XXS_CODES = ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL")
XXS_SHORTCUTS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
BB_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")  # win, draw, loss, zero-point bye, forfeit loss, PAB
# The bounds of a number a TRF can hold: start numbers fill columns 5-8 (9999 players); the
# round fields of records 240-299 have three digits (999 rounds); the points of one game or
# adjustment are written pp.p (99.9 at most), a player's total in columns 81-84 as whole
# points from 100 on (9999 at most).
MAX_START = 9999
MAX_ROUNDS = 999
MAX_POINTS_TENTHS = 999
MAX_TOTAL_TENTHS = 99990

HEADER_TEXT = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
}
HEADER_COUNT = {"062": "player_count", "072": "rated_count", "082": "team_count"}


class TrfError(ValueError):
    """A malformed TRF: *line* and *column* are 1-based and name the first error."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.line = line
        self.column = column
        self.message = message


@dataclass(frozen=True)
class TrfRound:
    """One round block of a player line: opponent start number (None for 0000/blank),
    colour ``w``/``b``/``-``/blank, result code (upper case; blank when not yet played)."""

    opponent: int | None
    colour: str = "-"
    result: str = " "

    @property
    def is_blank(self) -> bool:
        return self.opponent is None and self.colour == " " and self.result == " "

    @property
    def is_announced_absence(self) -> bool:
        """In the round to be paired, a block without opponent that is not the PAB says the
        player will not be paired: ``0000 - H/F/Z`` (requested byes, known absences) and,
        as the endorsed engines read it, any other result code there (``0000 - -``)."""
        return self.opponent is None and not self.is_blank and self.result != "U"


@dataclass(frozen=True)
class TrfPlayer:
    start: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: int | None = None  # tenths, as written in columns 81-84 (informative)
    rank: int | None = None
    rounds: tuple[TrfRound, ...] = ()


@dataclass(frozen=True)
class TrfBye:
    """TRF-2026 record 240: players with a full (F), half (H) or zero (Z) point bye."""

    kind: str
    round: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class TrfAcceleratedRounds:
    """TRF-2026 record 250: fictitious points for players first..last in rounds first..last."""

    game_points: int  # tenths
    first_round: int
    last_round: int
    first_player: int
    last_player: int
    match_points: int | None = None  # tenths; team competitions only


@dataclass(frozen=True)
class TrfProhibited:
    """TRF-2026 record 260: none of *players* may meet another in rounds first..last."""

    first_round: int
    last_round: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class TrfStartingRank:
    """TRF-2026 record 172: how the starting rank was made (FIDE, NRO, FIDON, NIDOF, HBFN,
    LBFN, OTHER), for the federation whose national ratings the NRS records give."""

    federation: str
    method: str


@dataclass(frozen=True)
class TrfAbnormalPoints:
    """TRF-2026 record 299: points assigned outside the games. *kind* is the abnormal
    assignment type (W D L F H Z + -, blank for a penalty or a bonus); points in tenths,
    signed; *round* None when the field is empty, 0 when it says ``000`` (both: all rounds)."""

    kind: str
    points: int | None
    round: int | None
    players: tuple[int, ...]
    match_points: int | None = None  # teams only


@dataclass(frozen=True)
class TrfNationalRating:
    """A National Rating Support record: the 001 columns 1-79, introduced by the rating
    federation's code, linked to its 001 record by the starting rank (columns 5-8)."""

    federation: str
    start: int
    sex: str = ""
    classification: str = ""
    name: str = ""
    rating: int | None = None
    origin: str = ""
    number: str = ""
    birth: str = ""


@dataclass(frozen=True)
class TrfTournament:
    players: tuple[TrfPlayer, ...] = ()
    # TRF16 header records
    name: str = ""  # 012
    city: str = ""  # 022
    federation: str = ""  # 032
    start_date: str = ""  # 042
    end_date: str = ""  # 052
    player_count: int | None = None  # 062
    rated_count: int | None = None  # 072
    team_count: int | None = None  # 082
    tournament_type: str = ""  # 092
    chief_arbiter: str = ""  # 102
    deputy_arbiters: tuple[str, ...] = ()  # 112, one line each
    time_control: str = ""  # 122
    round_dates: tuple[str, ...] = ()  # 132, one per round
    # engine extensions (JaVaFo / bbpPairings)
    xx_rounds: int | None = None  # XXR
    xx_config: tuple[str, ...] = ()  # XXC words: white1, black1, rank
    xx_acceleration: tuple[tuple[int, tuple[int, ...]], ...] = ()  # XXA (id, tenths per round)
    xx_forbidden: tuple[tuple[int, ...], ...] = ()  # XXP lists
    xx_scoring: tuple[tuple[str, int], ...] = ()  # XXS (code, tenths), in order
    xx_absent: tuple[int, ...] = ()  # XXZ
    bb_scoring: tuple[tuple[str, int], ...] = ()  # bbpPairings' TRF(bx) BBW BBD BBL BBZ BBF BBU
    # TRF-2026 records
    rounds_142: int | None = None
    initial_colour_152: str = ""  # "W" or "B"
    scoring_162: tuple[tuple[str, int], ...] = ()  # (W|D|L|A|P|X, tenths)
    type_192: str = ""
    byes_240: tuple[TrfBye, ...] = ()
    accelerations_250: tuple[TrfAcceleratedRounds, ...] = ()
    prohibited_260: tuple[TrfProhibited, ...] = ()
    starting_rank_172: TrfStartingRank | None = None
    pairing_controller_182: str = ""
    time_control_222: str = ""
    abnormal_299: tuple[TrfAbnormalPoints, ...] = ()
    national_ratings: tuple[TrfNationalRating, ...] = ()
    other_records: tuple[str, ...] = field(default=())  # unknown records, verbatim
    # Where the reader found a record, as (line, column) of its value, for a refusal that
    # names it: "001 <start number>" (column 1), "012" ... "122" (112: the first), "XXR", "142",
    # "172", "192", "222", "XXS <k>", "162 <k>", "BB <k>" (the k-th item of xx_scoring,
    # scoring_162, bb_scoring), "250 <k>". Not part of what the file says: two files alike
    # but for blank lines are equal.
    positions: Mapping[str, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def rounds_in_file(self) -> int:
        """Rounds with at least one non-blank block."""
        last = 0
        for p in self.players:
            for k, block in enumerate(p.rounds, 1):
                if not block.is_blank:
                    last = max(last, k)
        return last

    @property
    def total_rounds(self) -> int | None:
        """XXR, else TRF-2026 record 142."""
        return self.xx_rounds if self.xx_rounds is not None else self.rounds_142

    @property
    def initial_colour(self) -> str | None:
        """``"w"`` or ``"b"`` from XXC white1/black1, else record 152; None when unstated."""
        for word in self.xx_config:
            if word.lower() == "white1":
                return "w"
            if word.lower() == "black1":
                return "b"
        if self.initial_colour_152:
            return self.initial_colour_152.lower()
        return None

    def player(self, start: int) -> TrfPlayer:
        for p in self.players:
            if p.start == start:
                return p
        raise KeyError(start)


_TOKEN = re.compile(r"\S+")
_DIGITS = re.compile(r"[0-9]+")
_NUMBER = re.compile(r"(-?)(\d*)(?:\.(\d))?")


def digits(text: str) -> bool:
    """ASCII digits only (str.isdigit also accepts superscripts, which int() refuses)."""
    return _DIGITS.fullmatch(text) is not None


class RecordLine:
    """One line of the file and its 1-based number: reads its fields by column (1-based,
    inclusive) and raises :class:`TrfError` at the column of a bad one."""

    def __init__(self, number: int, text: str) -> None:
        self.number = number
        self.text = text

    def error(self, column: int, message: str) -> TrfError:
        return TrfError(self.number, column, message)

    def field(self, first: int, last: int) -> str:
        return self.text[first - 1 : last]

    def tokens(self, start: int = 3) -> list[tuple[int, str]]:
        """Whitespace-separated tokens from 0-based *start*, each with its 1-based column."""
        return [(m.start() + 1, m.group()) for m in _TOKEN.finditer(self.text, start)]

    def count(self, column: int, token: str, what: str, least: int, most: int) -> int:
        """A whole number written as a token (XXR, 142, 062...), between *least* and *most*."""
        if not digits(token):
            raise self.error(column, f"bad {what} {token!r}: expected a number")
        value = token.lstrip("0") or "0"
        if len(value) > len(str(most)) or not least <= int(value) <= most:
            raise self.error(column, f"{what} {token} is out of range: {least} to {most}")
        return int(value)

    def integer(self, first: int, last: int, what: str, required: bool = False) -> int | None:
        text = self.field(first, last)
        if not text.strip():
            if required:
                raise self.error(first, f"missing {what} (columns {first}-{last})")
            return None
        stripped = text.strip()
        if not digits(stripped):
            column = first + len(text) - len(text.lstrip())
            raise self.error(column, f"bad {what} {stripped!r} (columns {first}-{last}): expected digits")
        return int(stripped)

    def tenths(self, text: str, column: int, what: str, signed: bool = False, most: int = MAX_POINTS_TENTHS) -> int:
        """'4.5' -> 45; '11' -> 110; '.5' -> 5; at most *most* tenths either way."""
        s = text.strip()
        match = _NUMBER.fullmatch(s) if s else None
        if not match or not (match.group(2) or match.group(3)) or (match.group(1) and not signed):
            column += len(text) - len(text.lstrip())
            raise self.error(column, f"bad {what} {s!r}: expected a number like 11.5")
        whole = (match.group(2) or "").lstrip("0") or "0"
        value = int(whole[-5:]) * 10 + int(match.group(3) or 0)
        if len(whole) > 4 or value > most:
            column += len(text) - len(text.lstrip())
            raise self.error(column, f"{what} {s} is out of range: at most {format_points(most)} either way")
        return -value if match.group(1) else value

    def blank(self, column: int, why: str) -> None:
        ch = self.field(column, column)
        if ch.strip():
            raise self.error(column, f"unexpected {ch!r} at column {column}: {why}")

    def id_list(self, column: int) -> tuple[int, ...]:
        """Player ids of 4 columns each, one blank apart, from *column* to the end of the line."""
        return tuple(value for _, value in self.id_columns(column))

    def id_columns(self, column: int) -> list[tuple[int, int]]:
        """(column, player id) of each id of :meth:`id_list`."""
        ids = []
        first = column
        while column <= len(self.text.rstrip()):
            if column > first:
                self.blank(column - 1, "player ids sit 5 columns apart, one blank between them")
            value = self.integer(column, column + 3, "player id")
            if value is not None:
                ids.append((column, value))
            column += 5
        return ids


def format_points(tenths: int) -> str:
    sign = "-" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def resolve_xxs(xxs: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """Every XXS code's value in tenths: defaults, then the items in order (JaVaFo AUM)."""
    values = {
        "WW": 10,
        "BW": 10,
        "WD": 5,
        "BD": 5,
        "WL": 0,
        "BL": 0,
        "ZPB": 0,
        "HPB": 5,
        "FPB": 10,
        "PAB": 10,
        "FW": 10,
        "FL": 0,
    }
    for code, value in xxs:
        for key in XXS_SHORTCUTS.get(code, (code,)):
            values[key] = value
    return values

"""FIDE Tournament Report File (TRF16 and TRF-2026): the one reader and writer.

The player record ``001`` has fixed columns (1-based, as the FIDE text counts them):

    1-3 "001"   5-8 start number   10 sex   11-13 title   15-47 name   49-52 rating
    54-56 federation   58-68 FIDE id   70-79 birth date   81-84 points   86-89 rank

and from column 92 one block of 10 columns per round: columns 92-95 the opponent's
start number (``0000`` or blanks: none), 97 the colour (``w``, ``b``, ``-`` or blank),
99 the result code. Header records ``012`` ... ``132`` carry the tournament's data.

Beyond TRF16 this module reads the extension lines that the FIDE-endorsed engines
read (JaVaFo's advanced user manual, which bbpPairings follows):

    XXR n                 total number of rounds
    XXC white1|black1     initial colour (and other configuration words, kept)
    XXA NNNN pp.p pp.p..  acceleration: virtual points of player NNNN for rounds 1, 2...
                          (value of round r at column 10 + 5 (r-1))
    XXP id id ...         forbidden pairs: no two players of the list may meet
    XXS CODE=VALUE ...    scoring overrides (WW BW WD BD WL BL ZPB HPB FPB PAB FW FL,
                          shortcuts W = WW BW FW FPB and D = WD BD HPB, applied in order)
    XXZ id id ...         players not to be paired in the round being paired
    BBW BBD BBL BBZ BBF BBU pp.p
                          bbpPairings' older TRF(bx) point values: win, draw, loss,
                          zero-point bye, forfeit loss, PAB

and the TRF-2026 records 142 (rounds), 152 (initial colour W/B), 162 (scoring: a code
W D L A P X at column 6 + 9k and its points at columns 7-10 + 9k), 192 (encoded
tournament type), 240 (F/H/Z byes: type at 5, round at 7-9, ids at 11-14, 16-19...),
250 (accelerated rounds: match points 5-8, game points 10-13, rounds 15-17 and 19-21,
ids 23-26 and 28-31) and 260 (prohibited pairings: rounds 5-7 and 9-11, ids at 13-16,
18-21...). Any other record (comments ``###``, national rating records, ``DAT``
lines, team records...) is kept verbatim and written back.

Points are integers in tenths; result codes stay codes. A malformed file raises
:class:`TrfError` naming the 1-based line and column of the first error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

ROUND_COLUMN = 92  # 1-based column of round 1's opponent field
ROUND_WIDTH = 10
RESULT_CODES = frozenset("+-WDL1=0HFUZ ")
COLOURS = frozenset("wb- ")
PLAYED_CODES = frozenset("WDL1=0")  # a game over the board
FORFEIT_CODES = frozenset("+-")
ABSENCE_CODES = frozenset("HFZ")  # announced before the pairing (requested byes, absences)
XXS_CODES = ("WW", "BW", "WD", "BD", "WL", "BL", "ZPB", "HPB", "FPB", "PAB", "FW", "FL")
XXS_SHORTCUTS = {"W": ("WW", "BW", "FW", "FPB"), "D": ("WD", "BD", "HPB")}
SCORING_162_CODES = frozenset("WDLAPX")
BB_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")  # win, draw, loss, zero-point bye, forfeit loss, PAB
BYE_240_KINDS = frozenset("FHZ")

_HEADER_TEXT = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
}
_HEADER_COUNT = {"062": "player_count", "072": "rated_count", "082": "team_count"}


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

    @property
    def is_pairing_bye(self) -> bool:
        return self.opponent is None and self.result == "U"


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
    other_records: tuple[str, ...] = field(default=())  # unknown records, verbatim

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


# ---------------------------------------------------------------- reading


def read_trf(path: str | Path) -> TrfTournament:
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # older Windows tools write Latin-1
    return parse_trf(text)


def parse_trf(text: str) -> TrfTournament:
    return _Parser(text).parse()


_TOKEN = re.compile(r"\S+")
_DIGITS = re.compile(r"[0-9]+")


def _digits(text: str) -> bool:
    """ASCII digits only (str.isdigit also accepts superscripts, which int() refuses)."""
    return _DIGITS.fullmatch(text) is not None


def _tokens(line: str, start: int = 3) -> list[tuple[int, str]]:
    """Whitespace-separated tokens from 0-based *start*, each with its 1-based column."""
    return [(m.start() + 1, m.group()) for m in _TOKEN.finditer(line, start)]


class _Parser:
    def __init__(self, text: str) -> None:
        # Only LF (and CR LF) end a line, so that line numbers match what an editor shows.
        self.lines = text.split("\n")
        self.values: dict[str, object] = {}
        self.players: list[TrfPlayer] = []
        self.player_lines: dict[int, int] = {}
        self.deputies: list[str] = []
        self.other: list[str] = []
        self.xx_config: list[str] = []
        self.xx_acc: list[tuple[int, tuple[int, ...]]] = []
        self.xx_forbidden: list[tuple[int, ...]] = []
        self.xx_scoring: list[tuple[str, int]] = []
        self.xx_absent: list[int] = []
        self.bb_scoring: list[tuple[str, int]] = []
        self.scoring_162: list[tuple[str, int]] = []
        self.byes: list[TrfBye] = []
        self.accelerations: list[TrfAcceleratedRounds] = []
        self.prohibited: list[TrfProhibited] = []
        self.n = 0  # current 1-based line number

    def error(self, column: int, message: str) -> TrfError:
        return TrfError(self.n, column, message)

    def parse(self) -> TrfTournament:
        for number, raw in enumerate(self.lines, 1):
            self.n = number
            line = raw.rstrip("\r").replace("\t", " ")
            if not line.strip():
                continue
            tag = line[:3]
            if tag == "001":
                self.player(line)
            elif tag in _HEADER_TEXT or tag in _HEADER_COUNT:
                self.header(tag, line)
            elif tag == "112":
                self.deputies.append(line[4:].rstrip())
            elif tag == "132":
                self.round_dates(line)
            elif tag.upper() in ("XXR", "XXC", "XXA", "XXP", "XXS", "XXZ"):
                self.extension(tag.upper(), line)
            elif tag in BB_CODES:
                self.bb_points(tag, line)
            elif tag in ("142", "152", "162", "192", "240", "250", "260"):
                self.trf26(tag, line)
            else:
                self.other.append(line.rstrip())
        self.check_references()
        return TrfTournament(
            players=tuple(self.players),  # file order: XXC rank makes it the initial order
            deputy_arbiters=tuple(self.deputies),
            xx_config=tuple(self.xx_config),
            xx_acceleration=tuple(self.xx_acc),
            xx_forbidden=tuple(self.xx_forbidden),
            xx_scoring=tuple(self.xx_scoring),
            xx_absent=tuple(self.xx_absent),
            bb_scoring=tuple(self.bb_scoring),
            scoring_162=tuple(self.scoring_162),
            byes_240=tuple(self.byes),
            accelerations_250=tuple(self.accelerations),
            prohibited_260=tuple(self.prohibited),
            other_records=tuple(self.other),
            **self.values,  # type: ignore[arg-type]
        )

    # -- small field readers (columns 1-based, inclusive)

    def field(self, line: str, first: int, last: int) -> str:
        return line[first - 1 : last]

    def integer(self, line: str, first: int, last: int, what: str, required: bool = False) -> int | None:
        text = self.field(line, first, last)
        if not text.strip():
            if required:
                raise self.error(first, f"missing {what} (columns {first}-{last})")
            return None
        stripped = text.strip()
        if not _digits(stripped):
            column = first + len(text) - len(text.lstrip())
            raise self.error(column, f"bad {what} {stripped!r} (columns {first}-{last}): expected digits")
        return int(stripped)

    def tenths(self, text: str, column: int, what: str, signed: bool = False) -> int:
        """'4.5' -> 45; '11' -> 110; '.5' -> 5."""
        s = text.strip()
        match = re.fullmatch(r"(-?)(\d*)(?:\.(\d))?", s) if s else None
        if not match or not (match.group(2) or match.group(3)) or (match.group(1) and not signed):
            column += len(text) - len(text.lstrip())
            raise self.error(column, f"bad {what} {s!r}: expected a number like 11.5")
        value = int(match.group(2) or 0) * 10 + int(match.group(3) or 0)
        return -value if match.group(1) else value

    def blank(self, line: str, column: int, why: str) -> None:
        ch = self.field(line, column, column)
        if ch.strip():
            raise self.error(column, f"unexpected {ch!r} at column {column}: {why}")

    # -- records

    def header(self, tag: str, line: str) -> None:
        key = _HEADER_TEXT.get(tag) or _HEADER_COUNT[tag]
        if key in self.values:
            self.other.append(line.rstrip())  # a repeated header record is kept, not merged
            return
        if tag in _HEADER_COUNT:
            tokens = _tokens(line)
            if not tokens:
                self.values[key] = None
                return
            column, token = tokens[0]
            if not _digits(token) or len(tokens) > 1:
                raise self.error(column, f"bad count {line[3:].strip()!r} in record {tag}: expected a number")
            self.values[key] = int(token)
        else:
            self.values[key] = line[4:].rstrip()

    def round_dates(self, line: str) -> None:
        if "round_dates" in self.values:
            self.other.append(line.rstrip())
            return
        dates = []
        pos = ROUND_COLUMN - 1
        while pos < len(line):
            dates.append(line[pos : pos + 8].strip())
            pos += ROUND_WIDTH
        while dates and not dates[-1]:
            dates.pop()
        self.values["round_dates"] = tuple(dates)

    def player(self, line: str) -> None:
        start = self.integer(line, 5, 8, "start number", required=True)
        assert start is not None
        if start == 0:
            raise self.error(5, "start number 0 is not allowed")
        if start in self.player_lines:
            raise self.error(5, f"start number {start} already used on line {self.player_lines[start]}")
        self.player_lines[start] = self.n
        for column in (4, 9, 14, 48, 53, 57, 69, 80, 85):
            self.blank(line, column, "expected a blank between fields of the 001 record")
        points_text = self.field(line, 81, 84)
        points = self.tenths(points_text, 81, "points") if points_text.strip() else None
        rounds = []
        pos = ROUND_COLUMN
        if len(line.rstrip()) > 89 and self.field(line, 90, 91).strip():
            raise self.error(
                90 if line[89] != " " else 91, "unexpected character before round 1 (round blocks start at column 92)"
            )
        while pos <= len(line.rstrip()):
            rounds.append(self.block(line, pos, len(rounds) + 1))
            pos += ROUND_WIDTH
        while rounds and rounds[-1].is_blank:
            rounds.pop()
        self.players.append(
            TrfPlayer(
                start=start,
                sex=self.field(line, 10, 10).strip(),
                title=self.field(line, 11, 13).strip(),
                name=self.field(line, 15, 47).strip(),
                rating=self.integer(line, 49, 52, "rating"),
                federation=self.field(line, 54, 56).strip(),
                fide_id=self.field(line, 58, 68).strip(),
                birth=self.field(line, 70, 79).strip(),
                points=points,
                rank=self.integer(line, 86, 89, "rank"),
                rounds=tuple(rounds),
            )
        )

    def block(self, line: str, column: int, rnd: int) -> TrfRound:
        text = line[column - 1 : column + 7]
        if column > ROUND_COLUMN:
            for c in (column - 2, column - 1):
                self.blank(line, c, f"expected a blank between round blocks (round {rnd} starts at column {column})")
        if not text.strip():
            return TrfRound(None, " ", " ")
        if len(text.rstrip()) < 6:
            raise self.error(
                column + len(text.rstrip()),
                f"truncated round {rnd} block: expected 'NNNN c r' at columns {column}-{column + 7}",
            )
        text = text.ljust(8)
        opponent = self.integer(line, column, column + 3, f"opponent in round {rnd}")
        self.blank(line, column + 4, f"expected a blank after the opponent of round {rnd}")
        self.blank(line, column + 6, f"expected a blank after the colour of round {rnd}")
        colour = text[5].lower()
        if colour not in COLOURS:
            raise self.error(column + 5, f"bad colour {text[5]!r} in round {rnd}: expected w, b, - or blank")
        result = text[7].upper()
        if result not in RESULT_CODES:
            raise self.error(column + 7, f"unknown result code {text[7]!r} in round {rnd}")
        if opponent == 0:
            opponent = None
        if opponent is not None and result in "HFUZ":
            raise self.error(column + 7, f"result {result!r} (a bye) with opponent {opponent} in round {rnd}")
        if opponent is None and result in PLAYED_CODES:
            raise self.error(column + 7, f"result {result!r} of a played game without an opponent in round {rnd}")
        return TrfRound(opponent, colour, result)

    def extension(self, tag: str, line: str) -> None:
        tokens = _tokens(line)
        if tag == "XXR":
            if len(tokens) != 1 or not _digits(tokens[0][1]):
                raise self.error(tokens[0][0] if tokens else 5, "XXR needs the number of rounds")
            if "xx_rounds" in self.values:
                raise self.error(1, "XXR given twice")
            self.values["xx_rounds"] = int(tokens[0][1])
        elif tag == "XXC":
            self.xx_config.extend(word for _, word in tokens)
        elif tag == "XXA":
            self.acceleration(line)
        elif tag in ("XXP", "XXZ"):
            ids = []
            for column, token in tokens:
                if not _digits(token):
                    raise self.error(column, f"bad player id {token!r} in {tag}")
                ids.append(int(token))
            if tag == "XXP":
                if len(ids) < 2:
                    raise self.error(5, "XXP needs at least two player ids")
                self.xx_forbidden.append(tuple(ids))
            else:
                self.xx_absent.extend(ids)
        elif tag == "XXS":
            for column, token in tokens:
                code, eq, value = token.partition("=")
                if not eq or (code.upper() not in XXS_CODES and code.upper() not in XXS_SHORTCUTS):
                    raise self.error(column, f"bad XXS item {token!r}: expected CODE=VALUE")
                points = self.tenths(value, column + len(code) + 1, "XXS value", signed=True)
                self.xx_scoring.append((code.upper(), points))

    def acceleration(self, line: str) -> None:
        """XXA: id at columns 5-8, round r's points at columns 10-13 + 5 (r-1); blank is 0."""
        player = self.integer(line, 5, 8, "player id in XXA", required=True)
        values = []
        column = 10
        end = len(line.rstrip())
        while column <= end:
            self.blank(line, column - 1, "XXA points sit at columns 10-13, 15-18, 20-23...")
            text = self.field(line, column, column + 3)
            values.append(self.tenths(text, column, f"XXA points for round {len(values) + 1}") if text.strip() else 0)
            column += 5
        self.xx_acc.append((player or 0, tuple(values)))

    def bb_points(self, tag: str, line: str) -> None:
        """bbpPairings' TRF(bx) point values: ``BBW  3.0`` (the value from column 5)."""
        tokens = _tokens(line)
        if len(tokens) != 1:
            raise self.error(tokens[1][0] if len(tokens) > 1 else 5, f"{tag} needs one value like 1.0")
        self.bb_scoring.append((tag, self.tenths(tokens[0][1], tokens[0][0], f"{tag} points")))

    def trf26(self, tag: str, line: str) -> None:
        if tag == "142":
            tokens = _tokens(line)
            if len(tokens) != 1 or not _digits(tokens[0][1]):
                raise self.error(tokens[0][0] if tokens else 5, "record 142 needs the number of rounds")
            self.values["rounds_142"] = int(tokens[0][1])
        elif tag == "152":
            colour = line[4:].strip().upper()
            if colour not in ("W", "B"):
                raise self.error(5, f"record 152 needs W or B, not {colour!r}")
            self.values["initial_colour_152"] = colour
        elif tag == "162":
            column = 6
            while column <= len(line.rstrip()):
                code = self.field(line, column, column).upper()
                if code not in SCORING_162_CODES:
                    raise self.error(column, f"bad scoring code {code!r} in record 162: expected W, D, L, A, P or X")
                points = self.field(line, column + 1, column + 4)
                self.scoring_162.append((code, self.tenths(points, column + 1, f"points for {code}", signed=True)))
                column += 9
        elif tag == "192":
            self.values["type_192"] = line[4:].strip()
        elif tag == "240":
            kind = self.field(line, 5, 5).upper()
            if kind not in BYE_240_KINDS:
                raise self.error(5, f"bad bye type {kind!r} in record 240: expected F, H or Z")
            rnd = self.integer(line, 7, 9, "round number", required=True)
            self.byes.append(TrfBye(kind, rnd or 0, self.id_list(line, 11)))
        elif tag == "250":
            mp = self.field(line, 5, 8)
            self.accelerations.append(
                TrfAcceleratedRounds(
                    match_points=self.tenths(mp, 5, "match points") if mp.strip() else None,
                    game_points=self.tenths(self.field(line, 10, 13), 10, "game points"),
                    first_round=self.integer(line, 15, 17, "first round", required=True) or 0,
                    last_round=self.integer(line, 19, 21, "last round", required=True) or 0,
                    first_player=self.integer(line, 23, 26, "first player", required=True) or 0,
                    last_player=self.integer(line, 28, 31, "last player", required=True) or 0,
                )
            )
        elif tag == "260":
            first = self.integer(line, 5, 7, "first round", required=True) or 0
            last = self.integer(line, 9, 11, "last round", required=True) or 0
            self.prohibited.append(TrfProhibited(first, last, self.id_list(line, 13)))

    def id_list(self, line: str, column: int) -> tuple[int, ...]:
        ids = []
        while column <= len(line.rstrip()):
            value = self.integer(line, column, column + 3, "player id")
            if value is not None:
                ids.append(value)
            column += 5
        return tuple(ids)

    def check_references(self) -> None:
        """Opponents must exist, and both players of a game must name each other."""
        blocks = {p.start: p.rounds for p in self.players}
        for p in self.players:
            self.n = self.player_lines[p.start]
            for k, block in enumerate(p.rounds, 1):
                if block.opponent is None:
                    continue
                column = ROUND_COLUMN + ROUND_WIDTH * (k - 1)
                if block.opponent not in blocks:
                    raise self.error(column, f"round {k}: opponent {block.opponent} has no 001 record")
                if block.opponent == p.start:
                    raise self.error(column, f"round {k}: player {p.start} paired with himself")
                theirs = blocks[block.opponent]
                other = theirs[k - 1] if len(theirs) >= k else None
                if other is None or other.opponent != p.start:
                    shown = "nothing" if other is None or other.opponent is None else other.opponent
                    raise self.error(
                        column,
                        f"round {k}: player {p.start} meets {block.opponent}, "
                        f"but {block.opponent}'s record shows {shown}",
                    )
                if block.colour in "wb" and other.colour == block.colour:
                    raise self.error(
                        column + 5,
                        f"round {k}: players {p.start} and {block.opponent} both have colour {block.colour!r}",
                    )
        self.n = 0


# ---------------------------------------------------------------- writing


def _points(tenths: int) -> str:
    sign = "-" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def _points_field(tenths: int) -> str:
    """Columns 81-84: '11.5'; from 100 points on, whole points only ('1000' fits, '100.5' does not)."""
    text = _points(tenths)
    if len(text) > 4:
        if tenths % 10:
            raise ValueError(f"{text} points do not fit the 4 columns of the TRF points field")
        text = str(tenths // 10)
    return text


def _block(r: TrfRound) -> str:
    if r.is_blank:
        return " " * 8
    opponent = f"{r.opponent:4d}" if r.opponent is not None else "0000"
    return f"{opponent} {r.colour} {r.result}"


def player_line(p: TrfPlayer) -> str:
    head = (
        f"001 {p.start:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
        f"{'' if p.rating is None else p.rating:>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
        f"{p.birth[:10]:<10} {'' if p.points is None else _points_field(p.points):>4} "
        f"{'' if p.rank is None else p.rank:>4}"
    )
    return (head + "".join("  " + _block(r) for r in p.rounds)).rstrip()


def _numbered(tag: str, values: tuple[str, ...]) -> str:
    out = tag.ljust(ROUND_COLUMN - 1)
    for v in values:
        out += v.ljust(8)[:8] + "  "
    return out.rstrip()


def write_trf(t: TrfTournament, trf26: bool = False) -> str:
    """The tournament as TRF text, one record per line, each ending with a newline.

    Every record the tournament holds is written. With *trf26*, the TRF-2026 records
    142, 152, 162, 240, 250 and 260 are added from their TRF16 counterparts (XXR, XXC,
    XXS, the round blocks' F/H/Z byes, XXA, XXP) where the tournament lacks them.
    """
    lines: list[str] = []
    for tag, key in (
        ("012", "name"),
        ("022", "city"),
        ("032", "federation"),
        ("042", "start_date"),
        ("052", "end_date"),
    ):
        if getattr(t, key):
            lines.append(f"{tag} {getattr(t, key)}")
    for tag, key in _HEADER_COUNT.items():
        if getattr(t, key) is not None:
            lines.append(f"{tag} {getattr(t, key)}")
    for tag, key in (("092", "tournament_type"), ("102", "chief_arbiter")):
        if getattr(t, key):
            lines.append(f"{tag} {getattr(t, key)}")
    lines += [f"112 {d}" for d in t.deputy_arbiters]
    if t.time_control:
        lines.append(f"122 {t.time_control}")
    if t.round_dates:
        lines.append(_numbered("132", t.round_dates))
    lines += _trf26_header(t, trf26)
    lines += [player_line(p) for p in t.players]
    if t.xx_rounds is not None:
        lines.append(f"XXR {t.xx_rounds}")
    if t.xx_config:
        lines.append("XXC " + " ".join(t.xx_config))
    if t.xx_scoring:
        lines.append("XXS " + " ".join(f"{c}={_points(v)}" for c, v in t.xx_scoring))
    for player, values in t.xx_acceleration:
        lines.append(f"XXA {player:4d}" + "".join(f" {_points(v):>4}" for v in values))
    lines += ["XXP " + " ".join(map(str, ids)) for ids in t.xx_forbidden]
    if t.xx_absent:
        lines.append("XXZ " + " ".join(map(str, t.xx_absent)))
    lines += [f"{code} {_points(v):>4}" for code, v in t.bb_scoring]
    lines += _trf26_lists(t, trf26)
    lines += list(t.other_records)
    return "\n".join(lines) + "\n"


def _trf26_header(t: TrfTournament, derive: bool) -> list[str]:
    out = []
    rounds = t.rounds_142 if t.rounds_142 is not None else (t.xx_rounds if derive else None)
    if rounds is not None:
        out.append(f"142 {rounds}")
    colour = t.initial_colour_152 or ((t.initial_colour or "").upper() if derive else "")
    if colour:
        out.append(f"152 {colour}")
    scoring = t.scoring_162 or (scoring_162_from_xxs(t.xx_scoring) if derive else ())
    if scoring:
        # code at column 6 + 9k, its points at columns 7-10 + 9k
        out.append("162 " + "".join(f" {c}{_points(v):>4}   " for c, v in scoring).rstrip())
    if t.type_192:
        out.append(f"192 {t.type_192}")
    return out


def _trf26_lists(t: TrfTournament, derive: bool) -> list[str]:
    out = []
    byes = t.byes_240 or (byes_240_from_rounds(t) if derive else ())
    for b in byes:
        out.append(f"240 {b.kind} {b.round:03d}" + "".join(f" {i:4d}" for i in b.players))
    accelerations = t.accelerations_250 or (accelerations_250_from_xxa(t) if derive else ())
    for a in accelerations:
        mp = "    " if a.match_points is None else f"{_points(a.match_points):>4}"
        out.append(
            f"250 {mp} {_points(a.game_points):>4} {a.first_round:03d} {a.last_round:03d} "
            f"{a.first_player:4d} {a.last_player:4d}"
        )
    prohibited = t.prohibited_260
    if not prohibited and derive and t.xx_forbidden:
        last = t.total_rounds or max(t.rounds_in_file, 1)
        prohibited = tuple(TrfProhibited(1, last, ids) for ids in t.xx_forbidden)
    for p in prohibited:
        out.append(f"260 {p.first_round:03d} {p.last_round:03d}" + "".join(f" {i:4d}" for i in p.players))
    return out


def scoring_162_from_xxs(xxs: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """The XXS overrides as record-162 items, where TRF-2026 can say them.

    Record 162 has one value per group (W: wins, forfeit wins and full-point byes;
    D: draws and half-point byes; L: losses; A: zero-point byes and forfeit losses;
    P: the PAB, which defaults to W there but to 1.0 in XXS, so P is written whenever
    it differs from what W implies).
    """
    values = resolve_xxs(xxs)
    defaults = resolve_xxs(())
    out = []
    for code, keys in (
        ("W", ("WW", "BW", "FW", "FPB")),
        ("D", ("WD", "BD", "HPB")),
        ("L", ("WL", "BL")),
        ("A", ("ZPB", "FL")),
    ):
        vals = {values[k] for k in keys}
        if len(vals) == 1 and any(values[k] != defaults[k] for k in keys):
            out.append((code, vals.pop()))
    implied_pab = dict(out).get("W", 10)
    if values["PAB"] != implied_pab:
        out.append(("P", values["PAB"]))
    return tuple((code, v) for code, v in out if len(_points(v)) <= 4)  # columns 7-10: '11.5', '-1.0'


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


def byes_240_from_rounds(t: TrfTournament) -> tuple[TrfBye, ...]:
    out = []
    for rnd in range(1, max((len(p.rounds) for p in t.players), default=0) + 1):
        for kind in "FHZ":
            ids = tuple(
                p.start
                for p in t.players
                if len(p.rounds) >= rnd and p.rounds[rnd - 1].opponent is None and p.rounds[rnd - 1].result == kind
            )
            if ids:
                out.append(TrfBye(kind, rnd, ids))
    return tuple(out)


def accelerations_250_from_xxa(t: TrfTournament) -> tuple[TrfAcceleratedRounds, ...]:
    """XXA as 250 records: runs of rounds with equal points, then runs of consecutive ids."""
    runs: list[tuple[int, int, int, int]] = []  # (points, first round, last round, id)
    for player, values in sorted(t.xx_acceleration):
        rnd = 0
        while rnd < len(values):
            end = rnd
            while end + 1 < len(values) and values[end + 1] == values[rnd]:
                end += 1
            if values[rnd]:
                runs.append((values[rnd], rnd + 1, end + 1, player))
            rnd = end + 1
    runs.sort(key=lambda r: (r[1], r[2], r[0], r[3]))
    out: list[TrfAcceleratedRounds] = []
    for points, first, last, player in runs:
        prev = out[-1] if out else None
        if (
            prev
            and (prev.game_points, prev.first_round, prev.last_round) == (points, first, last)
            and prev.last_player + 1 == player
        ):
            out[-1] = TrfAcceleratedRounds(points, first, last, prev.first_player, player)
        else:
            out.append(TrfAcceleratedRounds(points, first, last, player, player))
    return tuple(out)

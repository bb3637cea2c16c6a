"""The team records of TRF-2026 (and TRF16's 013), one function each to read a line and
one to write it. Columns are 1-based and inclusive, as the specification numbers them; a
malformed field raises :class:`~pairing.engine.trf.records.TrfError` naming its line and
column, like the individual reader.

    013 (TRF16, "to be phased out")  team name 5-36, players' start numbers 37-40, 42-45...
    310  TPN 5-7, name 9-40, nickname 42-46, strength factor 48-53, match points 55-60,
         game points 62-67, rank 69-71, players' start numbers 74-77, 79-82... (board order)
    320  PAB match points 5-8, game points 10-13, the PAB team of round 1 at 15-17, round 2
         at 19-21... (``000``: none)
    330  forfeited match: ``+-``, ``-+`` or ``--`` at 5-6, round 8-10, White team 12-14,
         Black team 16-18
    300  out of the default board order: round 5-7, team 9-11, opponent 13-15, the players
         of boards 1, 2... at 17-20, 22-25... (``0000``: an empty board)
    352  the colour sequence of the boards (``WBWB``): its length is the number of boards
    362  match points: a code TW, TD or TL at 5-6 + 9k, its points at 7-10 + 9k
    802  a team's rounds at a glance (informative): TPN 5-7, nickname 9-13, match points
         15-20, game points 22-27, then per round from column 29 + 13k: the opponent's TPN
         or PAB/FPB/HPB/ZPB (3 columns), the colour (+4), the game points (+6..+9), a
         forfeit mark f/F (+10)
    801  the long informative record: its columns are computed from the event's sizes;
         recognised and skipped (:data:`INFORMATIVE_ONLY`)

The records shared with individual events (142, 152, 162, 240, 250, 260, 299) are read
by :mod:`pairing.engine.trf.trf26`; in a team file their ids are team pairing numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.trf.records import RecordLine, TrfError, format_points

TEAM_SCORING_CODES = ("TW", "TD", "TL")
DEFAULT_TEAM_SCORING = {"TW": 20, "TD": 10, "TL": 0}  # record 362's defaults, in tenths
SUMMARY_BYES = ("PAB", "FPB", "HPB", "ZPB")
FORFEIT_KINDS = ("+-", "-+", "--")
INFORMATIVE_ONLY = frozenset({"801"})
SUMMARY_FIRST_COLUMN, SUMMARY_WIDTH = 29, 13


@dataclass(frozen=True)
class TeamEntry:
    """A team as record 310 (or 013) gives it; points in tenths."""

    tpn: int
    name: str
    members: tuple[int, ...]  # start numbers in board order
    nickname: str = ""
    strength: int | None = None
    match_points: int | None = None
    game_points: int | None = None
    rank: int | None = None
    legacy: bool = False  # read from a 013 record (its TPN is its place among them)


@dataclass(frozen=True)
class ForfeitedMatch:
    kind: str  # "+-" White won, "-+" Black won, "--" both forfeited
    round: int
    white: int
    black: int


@dataclass(frozen=True)
class OutOfOrder:
    round: int
    team: int
    opponent: int
    players: tuple[int, ...]  # board 1 first; 0 for an empty board


@dataclass(frozen=True)
class SummaryRound:
    """One round of a 802 record: an opponent's TPN, or a bye named by *bye*."""

    opponent: int | None
    bye: str = ""  # PAB, FPB, HPB, ZPB or ""
    colour: str = ""  # w, b or ""
    game_points: int | None = None  # tenths
    forfeit: bool = False


@dataclass(frozen=True)
class TeamSummary:
    tpn: int
    nickname: str
    match_points: int | None
    game_points: int | None
    rounds: tuple[SummaryRound, ...]


def _blanks(line: RecordLine, tag: str, columns: tuple[int, ...]) -> None:
    for column in columns:
        line.blank(column, f"expected a blank between the fields of record {tag}")


def _points(line: RecordLine, first: int, last: int, what: str, signed: bool = False) -> int | None:
    text = line.field(first, last)
    return line.tenths(text, first, what, signed=signed, most=99999) if text.strip() else None


def team_310(line: RecordLine) -> TeamEntry:
    _blanks(line, "310", (4, 8, 54, 61, 68, 72, 73))
    tpn = line.integer(5, 7, "team pairing number", required=True) or 0
    if tpn == 0:
        raise line.error(5, "team pairing number 0 is not allowed")
    return TeamEntry(
        tpn=tpn,
        name=line.field(9, 40).strip(),
        members=line.id_list(74),
        nickname=line.field(42, 46).strip(),
        strength=line.integer(48, 53, "strength factor"),
        match_points=_points(line, 55, 60, "match points", signed=True),
        game_points=_points(line, 62, 67, "game points", signed=True),
        rank=line.integer(69, 71, "team rank"),
    )


def team_013(line: RecordLine, tpn: int) -> TeamEntry:
    """TRF16's team record: the name and the players; the TPN is the record's place."""
    name = line.field(5, 36).strip()
    if not name:
        raise line.error(5, "record 013 needs the team's name (columns 5-36)")
    return TeamEntry(tpn=tpn, name=name, members=line.id_list(37), legacy=True)


def colours_352(line: RecordLine) -> str:
    sequence = line.text[4:].rstrip()
    for k, ch in enumerate(sequence):
        if ch.upper() not in "WB":
            raise line.error(5 + k, f"bad colour {ch!r} in record 352: expected W or B for each board")
    if not sequence:
        raise line.error(5, "record 352 needs the boards' colours (e.g. WBWB)")
    return sequence.upper()


def scoring_362(line: RecordLine) -> dict[str, int]:
    """Record 362 as {TW/TD/TL: tenths}. A reading: a single letter W, D or L at column 6
    (the 162 layout, which some programs write) is taken for TW, TD, TL."""
    items: dict[str, int] = {}
    column = 5
    while column <= len(line.text.rstrip()):
        code = line.field(column, column + 1).strip().upper()
        if code in ("W", "D", "L"):
            code = "T" + code
        if code not in TEAM_SCORING_CODES:
            raise line.error(column, f"bad team scoring code {code!r} in record 362: expected TW, TD or TL")
        points = line.field(column + 2, column + 5)
        items[code] = line.tenths(points, column + 2, f"match points for {code}", signed=True)
        _blanks(line, "362", (column + 6, column + 7, column + 8))
        column += 9
    return items


def pab_320(line: RecordLine) -> tuple[int, int, tuple[int, ...]]:
    """(match points, game points, the PAB team of each round or 0)."""
    _blanks(line, "320", (9, 14))
    match = _points(line, 5, 8, "PAB match points")
    game = _points(line, 10, 13, "PAB game points")
    if match is None:
        raise line.error(5, "record 320 needs the PAB's match points (columns 5-8)")
    if game is None:
        raise line.error(10, "record 320 needs the PAB's game points (columns 10-13)")
    teams = []
    column = 15
    while column <= len(line.text.rstrip()):
        if column > 15:
            line.blank(column - 1, "the PAB teams sit 4 columns apart, one blank between them")
        teams.append(line.integer(column, column + 2, f"PAB team of round {len(teams) + 1}") or 0)
        column += 4
    return match, game, tuple(teams)


def forfeit_330(line: RecordLine) -> ForfeitedMatch:
    _blanks(line, "330", (7, 11, 15))
    kind = line.field(5, 6)
    if kind not in FORFEIT_KINDS:
        raise line.error(5, f"bad forfeit type {kind!r} in record 330: expected +-, -+ or --")
    return ForfeitedMatch(
        kind,
        line.integer(8, 10, "round number", required=True) or 0,
        line.integer(12, 14, "White team", required=True) or 0,
        line.integer(16, 18, "Black team", required=True) or 0,
    )


def out_of_order_300(line: RecordLine) -> OutOfOrder:
    _blanks(line, "300", (8, 12, 16))
    players = []
    column = 17
    while column <= len(line.text.rstrip()):
        if column > 17:
            line.blank(column - 1, "the boards' players sit 5 columns apart, one blank between them")
        players.append(line.integer(column, column + 3, f"player of board {len(players) + 1}") or 0)
        column += 5
    return OutOfOrder(
        line.integer(5, 7, "round number", required=True) or 0,
        line.integer(9, 11, "team pairing number", required=True) or 0,
        line.integer(13, 15, "opponent's team pairing number") or 0,
        tuple(players),
    )


def summary_802(line: RecordLine) -> TeamSummary:
    """Record 802. A reading: the specification's table puts round 1 at columns 29-39, its
    example one column to the right; a record that does not read by the table is read by
    the example's columns before its error is reported."""
    try:
        rounds = _summary_rounds(line, SUMMARY_FIRST_COLUMN)
    except TrfError as error:
        try:
            rounds = _summary_rounds(line, SUMMARY_FIRST_COLUMN + 1)
        except TrfError:
            raise error from None
    _blanks(line, "802", (8, 14, 21))
    return TeamSummary(
        tpn=line.integer(5, 7, "team pairing number", required=True) or 0,
        nickname=line.field(9, 13).strip(),
        match_points=_points(line, 15, 20, "match points", signed=True),
        game_points=_points(line, 22, 27, "game points", signed=True),
        rounds=rounds,
    )


def _summary_rounds(line: RecordLine, first: int) -> tuple[SummaryRound, ...]:
    rounds = []
    column = first
    _blanks(line, "802", tuple(range(SUMMARY_FIRST_COLUMN - 1, first)))
    while column <= len(line.text.rstrip()):
        rnd = len(rounds) + 1
        _blanks(line, "802", (column - 2, column - 1) if column > first else ())
        _blanks(line, "802", (column + 3, column + 5))
        who = line.field(column, column + 2).strip().upper()
        colour = line.field(column + 4, column + 4).strip().lower()
        if colour not in ("", "w", "b"):
            raise line.error(column + 4, f"bad colour {colour!r} in round {rnd} of record 802: expected w, b or blank")
        mark = line.field(column + 10, column + 10).strip()
        if mark not in ("", "f", "F"):
            raise line.error(column + 10, f"bad forfeit mark {mark!r} in round {rnd} of record 802: expected f or F")
        game = _points(line, column + 6, column + 9, f"game points of round {rnd}")
        if who in SUMMARY_BYES:
            rounds.append(SummaryRound(None, who, colour, game, bool(mark)))
        else:
            opponent = line.integer(column, column + 2, f"opponent of round {rnd}")
            rounds.append(SummaryRound(opponent or None, "", colour, game, bool(mark)))
        column += SUMMARY_WIDTH
    return tuple(rounds)


# ---------------------------------------------------------------- writing


def _put(line: list[str], start: int, text: str) -> None:
    """Write *text* at 1-based column *start*."""
    for k, ch in enumerate(text):
        index = start - 1 + k
        while len(line) <= index:
            line.append(" ")
        line[index] = ch


def _six(tenths: int | None) -> str:
    return "" if tenths is None else f"{format_points(tenths):>6}"


def team_line(t: TeamEntry) -> str:
    line: list[str] = []
    _put(line, 1, "310")
    _put(line, 5, f"{t.tpn:3d}")
    _put(line, 9, t.name[:32])
    _put(line, 42, t.nickname[:5])
    _put(line, 48, "" if t.strength is None else f"{t.strength:6d}")
    _put(line, 55, _six(t.match_points))
    _put(line, 62, _six(t.game_points))
    _put(line, 69, "" if t.rank is None else f"{t.rank:3d}")
    for board, member in enumerate(t.members):
        _put(line, 74 + 5 * board, f"{member:4d}")
    return "".join(line).rstrip()


def legacy_team_line(t: TeamEntry) -> str:
    return (f"013 {t.name[:32]:<32}" + "".join(f"{m:4d} " for m in t.members)).rstrip()


def scoring_line(scoring: dict[str, int]) -> str:
    return ("362 " + "".join(f"{code}{format_points(scoring[code]):>4}   " for code in TEAM_SCORING_CODES)).rstrip()


def pab_line(match: int, game: int, teams: tuple[int, ...]) -> str:
    return f"320 {format_points(match):>4} {format_points(game):>4}" + "".join(f" {t:03d}" for t in teams)


def forfeit_line(f: ForfeitedMatch) -> str:
    return f"330 {f.kind} {f.round:03d} {f.white:03d} {f.black:03d}"


def out_of_order_line(o: OutOfOrder) -> str:
    return f"300 {o.round:03d} {o.team:03d} {o.opponent:03d}" + "".join(f" {p:04d}" for p in o.players)


def summary_line(s: TeamSummary) -> str:
    line: list[str] = []
    _put(line, 1, "802")
    _put(line, 5, f"{s.tpn:3d}")
    _put(line, 9, s.nickname[:5])
    _put(line, 15, _six(s.match_points))
    _put(line, 22, _six(s.game_points))
    for k, r in enumerate(s.rounds):
        column = SUMMARY_FIRST_COLUMN + SUMMARY_WIDTH * k
        _put(line, column, r.bye or ("" if r.opponent is None else f"{r.opponent:3d}"))
        _put(line, column + 4, r.colour)
        _put(line, column + 6, "" if r.game_points is None else f"{format_points(r.game_points):>4}")
        _put(line, column + 10, "f" if r.forfeit else "")
    return "".join(line).rstrip()

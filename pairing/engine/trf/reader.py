"""Reading a TRF: every record of TRF16 and TRF-2026 into a :class:`TrfTournament`.

Beyond TRF16 the reader takes the extension lines that the FIDE-endorsed engines
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

and the TRF-2026 records (:mod:`pairing.engine.trf.trf26`), national rating records
included. Any other record (comments ``###``, ``DAT`` lines, tie-break lists 202/212,
team records...) is kept verbatim.
A malformed file raises :class:`TrfError` naming the 1-based line and column of the
first error.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from pairing.engine.text import decode, describe
from pairing.engine.trf import trf26
from pairing.engine.trf.records import (
    BB_CODES,
    COLOURS,
    HEADER_COUNT,
    HEADER_TEXT,
    MAX_ROUNDS,
    MAX_START,
    MAX_TOTAL_TENTHS,
    PLAYED_CODES,
    RESULT_CODES,
    ROUND_COLUMN,
    ROUND_WIDTH,
    XXS_CODES,
    XXS_SHORTCUTS,
    RecordLine,
    TrfAbnormalPoints,
    TrfAcceleratedRounds,
    TrfBye,
    TrfError,
    TrfNationalRating,
    TrfPlayer,
    TrfProhibited,
    TrfRound,
    TrfTournament,
    digits,
)

# C0 controls but tab (read as a blank), DEL, and the Unicode line separators.
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f\x85\u2028\u2029]")


_LINE_END = re.compile(r"\r\n|\r|\n")


def read_trf(path: str | Path) -> TrfTournament:
    return parse_trf(decode(Path(path).read_bytes()))


def player_reader() -> Callable[[RecordLine], TrfPlayer]:
    """The 001 record on its own, for readers of other record sets (the team reader): each
    call reads one line as :func:`parse_trf` does, refusing a start number used before."""
    parser = _Parser("")

    def read(line: RecordLine) -> TrfPlayer:
        parser.player(line)
        return parser.players[-1]

    return read


def parse_trf(text: str) -> TrfTournament:
    return _Parser(text).parse()


class _Parser:
    def __init__(self, text: str) -> None:
        # CR LF, LF and a lone CR (old Mac tools) each end a line, as editors count them.
        self.lines = _LINE_END.split(text.removeprefix("\ufeff"))
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
        self.abnormal: list[TrfAbnormalPoints] = []
        self.national: list[TrfNationalRating] = []
        self.positions: dict[str, tuple[int, int]] = {}
        # (line, column, start number, record) of every player a record names
        self.named: list[tuple[int, int, int, str]] = []

    def parse(self) -> TrfTournament:
        for number, raw in enumerate(self.lines, 1):
            line = RecordLine(number, raw.replace("\t", " "))
            at = _CONTROL.search(line.text)
            if at:
                # A record is one line of text: a control character is a damaged or binary file.
                raise line.error(at.start() + 1, f"control character {describe(at.group())} in a TRF record")
            if not line.text.strip():
                continue
            tag = line.text[:3]
            if tag == "001":
                self.player(line)
            elif tag in HEADER_TEXT or tag in HEADER_COUNT:
                self.header(tag, line)
            elif tag == "112":
                self.deputies.append(line.text[4:].rstrip())
                self.positions.setdefault(tag, (line.number, 5))
            elif tag == "132":
                self.round_dates(line)
            elif tag.upper() in ("XXR", "XXC", "XXA", "XXP", "XXS", "XXZ"):
                self.extension(tag.upper(), line)
            elif tag in BB_CODES:
                self.bb_points(tag, line)
            elif tag in trf26.TAGS:
                self.trf26(tag, line)
            elif trf26.is_national_rating(tag, line):
                self.national.append(trf26.national_rating(line))
                self.named.append((line.number, 5, self.national[-1].start, f"national rating {tag}"))
            else:
                self.other.append(line.text.rstrip())
        self.check_references()
        self.check_named_players()
        self.check_declared_rounds()
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
            abnormal_299=tuple(self.abnormal),
            national_ratings=tuple(self.national),
            other_records=tuple(self.other),
            positions=self.positions,
            **self.values,  # type: ignore[arg-type]
        )

    # -- records

    def header(self, tag: str, line: RecordLine) -> None:
        key = HEADER_TEXT.get(tag) or HEADER_COUNT[tag]
        if key in self.values:
            self.other.append(line.text.rstrip())  # a repeated header record is kept, not merged
            return
        if tag in HEADER_COUNT:
            tokens = line.tokens()
            if not tokens:
                self.values[key] = None
                return
            column, token = tokens[0]
            if not digits(token) or len(tokens) > 1:
                raise line.error(column, f"bad count {line.text[3:].strip()!r} in record {tag}: expected a number")
            self.values[key] = line.count(column, token, f"count in record {tag}", 0, MAX_START)
        else:
            self.values[key] = line.text[4:].rstrip()
            self.positions[tag] = (line.number, 5)

    def round_dates(self, line: RecordLine) -> None:
        if "round_dates" in self.values:
            self.other.append(line.text.rstrip())
            return
        dates = []
        pos = ROUND_COLUMN - 1
        while pos < len(line.text):
            dates.append(line.text[pos : pos + 8].strip())
            pos += ROUND_WIDTH
        while dates and not dates[-1]:
            dates.pop()
        self.values["round_dates"] = tuple(dates)

    def player(self, line: RecordLine) -> None:
        start = line.integer(5, 8, "start number", required=True)
        assert start is not None
        if start == 0:
            raise line.error(5, "start number 0 is not allowed")
        if start in self.player_lines:
            raise line.error(5, f"start number {start} already used on line {self.player_lines[start]}")
        self.player_lines[start] = line.number
        self.positions[f"001 {start}"] = (line.number, 1)
        for column in (4, 9, 14, 48, 53, 57, 69, 80, 85):
            line.blank(column, "expected a blank between fields of the 001 record")
        points_text = line.field(81, 84)
        # Signed: a record 299 penalty can take a total below zero.
        points = (
            line.tenths(points_text, 81, "points", signed=True, most=MAX_TOTAL_TENTHS) if points_text.strip() else None
        )
        rounds = []
        pos = ROUND_COLUMN
        end = len(line.text.rstrip())
        if end > 89 and line.field(90, 91).strip():
            raise line.error(
                90 if line.text[89] != " " else 91,
                "unexpected character before round 1 (round blocks start at column 92)",
            )
        while pos <= end:
            rounds.append(self.block(line, pos, len(rounds) + 1))
            pos += ROUND_WIDTH
        while rounds and rounds[-1].is_blank:
            rounds.pop()
        self.players.append(
            TrfPlayer(
                start=start,
                sex=line.field(10, 10).strip(),
                title=line.field(11, 13).strip(),
                name=line.field(15, 47).strip(),
                rating=line.integer(49, 52, "rating"),
                federation=line.field(54, 56).strip(),
                fide_id=line.field(58, 68).strip(),
                birth=line.field(70, 79).strip(),
                points=points,
                rank=line.integer(86, 89, "rank"),
                rounds=tuple(rounds),
            )
        )

    def block(self, line: RecordLine, column: int, rnd: int) -> TrfRound:
        text = line.text[column - 1 : column + 7]
        if column > ROUND_COLUMN:
            for c in (column - 2, column - 1):
                line.blank(c, f"expected a blank between round blocks (round {rnd} starts at column {column})")
        if not text.strip():
            return TrfRound(None, " ", " ")
        if len(text.rstrip()) < 6:
            raise line.error(
                column + len(text.rstrip()),
                f"truncated round {rnd} block: expected 'NNNN c r' at columns {column}-{column + 7}",
            )
        text = text.ljust(8)
        opponent = line.integer(column, column + 3, f"opponent in round {rnd}")
        line.blank(column + 4, f"expected a blank after the opponent of round {rnd}")
        line.blank(column + 6, f"expected a blank after the colour of round {rnd}")
        colour = text[5].lower()
        if colour not in COLOURS:
            raise line.error(column + 5, f"bad colour {text[5]!r} in round {rnd}: expected w, b, - or blank")
        result = text[7].upper()
        if result not in RESULT_CODES:
            raise line.error(column + 7, f"unknown result code {text[7]!r} in round {rnd}")
        if opponent == 0:
            opponent = None
        if opponent is not None and result in "HFUZ":
            raise line.error(column + 7, f"result {result!r} (a bye) with opponent {opponent} in round {rnd}")
        if opponent is None and result in PLAYED_CODES:
            raise line.error(column + 7, f"result {result!r} of a played game without an opponent in round {rnd}")
        return TrfRound(opponent, colour, result)

    def extension(self, tag: str, line: RecordLine) -> None:
        tokens = line.tokens()
        if tag == "XXR":
            if len(tokens) != 1 or not digits(tokens[0][1]):
                raise line.error(tokens[0][0] if tokens else 5, "XXR needs the number of rounds")
            if "xx_rounds" in self.values:
                raise line.error(1, "XXR given twice")
            if not tokens[0][1].strip("0"):
                raise line.error(tokens[0][0], "XXR needs at least 1 round")
            self.values["xx_rounds"] = line.count(*tokens[0], "number of rounds in XXR", 1, MAX_ROUNDS)
            self.positions["XXR"] = (line.number, tokens[0][0])
        elif tag == "XXC":
            self.xx_config.extend(word for _, word in tokens)
        elif tag == "XXA":
            self.acceleration(line)
        elif tag in ("XXP", "XXZ"):
            ids = []
            for column, token in tokens:
                if not digits(token):
                    raise line.error(column, f"bad player id {token!r} in {tag}")
                ids.append(line.count(column, token, f"player id in {tag}", 1, MAX_START))
            if tag == "XXP":
                if len(ids) < 2:
                    raise line.error(5, "XXP needs at least two player ids")
                self.xx_forbidden.append(tuple(ids))
            else:
                self.xx_absent.extend(ids)
        elif tag == "XXS":
            for column, token in tokens:
                code, eq, value = token.partition("=")
                if not eq or (code.upper() not in XXS_CODES and code.upper() not in XXS_SHORTCUTS):
                    raise line.error(column, f"bad XXS item {token!r}: expected CODE=VALUE")
                points = line.tenths(value, column + len(code) + 1, "XXS value", signed=True)
                self.positions[f"XXS {len(self.xx_scoring)}"] = (line.number, column + len(code) + 1)
                self.xx_scoring.append((code.upper(), points))

    def acceleration(self, line: RecordLine) -> None:
        """XXA: id at columns 5-8, round r's points at columns 10-13 + 5 (r-1); blank is 0."""
        player = line.integer(5, 8, "player id in XXA", required=True)
        values = []
        column = 10
        end = len(line.text.rstrip())
        while column <= end:
            line.blank(column - 1, "XXA points sit at columns 10-13, 15-18, 20-23...")
            text = line.field(column, column + 3)
            values.append(line.tenths(text, column, f"XXA points for round {len(values) + 1}") if text.strip() else 0)
            column += 5
        self.xx_acc.append((player or 0, tuple(values)))

    def bb_points(self, tag: str, line: RecordLine) -> None:
        """bbpPairings' TRF(bx) point values: ``BBW  3.0`` (the value from column 5)."""
        tokens = line.tokens()
        if len(tokens) != 1:
            raise line.error(tokens[1][0] if len(tokens) > 1 else 5, f"{tag} needs one value like 1.0")
        self.positions[f"BB {len(self.bb_scoring)}"] = (line.number, tokens[0][0])
        self.bb_scoring.append((tag, line.tenths(tokens[0][1], tokens[0][0], f"{tag} points")))

    def trf26(self, tag: str, line: RecordLine) -> None:
        if tag == "142":
            self.values["rounds_142"] = trf26.rounds_142(line)
            self.positions["142"] = (line.number, line.tokens()[0][0])
        elif tag == "152":
            self.values["initial_colour_152"] = trf26.colour_152(line)
        elif tag == "162":
            for k, item in enumerate(trf26.scoring_162(line)):
                self.positions[f"162 {len(self.scoring_162)}"] = (line.number, 7 + 9 * k)
                self.scoring_162.append(item)
        elif tag == "192":
            self.values["type_192"] = trf26.type_192(line)
            self.positions["192"] = (line.number, 5)
        elif tag == "240":
            self.byes.append(trf26.bye_240(line))
            self.name_players(line, 11, tag)
        elif tag == "250":
            self.positions[f"250 {len(self.accelerations)}"] = (line.number, 15)
            self.accelerations.append(trf26.accelerated_rounds_250(line))
            self.named += [(line.number, 23, self.accelerations[-1].first_player, tag)]
            self.named += [(line.number, 28, self.accelerations[-1].last_player, tag)]
        elif tag == "260":
            self.prohibited.append(trf26.prohibited_260(line))
            self.name_players(line, 13, tag)
        elif tag == "299":
            self.abnormal.append(trf26.abnormal_299(line))
            self.name_players(line, 24, tag)
        elif tag == "172":
            self.values["starting_rank_172"] = trf26.starting_rank_172(line)
            self.positions[tag] = (line.number, 5)
        elif tag == "182":
            self.values["pairing_controller_182"] = trf26.text_after_tag(line)
        elif tag == "222":
            self.values["time_control_222"] = trf26.text_after_tag(line)
            self.positions[tag] = (line.number, 5)

    def name_players(self, line: RecordLine, column: int, tag: str) -> None:
        self.named += [(line.number, c, start, tag) for c, start in line.id_columns(column)]

    def check_named_players(self) -> None:
        """Records 240, 250, 260, 299 and the national ratings name players by start number:
        each must have its 001 record. (Records read without any player, as a store of
        them, name nobody to check against.)"""
        if not self.players:
            return
        for number, column, start, tag in self.named:
            if start not in self.player_lines:
                raise TrfError(number, column, f"record {tag} names player {start}, who has no 001 record")

    def check_declared_rounds(self) -> None:
        """C.04.1.a: the number of rounds is declared beforehand; no block may lie beyond it."""
        declared = self.values.get("xx_rounds", self.values.get("rounds_142"))
        if not isinstance(declared, int):
            return
        for p in self.players:
            if len(p.rounds) > declared:
                extra = next(k for k in range(declared, len(p.rounds)) if not p.rounds[k].is_blank)
                raise TrfError(
                    self.player_lines[p.start],
                    ROUND_COLUMN + ROUND_WIDTH * extra,
                    f"round {extra + 1} is beyond the {declared} rounds the file declares (XXR/142)",
                )

    def check_references(self) -> None:
        """Opponents must exist, and both players of a game must name each other."""
        blocks = {p.start: p.rounds for p in self.players}
        for p in self.players:
            number = self.player_lines[p.start]
            for k, block in enumerate(p.rounds, 1):
                if block.opponent is None:
                    continue
                column = ROUND_COLUMN + ROUND_WIDTH * (k - 1)
                if block.opponent not in blocks:
                    raise TrfError(number, column, f"round {k}: opponent {block.opponent} has no 001 record")
                if block.opponent == p.start:
                    raise TrfError(number, column, f"round {k}: player {p.start} paired with himself")
                theirs = blocks[block.opponent]
                other = theirs[k - 1] if len(theirs) >= k else None
                if other is None or other.opponent != p.start:
                    shown = "nothing" if other is None or other.opponent is None else other.opponent
                    raise TrfError(
                        number,
                        column,
                        f"round {k}: player {p.start} meets {block.opponent}, "
                        f"but {block.opponent}'s record shows {shown}",
                    )
                if block.colour in "wb" and other.colour == block.colour:
                    raise TrfError(
                        number,
                        column + 5,
                        f"round {k}: players {p.start} and {block.opponent} both have colour {block.colour!r}",
                    )

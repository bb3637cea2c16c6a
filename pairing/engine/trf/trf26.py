"""The TRF-2026 records: reading them, writing them, and deriving them from TRF16.

    142 rounds   152 initial colour W/B   162 scoring: a code W D L A P X at column
    6 + 9k and its points at columns 7-10 + 9k   192 encoded tournament type
    240 F/H/Z byes: type at 5, round at 7-9, ids at 11-14, 16-19...
    250 accelerated rounds: match points 5-8, game points 10-13, rounds 15-17 and 19-21,
        ids 23-26 and 28-31
    260 prohibited pairings: rounds 5-7 and 9-11, ids at 13-16, 18-21...
    172 starting-rank method: federation 5-7, method 9-13   182 pairing controller
    222 encoded time control (``5400+30``, ``40/6000+30:900+30``, ``W300-B240``)
    299 abnormal points: type at 5, match points 8-11, points 14-17, round 20-22
        (``000`` or blank: all rounds), ids at 24-27, 29-32...
    NRS national rating records: a federation code in 1-3, then the 001 columns 5-79

Their TRF16 counterparts are the engines' extension lines XXR, XXC, XXS, XXA, XXP and
the F/H/Z round blocks; the writer adds the 2026 records from them on request.
"""

from __future__ import annotations

import re

from pairing.engine.trf.records import (
    MAX_ROUNDS,
    RecordLine,
    TrfAbnormalPoints,
    TrfAcceleratedRounds,
    TrfBye,
    TrfNationalRating,
    TrfProhibited,
    TrfStartingRank,
    TrfTournament,
    digits,
    format_points,
    resolve_xxs,
)

TAGS = ("142", "152", "162", "172", "182", "192", "222", "240", "250", "260", "299")
STARTING_RANK_METHODS = frozenset({"FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"})
ABNORMAL_KINDS = frozenset("WDLFHZ+- ")
# An NRS record starts with a federation's three capital letters; the engines' extension
# lines (XX?, BB?) and the TRFx DAT lines are not ones.
_NRS_TAG = re.compile(r"[A-Z]{3}")
_NOT_NRS = ("XX", "BB", "DAT")
SCORING_162_CODES = frozenset("WDLAPX")
BYE_240_KINDS = frozenset("FHZ")

# ---------------------------------------------------------------- reading


def rounds_142(line: RecordLine) -> int:
    tokens = line.tokens()
    if len(tokens) != 1 or not digits(tokens[0][1]):
        raise line.error(tokens[0][0] if tokens else 5, "record 142 needs the number of rounds")
    return line.count(*tokens[0], "number of rounds in record 142", 1, MAX_ROUNDS)


def colour_152(line: RecordLine) -> str:
    colour = line.text[4:].strip().upper()
    if colour not in ("W", "B"):
        raise line.error(5, f"record 152 needs W or B, not {colour!r}")
    return colour


def scoring_162(line: RecordLine) -> list[tuple[str, int]]:
    items = []
    column = 6
    while column <= len(line.text.rstrip()):
        code = line.field(column, column).upper()
        if code not in SCORING_162_CODES:
            raise line.error(column, f"bad scoring code {code!r} in record 162: expected W, D, L, A, P or X")
        points = line.field(column + 1, column + 4)
        items.append((code, line.tenths(points, column + 1, f"points for {code}", signed=True)))
        column += 9
    return items


def type_192(line: RecordLine) -> str:
    return line.text[4:].strip()


def text_after_tag(line: RecordLine) -> str:
    """Records 182 and 222: free text from column 5."""
    return line.text[4:].strip()


def starting_rank_172(line: RecordLine) -> TrfStartingRank:
    federation, method = line.field(5, 7).strip().upper(), line.field(9, 13).strip().upper()
    if method not in STARTING_RANK_METHODS:
        raise line.error(
            9,
            f"bad ranking method {method!r} in record 172: expected one of " + ", ".join(sorted(STARTING_RANK_METHODS)),
        )
    return TrfStartingRank(federation, method)


def _blanks(line: RecordLine, tag: str, columns: tuple[int, ...]) -> None:
    for column in columns:
        line.blank(column, f"expected a blank between the fields of record {tag}")


def abnormal_299(line: RecordLine) -> TrfAbnormalPoints:
    _blanks(line, "299", (6, 7, 12, 13, 18, 19, 23))
    kind = line.field(5, 5).upper() or " "
    if kind not in ABNORMAL_KINDS:
        raise line.error(5, f"bad abnormal assignment type {kind!r} in record 299: expected W D L F H Z + - or blank")
    mp, points = line.field(8, 11), line.field(14, 17)
    return TrfAbnormalPoints(
        kind=kind,
        match_points=line.tenths(mp, 8, "match points", signed=True) if mp.strip() else None,
        points=line.tenths(points, 14, "points", signed=True) if points.strip() else None,
        round=line.integer(20, 22, "round number"),
        players=line.id_list(24),
    )


def is_national_rating(tag: str, line: RecordLine) -> bool:
    return bool(_NRS_TAG.fullmatch(tag)) and not tag.startswith(_NOT_NRS) and digits(line.field(5, 8).strip())


def national_rating(line: RecordLine) -> TrfNationalRating:
    return TrfNationalRating(
        federation=line.field(1, 3),
        start=line.integer(5, 8, "starting rank", required=True) or 0,
        sex=line.field(10, 10).strip(),
        classification=line.field(11, 13).strip(),
        name=line.field(15, 47).strip(),
        rating=line.integer(49, 52, "national rating"),
        origin=line.field(54, 56).strip(),
        number=line.field(58, 68).strip(),
        birth=line.field(70, 79).strip(),
    )


def bye_240(line: RecordLine) -> TrfBye:
    _blanks(line, "240", (6, 10))
    kind = line.field(5, 5).upper()
    if kind not in BYE_240_KINDS:
        raise line.error(5, f"bad bye type {kind!r} in record 240: expected F, H or Z")
    rnd = line.integer(7, 9, "round number", required=True)
    return TrfBye(kind, rnd or 0, line.id_list(11))


def accelerated_rounds_250(line: RecordLine) -> TrfAcceleratedRounds:
    _blanks(line, "250", (9, 14, 18, 22, 27))
    mp = line.field(5, 8)
    record = TrfAcceleratedRounds(
        match_points=line.tenths(mp, 5, "match points") if mp.strip() else None,
        game_points=line.tenths(line.field(10, 13), 10, "game points"),
        first_round=line.integer(15, 17, "first round", required=True) or 0,
        last_round=line.integer(19, 21, "last round", required=True) or 0,
        first_player=line.integer(23, 26, "first player", required=True) or 0,
        last_player=line.integer(28, 31, "last player", required=True) or 0,
    )
    if record.last_round < record.first_round:
        raise line.error(19, f"record 250: the last round ({record.last_round}) comes before the first")
    if record.last_player < record.first_player:
        raise line.error(28, f"record 250: the last player ({record.last_player}) comes before the first")
    return record


def prohibited_260(line: RecordLine) -> TrfProhibited:
    _blanks(line, "260", (8, 12))
    first = line.integer(5, 7, "first round", required=True) or 0
    last = line.integer(9, 11, "last round", required=True) or 0
    if last < first:
        raise line.error(9, f"record 260: the last round ({last}) comes before the first ({first})")
    return TrfProhibited(first, last, line.id_list(13))


# ---------------------------------------------------------------- writing


def header_lines(t: TrfTournament, derive: bool) -> list[str]:
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
        out.append("162 " + "".join(f" {c}{format_points(v):>4}   " for c, v in scoring).rstrip())
    if t.starting_rank_172:
        out.append(f"172 {t.starting_rank_172.federation:<3} {t.starting_rank_172.method}")
    if t.pairing_controller_182:
        out.append(f"182 {t.pairing_controller_182}")
    if t.type_192:
        out.append(f"192 {t.type_192}")
    if t.time_control_222:
        out.append(f"222 {t.time_control_222}")
    return out


def draft_type_code(code: str) -> str:
    """Record 192 in the draft table's spelling (``FIDE_DUTCH_2026`` -> ``FIDE_DUTCH_2025``),
    for engines released before ETT26 was final, which refuse the ``_2026`` codes."""
    return re.sub(r"^(FIDE_[A-Z]+)_2026(?=_BAKU$|$)", r"\1_2025", code.strip())


def national_rating_line(r: TrfNationalRating) -> str:
    """The NRS record: the 001 columns 1-79, the federation's code in place of ``001``."""
    return (
        f"{r.federation[:3]:<3} {r.start:4d} {r.sex[:1]:1}{r.classification[:3]:>3} {r.name[:33]:<33} "
        f"{'' if r.rating is None else r.rating:>4} {r.origin[:3]:<3} {r.number[:11]:>11} {r.birth[:10]:<10}"
    ).rstrip()


def _points_or_blank(tenths: int | None) -> str:
    return "    " if tenths is None else f"{format_points(tenths):>4}"


def abnormal_line(a: TrfAbnormalPoints) -> str:
    rnd = "   " if a.round is None else f"{a.round:03d}"
    ids = "".join(f" {i:4d}" for i in a.players)
    return f"299 {a.kind}  {_points_or_blank(a.match_points)}  {_points_or_blank(a.points)}  {rnd}{ids}".rstrip()


def list_lines(t: TrfTournament, derive: bool) -> list[str]:
    out = []
    byes = t.byes_240 or (byes_240_from_rounds(t) if derive else ())
    for b in byes:
        out.append(f"240 {b.kind} {b.round:03d}" + "".join(f" {i:4d}" for i in b.players))
    accelerations = t.accelerations_250 or (accelerations_250_from_xxa(t) if derive else ())
    for a in accelerations:
        mp = "    " if a.match_points is None else f"{format_points(a.match_points):>4}"
        out.append(
            f"250 {mp} {format_points(a.game_points):>4} {a.first_round:03d} {a.last_round:03d} "
            f"{a.first_player:4d} {a.last_player:4d}"
        )
    prohibited = t.prohibited_260
    if not prohibited and derive and t.xx_forbidden:
        last = t.total_rounds or max(t.rounds_in_file, 1)
        prohibited = tuple(TrfProhibited(1, last, ids) for ids in t.xx_forbidden)
    for p in prohibited:
        out.append(f"260 {p.first_round:03d} {p.last_round:03d}" + "".join(f" {i:4d}" for i in p.players))
    out += [abnormal_line(a) for a in t.abnormal_299]
    return out


# ---------------------------------------------------------------- derived from TRF16


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
    return tuple((code, v) for code, v in out if len(format_points(v)) <= 4)  # columns 7-10: '11.5', '-1.0'


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


def virtual_points_250(
    records: tuple[TrfAcceleratedRounds, ...],
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Records 250 as virtual points per player and round (index 0 = round 1), as XXA
    gives them: the fictitious game points of players first..last in rounds first..last."""
    table: dict[int, list[int]] = {}
    for a in records:
        for player in range(a.first_player, a.last_player + 1):
            rounds = table.setdefault(player, [])
            rounds.extend([0] * (a.last_round - len(rounds)))
            for rnd in range(a.first_round, a.last_round + 1):
                rounds[rnd - 1] = a.game_points  # a later record for the same round replaces
    return tuple((p, tuple(v)) for p, v in sorted(table.items()))


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


# ---------------------------------------------------------------- tie-break lists (202, 212)

TIEBREAK_LIST_TAGS = ("212", "202")  # 212 defines the standings (PTS first); 202 breaks the ties
TIEBREAK_VALUES_TAG = "###TBV"  # this program's comment table of values (TRF-2026 has no field for them)


def tiebreak_codes(text: str) -> tuple[str, ...]:
    """The codes of a 202/212 record's text (after the tag), as ``BH/C1`` strings.

    TRF-2026 calls the list comma-separated; programs write ``BH/C1,BH,SB``, ``BH/C1 BH SB``,
    ``BH C1,BH,SB`` (modifier after a space) or ``BH:C1`` alike. A ``:GP`` point-type
    qualifier (game points, the only kind an individual event has) is dropped.
    """
    items = ["/".join(item.split()) for item in text.split(",")] if "," in text else text.split()
    out = []
    for item in items:
        parts = [p for p in item.strip().upper().replace(":", "/").split("/") if p and p != "GP"]
        if parts:
            out.append("/".join(parts))
    return tuple(out)


def tiebreak_list(t: TrfTournament) -> tuple[str, tuple[str, ...]] | None:
    """(tag, codes) of the file's record 212, else 202; codes after PTS only (points always
    come first). None when the file has neither."""
    for tag in TIEBREAK_LIST_TAGS:
        for record in t.other_records:
            if record[:3] == tag:
                codes = tiebreak_codes(record[4:])
                if codes and codes[0] == "PTS":
                    codes = codes[1:]
                return tag, codes
    return None


def tiebreak_value_lines(codes: tuple[str, ...], rows: list[tuple[int, tuple[str, ...]]]) -> list[str]:
    """The comment table of tie-break values: a heading, then one line per player (start
    number at columns 8-11, then each value right-aligned in 9 columns), in standings order."""
    head = f"{TIEBREAK_VALUES_TAG} SNO" + "".join(f" {c:>8}" for c in codes)
    return [head] + [f"{TIEBREAK_VALUES_TAG} {pid:4d}" + "".join(f" {v:>8}" for v in values) for pid, values in rows]


def tiebreak_values_table(t: TrfTournament) -> tuple[tuple[str, ...], dict[int, tuple[str, ...]]] | None:
    """The comment table of values, if the file has one: (codes, {start number: printed values})."""
    lines = [r for r in t.other_records if r.startswith(TIEBREAK_VALUES_TAG)]
    if not lines:
        return None
    codes = tuple(lines[0][len(TIEBREAK_VALUES_TAG) :].split()[1:])
    table = {}
    for line in lines[1:]:
        words = line[len(TIEBREAK_VALUES_TAG) :].split()
        if words and words[0].isdigit():
            table[int(words[0])] = tuple(words[1:])
    return codes, table

"""Writing a TRF: one record per line, columns as :mod:`pairing.engine.trf.records` lays them out."""

from __future__ import annotations

from pairing.engine.text import printable
from pairing.engine.trf.records import (
    HEADER_COUNT,
    ROUND_COLUMN,
    TrfPlayer,
    TrfRound,
    TrfTournament,
    format_points,
)
from pairing.engine.trf.trf26 import header_lines, list_lines, national_rating_line


def _points_field(tenths: int) -> str:
    """Columns 81-84: '11.5'; from 100 points on, whole points only ('1000' fits, '100.5' does not)."""
    text = format_points(tenths)
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
    for tag, key in HEADER_COUNT.items():
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
    lines += header_lines(t, trf26)
    lines += [player_line(p) for p in t.players]
    lines += [national_rating_line(r) for r in t.national_ratings]
    if t.xx_rounds is not None:
        lines.append(f"XXR {t.xx_rounds}")
    if t.xx_config:
        lines.append("XXC " + " ".join(t.xx_config))
    if t.xx_scoring:
        lines.append("XXS " + " ".join(f"{c}={format_points(v)}" for c, v in t.xx_scoring))
    for player, values in t.xx_acceleration:
        lines.append(f"XXA {player:4d}" + "".join(f" {format_points(v):>4}" for v in values))
    lines += ["XXP " + " ".join(map(str, ids)) for ids in t.xx_forbidden]
    if t.xx_absent:
        lines.append("XXZ " + " ".join(map(str, t.xx_absent)))
    lines += [f"{code} {format_points(v):>4}" for code, v in t.bb_scoring]
    lines += list_lines(t, trf26)
    lines += list(t.other_records)
    # A record is one line: a control character (a newline in a name) never reaches the file.
    return "\n".join(printable(line) for line in lines) + "\n"

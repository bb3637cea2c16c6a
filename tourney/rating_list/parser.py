"""The rating lists FIDE publishes for download (https://ratings.fide.com/download_lists.phtml),
read one player at a time: the standard, rapid and blitz lists and the combined list, in
their XML and fixed-width TXT forms, each also zipped with the one file inside. The
standard library only, so that the reading is testable without Django.

XML (``<playerslist><player><fideid>...``): one element per player; the single lists give
``rating``, ``games``, ``k``, the combined list (``players_list_xml_foa.xml``) adds
``rapid_rating``, ``rapid_games``, ``rapid_k``, ``blitz_rating``, ``blitz_games``,
``blitz_k``. Read a megabyte at a time, each player dropped once read: never loaded whole.

TXT: a header line names the columns, each datum starts under its name (left-aligned),
so the positions are taken from the header, never hard-coded. The headers as FIDE writes
them (lichess-org/lila ``modules/fide/src/main/FidePlayerSync.scala`` reads the same
columns at the same offsets; the single lists as in its tests); after ``Name`` (column 16)
come, at columns 77 and beyond::

    Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag
    Fed Sex Tit  WTit OTit           FOA SEP26 Gms K  B-day Flag

The single list's rating column is named by the list's month (``SEP26``: September 2026).
Flag: ``i`` inactive, ``w`` a woman, ``wi`` both.
"""

from __future__ import annotations

import io
import operator
import re
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import IO
from xml.etree.ElementTree import fromstring
from xml.parsers import expat

KINDS = ("standard", "rapid", "blitz")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# FIDE titles a rating list carries (Tit, WTit); the arbiter and trainer titles (OTit) are not kept.
TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})

# TXT header names -> field. A single list's rating column is its month (MONTH_COLUMN).
TXT_COLUMNS = {
    "ID Number": "fide_id",
    "Name": "name",
    "Fed": "federation",
    "Sex": "sex",
    "Tit": "title",
    "WTit": "w_title",
    "OTit": "o_title",
    "FOA": "foa_title",
    "SRtng": "standard_rating",
    "SGm": "standard_games",
    "SK": "standard_k",
    "RRtng": "rapid_rating",
    "RGm": "rapid_games",
    "Rk": "rapid_k",
    "BRtng": "blitz_rating",
    "BGm": "blitz_games",
    "BK": "blitz_k",
    "Gms": "games",
    "K": "k",
    "B-day": "birth_year",
    "Flag": "flag",
}
_MONTH = "(" + "|".join(MONTHS) + r")(\d{2})"
MONTH_COLUMN = re.compile(f"^{_MONTH}$", re.IGNORECASE)
MONTH_IN_FILE_NAME = re.compile(_MONTH, re.IGNORECASE)
KIND_IN_FILE_NAME = re.compile(r"(standard|rapid|blitz)", re.IGNORECASE)

# XML element -> field; a single list's rating, games and K are the list's kind's.
XML_FIELDS = {
    "fideid": "fide_id",
    "name": "name",
    "country": "federation",
    "sex": "sex",
    "title": "title",
    "w_title": "w_title",
    "rating": "rating",
    "games": "games",
    "k": "k",
    "rapid_rating": "rapid_rating",
    "rapid_games": "rapid_games",
    "rapid_k": "rapid_k",
    "blitz_rating": "blitz_rating",
    "blitz_games": "blitz_games",
    "blitz_k": "blitz_k",
    "birthday": "birth_year",
    "flag": "flag",
}
# The key of each field in an element's values (its element's name); the combined list's
# standard figures are its "rating", "games", "k".
XML_KEYS = {f: e for e, f in XML_FIELDS.items()}
COMBINED_XML_KEYS = {**XML_KEYS, "standard_rating": "rating", "standard_games": "games", "standard_k": "k"}


class RatingListError(ValueError):
    """A file that is not a FIDE rating list, or a malformed line (*line*, *column*: 1-based)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def __str__(self) -> str:
        if self.line is None:
            return self.message
        if self.column is None:
            return f"line {self.line}: {self.message}"
        return f"line {self.line}, column {self.column}: {self.message}"


@dataclass(frozen=True, slots=True)
class Rated:
    """One kind's figures: the rating (None: not rated in it), the games of the period, K."""

    rating: int | None
    games: int | None = None
    k: int | None = None


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    fide_id: int
    name: str
    federation: str
    sex: str  # "M" or "F", as FIDE writes it; "" when the list leaves it empty
    title: str  # the FIDE title (GM ... WCM), the higher of Tit and WTit; "" for none
    birth_year: int | None
    inactive: bool
    ratings: dict[str, Rated] = field(default_factory=dict)  # by kind, only those the list gives


@dataclass
class RatingListFile:
    """An opened rating list: its kinds (one, or the three of the combined list), its month
    when the file says it (the TXT rating column, the file's name), and its players."""

    kinds: tuple[str, ...]
    month: date | None
    players: Iterator[ListedPlayer]
    form: str  # "xml" or "txt"


# C.04.2.B.2 [b]: the titles' order; a player holding two (FM and WGM) is listed by the higher.
_TITLE_RANK = {t: k for k, t in enumerate(["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"])}


def higher_title(*titles: str) -> str:
    held = [t for t in titles if t in TITLES]
    return min(held, key=_TITLE_RANK.__getitem__) if held else ""


def month_of(text: str) -> date | None:
    """The month a name says (``SEP26``, ``standard_sep26frl_xml.zip``): 1 September 2026."""
    match = MONTH_IN_FILE_NAME.search(text)
    if not match:
        return None
    return date(2000 + int(match.group(2)), MONTHS.index(match.group(1).lower()) + 1, 1)


def kind_of(text: str) -> str | None:
    match = KIND_IN_FILE_NAME.search(text)
    return match.group(1).lower() if match else None


def open_rating_list(path: str | Path, *, kind: str | None = None, name: str | None = None) -> RatingListFile:
    """Open a rating list file (XML or TXT, zipped or not). *kind* names the list's kind
    for a single list (else it is read from the file's name: ``standard_...``, ``rapid_...``,
    ``blitz_...``); *name* is the file's name as published, when *path* is a copy of it."""
    path = Path(path)
    name = name or path.name
    raw: IO[bytes]
    if zipfile.is_zipfile(path):
        archive = zipfile.ZipFile(path)
        members = [m for m in archive.infolist() if not m.is_dir()]
        if len(members) != 1:
            raise RatingListError(f"the zip file holds {len(members)} files, not the one list")
        name = f"{name} {members[0].filename}"
        raw = archive.open(members[0])
    else:
        raw = path.open("rb")
    stream = io.BufferedReader(raw, buffer_size=1 << 20) if not isinstance(raw, io.BufferedReader) else raw
    head = stream.peek(64)[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        return _open_xml(stream, kind or kind_of(name), name)
    return _open_txt(stream, kind or kind_of(name), name)


# ------------------------------------------------------------------------------ XML


def _open_xml(stream: IO[bytes], kind: str | None, name: str) -> RatingListFile:
    # The combined list names its rapid and blitz fields; a single list has only "rating".
    head = stream.peek(4096)  # type: ignore[attr-defined]
    combined = b"<rapid_rating" in head
    if not combined and kind not in KINDS:
        raise RatingListError("say which list this is: standard, rapid or blitz")
    kinds = KINDS if combined else (kind,)
    return RatingListFile(kinds, month_of(name), _xml_players(stream, combined, kind or "standard"), "xml")  # type: ignore[arg-type]


# A child of a player as FIDE writes them (no attribute, its text and nothing else) and
# its text; the end tag's name is not compared: expat has checked it. A player written
# otherwise (attributes, CDATA, an entity, an empty element) is read by ElementTree.
_FIELD = re.compile(r"<([a-z_]+)>([^<&]*)</")

_DECLARED_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*encoding=["']([A-Za-z0-9._-]+)["']""")
XML_CHUNK = 1 << 20


def _xml_players(stream: IO[bytes], combined: bool, kind: str) -> Iterator[ListedPlayer]:
    # Two readers over the same bytes, both in C: expat without handlers checks that the
    # file is well-formed XML (and says where it is not), and a regular expression takes
    # each player's values. ElementTree's iterparse, two events and an Element per value,
    # took twice the CPU (docs/benchmarks.md).
    read = _reader(combined, kind, COMBINED_XML_KEYS if combined else XML_KEYS)
    checker = expat.ParserCreate()
    declared = _DECLARED_ENCODING.match(stream.peek(200)[:200])  # type: ignore[attr-defined]
    encoding = declared.group(1).decode() if declared else "utf-8"
    count = 0
    rest = b""
    try:
        while True:
            chunk = stream.read(XML_CHUNK)
            try:
                checker.Parse(chunk, not chunk)
            except expat.ExpatError as error:
                reason = expat.ErrorString(error.code)
                raise RatingListError(f"not well-formed XML: {reason}", error.lineno, error.offset + 1) from None
            whole = rest + chunk
            end = whole.rfind(b"</player>") + len(b"</player>") if chunk else len(whole)
            if end < len(b"</player>"):
                rest = whole
                continue
            text, rest = whole[:end].decode(encoding), whole[end:]
            padded = _padded(text)
            for element in text.split("</player>")[:-1]:  # each ends a player: what follows is the next's
                count += 1
                try:
                    yield read(_player_values(element[element.rfind("<player") :], padded))
                except BadValue as bad:
                    raise RatingListError(f"player {count}, <{bad.field}>: {bad.message}") from None
            if not chunk:
                return
    except LookupError:
        raise RatingListError(f"unknown encoding {encoding!r} in the XML declaration") from None
    finally:
        stream.close()


def _padded(text: str) -> bool:
    """Whether a value may have spaces around it (FIDE writes none: a line break before
    each player only): then the chunk's values are stripped. Counted, not searched: a
    regular expression over the chunk cost as much as the reading itself."""
    return (
        " <" in text
        or "> " in text
        or "\t" in text
        or text.count("\n") != text.count("\n<player>")
        or text.count("\r") != text.count("\r\n<player>")
    )


def _player_values(element: str, padded: bool) -> dict[str, str]:
    """The player's values by element name; *element* is the player's start tag and
    content, without the end tag."""
    if element.startswith("<player>"):
        pairs = _FIELD.findall(element, 8)
        # Every child read (none nested, empty, commented or CDATA), none left to ElementTree.
        if element.count("<") == 2 * len(pairs) + 1:
            return {tag: value.strip() for tag, value in pairs} if padded else dict(pairs)
    return {c.tag: (c.text or "").strip() for c in fromstring(element + "</player>")}


# ------------------------------------------------------------------------------ TXT


@dataclass(frozen=True, slots=True)
class TxtColumn:
    field: str
    start: int  # 0-based
    end: int | None


def txt_columns(header: str) -> tuple[list[TxtColumn], date | None]:
    """The columns a TXT header line names, each from the position of its name to the next
    name's, and the month a single list's rating column is named by."""
    found: list[tuple[int, str]] = []
    month = None
    for match in re.finditer(r"ID Number|\S+", header):
        word = match.group(0)
        month_match = MONTH_COLUMN.match(word)
        if month_match:
            month = month_of(word)
            found.append((match.start(), "rating"))
        elif word in TXT_COLUMNS:
            found.append((match.start(), TXT_COLUMNS[word]))
        else:
            raise RatingListError(f"unknown column {word!r} in the header", 1, match.start() + 1)
    names = {f for _s, f in found}
    for required in ("fide_id", "name"):
        if required not in names:
            raise RatingListError("the first line is not a FIDE rating list header (ID Number, Name, ...)", 1, 1)
    if "rating" not in names and "standard_rating" not in names:
        raise RatingListError("the header names no rating column (SRtng, or the month as SEP26)", 1, 1)
    columns = [
        TxtColumn(f, start, found[k + 1][0] if k + 1 < len(found) else None) for k, (start, f) in enumerate(found)
    ]
    return columns, month


def _open_txt(stream: IO[bytes], kind: str | None, name: str) -> RatingListFile:
    lines = _decoded_lines(stream)
    try:
        header = next(lines)
    except StopIteration:
        stream.close()
        raise RatingListError("the file is empty") from None
    columns, month = txt_columns(header.rstrip("\r\n"))
    combined = any(c.field == "standard_rating" for c in columns)
    if not combined and kind not in KINDS:
        stream.close()
        raise RatingListError("say which list this is: standard, rapid or blitz")
    kinds = KINDS if combined else (kind,)
    return RatingListFile(
        kinds, month or month_of(name), _txt_players(lines, columns, combined, kind or "standard"), "txt"
    )  # type: ignore[arg-type]


def _decoded_lines(stream: IO[bytes]) -> Iterator[str]:
    # FIDE's TXT files are UTF-8 today; older ones are Latin-1: a line that is not UTF-8
    # is read as Latin-1 rather than refused.
    try:
        for raw in stream:
            try:
                yield raw.decode("utf-8")
            except UnicodeDecodeError:
                yield raw.decode("latin-1")
    finally:
        stream.close()


def _txt_players(lines: Iterator[str], columns: list[TxtColumn], combined: bool, kind: str) -> Iterator[ListedPlayer]:
    fields = [c.field for c in columns]
    cut = operator.itemgetter(*(slice(c.start, c.end) for c in columns))  # all the cells in one C call
    starts = {c.field: c.start + 1 for c in columns}
    read = _reader(combined, kind)
    for number, line in enumerate(lines, start=2):
        if line.isspace() or not line:
            continue
        try:
            yield read(dict(zip(fields, map(str.strip, cut(line)), strict=True)))
        except BadValue as bad:
            raise RatingListError(bad.message, number, starts.get(bad.field, 1)) from None


# ------------------------------------------------------------------------------ both


class BadValue(ValueError):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _number(values: dict[str, str], name: str) -> int | None:
    text = values.get(name)
    if not text:
        return None
    try:
        number = int(text)
    except ValueError:
        number = -1
    if number < 0 or not text.isascii():
        raise BadValue(name, f"{name.replace('_', ' ')} {text!r} is not a number")
    return number


NUMBER_FIELDS = frozenset(
    {"fide_id", "birth_year", "rating", "games", "k"}
    | {f"{k}_{n}" for k in KINDS for n in ("rating", "games", "k")}
    | {"fideid", "birthday"}  # the XML's names of the first two
)


def _numbers(values: dict[str, str]) -> dict[str, int]:
    """The numeric fields that have a value; BadValue names the first that is no number."""
    try:
        numbers = {n: int(v) for n, v in values.items() if v and n in NUMBER_FIELDS}
        if all(v >= 0 for v in numbers.values()):
            return numbers
    except ValueError:
        pass
    for name in values:  # the slow way, only to name the culprit
        if name in NUMBER_FIELDS:
            _number(values, name)
    return {n: int(v) for n, v in values.items() if v and n in NUMBER_FIELDS}


def _reader(combined: bool, kind: str, keys: dict[str, str] | None = None) -> Callable[[dict[str, str]], ListedPlayer]:
    """The player of one line's (or element's) values, keyed by *keys* (field -> key; the
    field's own name where it has none); BadValue names a refused key. Built once per file:
    a list of a million players calls it a million times."""
    key = (keys or {}).get
    fide_id_key, name_key, birth_key = key("fide_id", "fide_id"), key("name", "name"), key("birth_year", "birth_year")
    federation_key, w_title_key = key("federation", "federation"), key("w_title", "w_title")
    figures = [
        (k, key(f"{k}_rating", f"{k}_rating"), key(f"{k}_games", f"{k}_games"), key(f"{k}_k", f"{k}_k")) for k in KINDS
    ]

    def read(values: dict[str, str]) -> ListedPlayer:
        numbers = _numbers(values)
        fide_id = numbers.get(fide_id_key)
        if fide_id is None:
            raise BadValue(fide_id_key, "a player without a FIDE ID")
        name = values.get(name_key)
        if not name:
            raise BadValue(name_key, "a player without a name")
        get = numbers.get
        if combined:
            ratings = {k: Rated(get(r) or None, get(g), get(kk)) for k, r, g, kk in figures}
        else:
            ratings = {kind: Rated(get("rating") or None, get("games"), get("k"))}
        flag = values.get("flag", "")
        title = values.get("title", "")
        w_title = values.get(w_title_key, "")
        return ListedPlayer(
            fide_id=fide_id,
            name=name,
            federation=values.get(federation_key, "").upper(),
            sex=values.get("sex", "").upper()[:1],
            title=higher_title(title, w_title) if w_title else (title if title in TITLES else ""),
            birth_year=get(birth_key) or None,  # FIDE writes 0 for an unknown year
            inactive="i" in flag or "I" in flag,
            ratings=ratings,
        )

    return read

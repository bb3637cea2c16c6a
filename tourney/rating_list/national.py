"""National rating lists: a federation's list as a CSV file, whose columns the arbiter maps
to the fields a registration needs (the list's own ID and rating, the name, and whatever
else it gives: FIDE ID, federation, sex, birth year, title). The mapping names, for each
field, the column's heading as the file's first line writes it. The standard library only,
like the FIDE list's parser.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from tourney.rating_list.parser import TITLES, RatingListError

# The fields a national list may give, in the order the mapping form asks for them.
NATIONAL_FIELDS = ("national_id", "name", "rating", "fide_id", "federation", "sex", "birth_year", "title")
REQUIRED_FIELDS = ("national_id", "name")
# A list's sex column as federations write it: M, F, W (German "weiblich"), and the Italian D (donna).
SEX_VALUES = {"M": "M", "F": "F", "W": "F", "D": "F"}
YEAR = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")


@dataclass(frozen=True, slots=True)
class NationalPlayer:
    national_id: str
    name: str
    rating: int | None  # None: not rated in the national list
    fide_id: str
    federation: str
    sex: str  # "M", "F" or ""
    birth_year: int | None
    title: str


@dataclass
class NationalListFile:
    header: list[str]
    players: Iterator[NationalPlayer]


def guessed_mapping(header: list[str]) -> dict[str, str]:
    """The columns whose heading names a field (``ID``, ``Name``, ``Elo``...): a first
    mapping the arbiter corrects; a saved one replaces it."""
    words = {
        "national_id": ("national_id", "id", "code", "codice", "id_number", "pkz", "zps", "member"),
        "name": ("name", "nome", "player", "cognome nome", "spielername"),
        "rating": ("rating", "elo", "national_rating", "dwz", "elo italia", "punti"),
        "fide_id": ("fide_id", "fide id", "fideid", "id fide", "fide-id"),
        "federation": ("federation", "fed", "country"),
        "sex": ("sex", "gender", "sesso", "geschlecht"),
        "birth_year": ("birth_year", "birth", "born", "b-day", "anno", "geburtsjahr", "year of birth"),
        "title": ("title", "titolo", "titel"),
    }
    mapping = {}
    for field_name, names in words.items():
        for heading in header:
            if heading.strip().lower() in names:
                mapping[field_name] = heading
                break
    return mapping


def open_national_list(text: str, mapping: Mapping[str, str]) -> NationalListFile:
    """The CSV file *text* read by *mapping* (field -> column heading); raises
    RatingListError for a heading the file lacks, or (reading the players) for a bad cell,
    with its line and column."""
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""), dialect=dialect)
    header = [h.strip() for h in next(reader, [])]
    if not any(header):
        raise RatingListError("the file is empty")
    for required in REQUIRED_FIELDS:
        if not mapping.get(required):
            raise RatingListError(f"say which column holds the {required.replace('_', ' ')}")
    positions = {}
    for field_name, heading in mapping.items():
        if not heading:
            continue
        if heading not in header:
            raise RatingListError(f"no column {heading!r} in the first line (it has: {', '.join(header)})", 1)
        positions[field_name] = header.index(heading)
    return NationalListFile(header, _players(reader, positions))


def _players(reader: Iterator[list[str]], positions: dict[str, int]) -> Iterator[NationalPlayer]:
    try:
        for row in reader:
            line = reader.line_num  # type: ignore[attr-defined]
            if not any(cell.strip() for cell in row):
                continue
            yield _player(row, positions, line)
    except csv.Error as error:
        raise RatingListError(str(error), reader.line_num) from None  # type: ignore[attr-defined]


def _player(row: list[str], positions: dict[str, int], line: int) -> NationalPlayer:
    def cell(field_name: str) -> str:
        at = positions.get(field_name)
        return row[at].strip() if at is not None and at < len(row) else ""

    def refused(field_name: str, message: str) -> RatingListError:
        return RatingListError(message, line, positions[field_name] + 1)

    national_id = cell("national_id")
    if not national_id:
        raise refused("national_id", "a player without an ID")
    if len(national_id) > 20:
        raise refused("national_id", f"ID {national_id!r} is longer than 20 characters")
    name = " ".join(cell("name").split())
    if not name:
        raise refused("name", "a player without a name")
    rating_text = cell("rating")
    if rating_text and not (rating_text.isascii() and rating_text.isdigit() and int(rating_text) <= 3500):
        raise refused("rating", f"rating {rating_text!r} is not a number from 0 to 3500")
    fide_id = cell("fide_id")
    if fide_id in ("0", "-"):
        fide_id = ""
    if fide_id and not (fide_id.isascii() and fide_id.isdigit() and len(fide_id) <= 12):
        raise refused("fide_id", f"FIDE ID {fide_id!r} is not a number")
    sex_text = cell("sex").upper()[:1]
    year = YEAR.search(cell("birth_year"))
    title = cell("title").upper()
    return NationalPlayer(
        national_id=national_id,
        name=name[:100],
        rating=int(rating_text) or None if rating_text else None,
        fide_id=fide_id,
        federation=cell("federation").upper()[:3],
        sex=SEX_VALUES.get(sex_text, ""),
        birth_year=int(year.group(1)) if year else None,
        title=title if title in TITLES else "",
    )

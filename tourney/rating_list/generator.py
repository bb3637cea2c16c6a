"""Rating list files in FIDE's published forms, written from players: for the tests, the
import benchmark (bench/rating_list_import.py), the browser test of a 5,000-player list
(tests/browser/test_rating_list_in_the_browser.py) and trying the import with a realistic file.
The standard library only, like the parser it feeds."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from datetime import date
from typing import TextIO
from xml.sax.saxutils import escape

from tourney.rating_list.parser import KINDS, MONTHS, ListedPlayer, Rated

# The columns of FIDE's TXT files, with their widths (the header names start each one).
COMBINED_TXT = [
    ("ID Number", 15), ("Name", 61), ("Fed", 4), ("Sex", 4), ("Tit", 5), ("WTit", 5), ("OTit", 15), ("FOA", 4),
    ("SRtng", 6), ("SGm", 4), ("SK", 3), ("RRtng", 6), ("RGm", 4), ("Rk", 3), ("BRtng", 6), ("BGm", 4),
    ("BK", 3), ("B-day", 6), ("Flag", 4),
]  # fmt: skip
SINGLE_TXT = [
    ("ID Number", 15), ("Name", 61), ("Fed", 4), ("Sex", 4), ("Tit", 5), ("WTit", 5), ("OTit", 15), ("FOA", 4),
    ("{month}", 6), ("Gms", 4), ("K", 3), ("B-day", 6), ("Flag", 4),
]  # fmt: skip

SURNAMES = ["Rossi", "Müller", "Núñez", "Ivanov", "Smith", "Kowalski", "Nakamura", "O'Brien", "Dubois", "Andersen"]
GIVEN = ["Anna", "Marco", "Élodie", "Sergei", "Li", "Fatima", "John", "Zoë", "Pablo", "Giulia"]
FEDERATIONS = ["ITA", "GER", "ESP", "RUS", "ENG", "POL", "JPN", "IRL", "FRA", "DEN", "IND", "USA", "FID"]


def month_name(month: date) -> str:
    return f"{MONTHS[month.month - 1].upper()}{month.year % 100:02d}"


def random_players(count: int, seed: int = 1) -> Iterator[ListedPlayer]:
    """*count* plausible players (FIDE IDs from 100001 on), as reproducible as the seed."""
    rng = random.Random(seed)
    for n in range(count):
        sex = "F" if rng.random() < 0.12 else "M"
        rated = {k: Rated(rng.choice([None, rng.randint(1400, 2800)]), rng.randint(0, 30), 20) for k in KINDS}
        yield ListedPlayer(
            fide_id=100001 + n,
            name=f"{rng.choice(SURNAMES)}{n}, {rng.choice(GIVEN)}",
            federation=rng.choice(FEDERATIONS),
            sex=sex,
            title=rng.choice(["", "", "", "", "", "FM", "IM", "GM", "CM"] + (["WGM", "WIM"] if sex == "F" else [])),
            birth_year=rng.randint(1940, 2018),
            inactive=rng.random() < 0.3,
            ratings=rated,
        )


def _cells(player: ListedPlayer, kinds: Iterable[str]) -> list[str]:
    women = player.title.startswith("W")
    cells = [
        str(player.fide_id),
        player.name,
        player.federation,
        player.sex,
        "" if women else player.title,
        player.title if women else "",
        "",
        "",
    ]
    for kind in kinds:
        rated = player.ratings.get(kind, Rated(None))
        cells += [str(rated.rating or ""), _text(rated.games), _text(rated.k)]
    flag = ("w" if player.sex == "F" else "") + ("i" if player.inactive else "")
    return [*cells, _text(player.birth_year), flag]


def _text(value: int | None) -> str:
    return "" if value is None else str(value)


def write_txt(players: Iterable[ListedPlayer], out: TextIO, *, kind: str | None = None, month: date) -> None:
    """A TXT list: the combined one (kind None) or the *kind* list of *month*."""
    layout = COMBINED_TXT if kind is None else SINGLE_TXT
    names = [n.format(month=month_name(month)) for n, _w in layout]
    widths = [w for _n, w in layout]
    out.write("".join(n.ljust(w) for n, w in zip(names, widths, strict=True)).rstrip() + "\r\n")
    kinds = KINDS if kind is None else (kind,)
    for player in players:
        cells = _cells(player, kinds)
        out.write("".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip() + "\r\n")


XML_SINGLE = ("rating", "games", "k")


def write_xml(players: Iterable[ListedPlayer], out: TextIO, *, kind: str | None = None) -> None:
    """An XML list: the combined one (kind None) or a single *kind* list."""
    out.write('<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
    for player in players:
        cells = _cells(player, KINDS if kind is None else (kind,))
        fields = ["fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title"]
        if kind is None:
            fields += [*XML_SINGLE, *(f"{k}_{n}" for k in ("rapid", "blitz") for n in XML_SINGLE)]
        else:
            fields += XML_SINGLE
        fields += ["birthday", "flag"]
        body = "".join(f"<{f}>{escape(c)}</{f}>" for f, c in zip(fields, cells, strict=True))
        out.write(f"<player>{body}</player>\n")
    out.write("</playerslist>\n")

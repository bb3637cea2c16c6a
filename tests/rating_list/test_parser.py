"""The rating list files FIDE publishes, read: hand-made files of each form (TXT and XML,
the combined list and a single one, zipped or not) and malformed ones. No database."""

from __future__ import annotations

import ast
import zipfile
from datetime import date
from pathlib import Path

import pytest

from tourney.rating_list.parser import Rated, RatingListError, open_rating_list, txt_columns

COMBINED_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
SINGLE_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SEP26 Gms K  B-day Flag"
)
# Lines as FIDE writes them (the combined list's, as lichess's sync reads them).
ACEVEDO = (
    "6502938        Acevedo Mendez, Lisseth                                      ISL F   WIM  WIM"
    "                     1795  0   20 1767  14  20 1740  0   20 1993  w"
)
OSCAR = (
    "6504450        Acevedo Mendez, Oscar                                        CRC M                 "
    "               1779  0   40              1640  0   20 1994  i"
)


def under(header: str, **cells: str) -> str:
    """A data line with each cell under its column's name in *header* (FIDE left-aligns them)."""
    line = [" "] * len(header)
    for column, value in cells.items():
        name = {"ID": "ID Number", "B_day": "B-day"}.get(column, column)
        at = header.index(name if name != "K" else " K ") + (1 if name == "K" else 0)
        line[at : at + len(value)] = value
    return "".join(line).rstrip()


CARLSEN_RAPID = under(
    SINGLE_HEADER, ID="1503014", Name="Carlsen, Magnus", Fed="NOR", Sex="M", Tit="GM", SEP26="2823", Gms="5",
    K="10", B_day="1990",
)  # fmt: skip


def write(tmp_path: Path, name: str, text: str, *, zipped: bool = False) -> Path:
    path = tmp_path / name
    if zipped:
        path = tmp_path / (name.rsplit(".", 1)[0] + ".zip")
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr(name, text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("zipped", [False, True])
def test_it_reads_the_combined_txt_list(tmp_path: Path, zipped: bool) -> None:
    path = write(
        tmp_path, "players_list_foa_sep26.txt", f"{COMBINED_HEADER}\r\n{ACEVEDO}\r\n{OSCAR}\r\n", zipped=zipped
    )
    opened = open_rating_list(path)
    lisseth, oscar = list(opened.players)
    assert opened.kinds == ("standard", "rapid", "blitz")
    assert opened.month == date(2026, 9, 1)
    assert (lisseth.fide_id, lisseth.name, lisseth.federation, lisseth.sex) == (
        6502938,
        "Acevedo Mendez, Lisseth",
        "ISL",
        "F",
    )
    assert lisseth.title == "WIM" and lisseth.birth_year == 1993 and not lisseth.inactive
    assert lisseth.ratings == {
        "standard": Rated(1795, 0, 20),
        "rapid": Rated(1767, 14, 20),
        "blitz": Rated(1740, 0, 20),
    }
    assert oscar.inactive and oscar.ratings["rapid"] == Rated(None)


def test_it_takes_the_columns_from_the_header(tmp_path: Path) -> None:
    columns, month = txt_columns(SINGLE_HEADER)
    by_field = {c.field: (c.start, c.end) for c in columns}
    assert by_field["fide_id"] == (0, 15) and by_field["name"] == (15, 76) and by_field["rating"] == (113, 119)
    assert month == date(2026, 9, 1)
    # A header laid out otherwise is read where it puts its columns.
    narrow = "ID Number Name                Fed Sex Tit WTit OTit FOA NOV26 Gms K B-day Flag"
    line = under(narrow, ID="12345", Name="Rossi, Anna", Fed="ITA", Sex="F", WTit="WFM", NOV26="2101", Gms="9", K="20")
    path = write(tmp_path, "rapid.txt", f"{narrow}\n{line}\n")
    (anna,) = open_rating_list(path).players
    assert (anna.name, anna.federation, anna.title, anna.ratings) == (
        "Rossi, Anna",
        "ITA",
        "WFM",
        {"rapid": Rated(2101, 9, 20)},
    )


@pytest.mark.parametrize("zipped", [False, True])
def test_it_reads_a_single_txt_list_of_the_kind_named(tmp_path: Path, zipped: bool) -> None:
    path = write(tmp_path, "list.txt", f"{SINGLE_HEADER}\n{CARLSEN_RAPID}\n", zipped=zipped)
    opened = open_rating_list(path, kind="rapid")
    (carlsen,) = opened.players
    assert opened.kinds == ("rapid",) and opened.month == date(2026, 9, 1)
    assert carlsen.title == "GM" and carlsen.ratings == {"rapid": Rated(2823, 5, 10)}


def test_a_single_list_of_no_known_kind_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "list.txt", f"{SINGLE_HEADER}\n{CARLSEN_RAPID}\n")
    with pytest.raises(RatingListError, match="standard, rapid or blitz"):
        open_rating_list(path)


COMBINED_XML = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player><fideid>6502938</fideid><name>Acevedo Mendez, Lisseth</name><country>ISL</country><sex>F</sex><title></title><w_title>WIM</w_title><o_title></o_title><foa_title></foa_title><rating>1795</rating><games>0</games><k>20</k><rapid_rating>1767</rapid_rating><rapid_games>14</rapid_games><rapid_k>20</rapid_k><blitz_rating></blitz_rating><blitz_games></blitz_games><blitz_k></blitz_k><birthday>1993</birthday><flag>wi</flag></player>
<player><fideid>25121731</fideid><name>Núñez, José</name><country>esp</country><sex>M</sex><title>FM</title><w_title></w_title><o_title>FA</o_title><foa_title></foa_title><rating>0</rating><games>0</games><k></k><rapid_rating></rapid_rating><rapid_games></rapid_games><rapid_k></rapid_k><blitz_rating></blitz_rating><blitz_games></blitz_games><blitz_k></blitz_k><birthday>0</birthday><flag></flag></player>
</playerslist>
"""  # noqa: E501
SINGLE_XML = """<playerslist><player><fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country>
<sex>M</sex><title>GM</title><w_title></w_title><o_title></o_title><foa_title></foa_title>
<rating>2886</rating><games>12</games><k>10</k><birthday>1990</birthday><flag></flag></player></playerslist>"""


@pytest.mark.parametrize("zipped", [False, True])
def test_it_reads_the_combined_xml_list(tmp_path: Path, zipped: bool) -> None:
    path = write(tmp_path, "players_list_xml_foa.xml", COMBINED_XML, zipped=zipped)
    opened = open_rating_list(path)
    lisseth, jose = list(opened.players)
    assert opened.kinds == ("standard", "rapid", "blitz") and opened.month is None
    assert lisseth.title == "WIM" and lisseth.inactive and lisseth.sex == "F"
    assert lisseth.ratings == {"standard": Rated(1795, 0, 20), "rapid": Rated(1767, 14, 20), "blitz": Rated(None)}
    assert (jose.name, jose.federation, jose.birth_year, jose.ratings["standard"].rating) == (
        "Núñez, José",
        "ESP",
        None,
        None,
    )


@pytest.mark.parametrize("zipped", [False, True])
def test_it_reads_a_single_xml_list_named_by_its_file(tmp_path: Path, zipped: bool) -> None:
    path = write(tmp_path, "blitz_oct26frl_xml.xml", SINGLE_XML, zipped=zipped)
    opened = open_rating_list(path)
    (carlsen,) = opened.players
    assert opened.kinds == ("blitz",) and opened.month == date(2026, 10, 1)
    assert carlsen.ratings == {"blitz": Rated(2886, 12, 10)} and carlsen.birth_year == 1990


def test_a_malformed_txt_line_is_named_by_line_and_column(tmp_path: Path) -> None:
    bad = ACEVEDO[:113] + "17x5" + ACEVEDO[117:]
    path = write(tmp_path, "players_list_foa_sep26.txt", f"{COMBINED_HEADER}\n{OSCAR}\n{bad}\n")
    with pytest.raises(RatingListError) as raised:
        list(open_rating_list(path).players)
    assert (raised.value.line, raised.value.column) == (3, 114)
    assert str(raised.value) == "line 3, column 114: standard rating '17x5' is not a number"


def test_a_txt_line_without_an_id_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "players_list_foa_sep26.txt", f"{COMBINED_HEADER}\n{' ' * 15}{OSCAR[15:]}\n")
    with pytest.raises(RatingListError, match="line 2, column 1: a player without a FIDE ID"):
        list(open_rating_list(path).players)


def test_an_unknown_header_column_is_named(tmp_path: Path) -> None:
    path = write(tmp_path, "x_sep26.txt", COMBINED_HEADER.replace("Flag", "Flog") + "\n")
    with pytest.raises(RatingListError, match="line 1, column 159: unknown column 'Flog'"):
        open_rating_list(path)


def test_malformed_xml_is_named_by_line_and_column(tmp_path: Path) -> None:
    broken = COMBINED_XML.replace("</name><country>ISL", "</nam><country>ISL")
    path = write(tmp_path, "players_list_xml_foa.xml", broken)
    with pytest.raises(RatingListError) as raised:
        list(open_rating_list(path).players)
    assert raised.value.line == 3 and raised.value.column is not None
    assert str(raised.value).startswith("line 3, column")


def test_a_bad_xml_value_names_the_player_and_element(tmp_path: Path) -> None:
    path = write(tmp_path, "players_list_xml_foa.xml", COMBINED_XML.replace("<rapid_k>20", "<rapid_k>2O"))
    with pytest.raises(RatingListError, match=r"player 1, <rapid_k>: rapid k '2O' is not a number"):
        list(open_rating_list(path).players)


def test_a_zip_of_two_files_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "two.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("a.txt", COMBINED_HEADER)
        archive.writestr("b.txt", COMBINED_HEADER)
    with pytest.raises(RatingListError, match="holds 2 files"):
        open_rating_list(path)


STANDARD_LIBRARY_USED = {
    *("__future__", "io", "operator", "re", "zipfile", "collections", "dataclasses", "datetime", "pathlib"),
    *("typing", "xml", "random"),
}


def test_the_parser_needs_no_django() -> None:
    root = Path(__file__).resolve().parents[2] / "tourney" / "rating_list"
    for module in ("parser.py", "generator.py", "__init__.py"):
        tree = ast.parse((root / module).read_text())
        imported = {
            name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for name in ([a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""])
        }
        assert imported.isdisjoint({"django", "celery"}), module
        assert imported <= STANDARD_LIBRARY_USED | {"tourney"}, module


def test_xml_written_otherwise_than_fide_writes_it_reads_the_same(tmp_path: Path) -> None:
    """Spaces around the values, an entity, CDATA, an empty element, an attribute: the
    fast reading leaves such a player to ElementTree, and the values are the same."""
    odd = (
        COMBINED_XML.replace("<name>Acevedo Mendez, Lisseth</name>", "<name> Acevedo &amp; Mendez, Lisseth </name>")
        .replace("<title></title>", "<title/>")
        .replace("<player><fideid>25121731", '<player source="x"><fideid>25121731')
        .replace("<name>Núñez, José</name>", "<name><![CDATA[Núñez, José]]></name>")
    )
    lisseth, jose = list(open_rating_list(write(tmp_path, "players_list_xml_foa.xml", odd)).players)
    assert lisseth.name == "Acevedo & Mendez, Lisseth" and lisseth.title == "WIM"
    assert jose.name == "Núñez, José" and jose.title == "FM"
    padded = COMBINED_XML.replace("<country>ISL</country>", "<country> ISL\n</country>")
    lisseth, _jose = list(open_rating_list(write(tmp_path, "players_list_xml_foa.xml", padded)).players)
    assert lisseth.federation == "ISL"

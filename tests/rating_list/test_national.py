"""A national rating list read from a CSV file by the arbiter's column mapping."""

from __future__ import annotations

import pytest

from tourney.rating_list.national import NationalPlayer, guessed_mapping, open_national_list
from tourney.rating_list.parser import RatingListError

FSI = """Codice;Cognome Nome;Elo Italia;ID FIDE;Sesso;Anno
12345;Rossi  Mario;1850;860000;M;1980
23456;Bianchi Anna;;0;F;2011-03-04
"""
MAPPING = {"national_id": "Codice", "name": "Cognome Nome", "rating": "Elo Italia", "fide_id": "ID FIDE",
           "sex": "Sesso", "birth_year": "Anno"}  # fmt: skip


def test_the_mapped_columns_give_the_players() -> None:
    opened = open_national_list(FSI, MAPPING)
    assert opened.header == ["Codice", "Cognome Nome", "Elo Italia", "ID FIDE", "Sesso", "Anno"]
    assert list(opened.players) == [
        NationalPlayer("12345", "Rossi Mario", 1850, "860000", "", "M", 1980, ""),
        NationalPlayer("23456", "Bianchi Anna", None, "", "", "F", 2011, ""),  # unrated, no FIDE ID
    ]


def test_a_mapped_column_the_file_lacks_is_named_with_the_files_columns() -> None:
    with pytest.raises(RatingListError, match=r"no column 'Elo' in the first line \(it has: Codice, Cognome Nome"):
        open_national_list(FSI, {**MAPPING, "rating": "Elo"})


def test_the_id_and_the_name_must_be_mapped() -> None:
    with pytest.raises(RatingListError, match="national id"):
        open_national_list(FSI, {"name": "Cognome Nome"})


def test_a_bad_cell_is_named_by_line_and_column() -> None:
    with pytest.raises(RatingListError) as raised:
        list(open_national_list(FSI.replace(";1850;", ";18x0;"), MAPPING).players)
    assert str(raised.value) == "line 2, column 3: rating '18x0' is not a number from 0 to 3500"


def test_the_headings_suggest_a_mapping() -> None:
    assert guessed_mapping(["ID", "Name", "Elo", "FIDE ID", "Fed", "Sex", "Born", "Title"]) == {
        "national_id": "ID", "name": "Name", "rating": "Elo", "fide_id": "FIDE ID", "federation": "Fed",
        "sex": "Sex", "birth_year": "Born", "title": "Title",
    }  # fmt: skip

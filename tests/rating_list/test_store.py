"""The rating list stored: an import, a newer list updating in place, the search."""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tourney.models import RatingListEntry
from tourney.rating_list.generator import write_txt, write_xml
from tourney.rating_list.parser import ListedPlayer, Rated, RatingListError
from tourney.rating_list.store import import_rating_list, list_months, search

pytestmark = pytest.mark.django_db(transaction=True)

SEPTEMBER = date(2026, 9, 1)
OCTOBER = date(2026, 10, 1)


def listed(fide_id: int, name: str, standard: int | None = 2000, **fields: object) -> ListedPlayer:
    values: dict = {"federation": "ITA", "sex": "M", "title": "", "birth_year": 1990, "inactive": False}
    values.update(fields)
    ratings = values.pop("ratings", None) or {
        "standard": Rated(standard, 3, 20),
        "rapid": Rated(1900, 0, 20),
        "blitz": Rated(None),
    }
    return ListedPlayer(fide_id=fide_id, name=name, ratings=ratings, **values)


def txt_file(tmp_path: Path, players: list[ListedPlayer], month: date, kind: str | None = None) -> Path:
    out = io.StringIO()
    write_txt(players, out, kind=kind, month=month)
    path = tmp_path / f"list_{month:%b%y}.txt".lower()
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def test_it_imports_a_list_and_reports_progress(tmp_path: Path) -> None:
    path = txt_file(
        tmp_path, [listed(1, "Rossi, Anna", 2100, sex="F", title="WFM"), listed(2, "Núñez, José")], SEPTEMBER
    )
    seen: list[int] = []
    summary = import_rating_list(path, on_progress=seen.append)
    assert (summary.rows, summary.month) == (2, SEPTEMBER) and seen == [2]
    anna = RatingListEntry.objects.get(fide_id=1)
    assert (anna.name, anna.sex, anna.title, anna.standard_rating, anna.rapid_rating, anna.blitz_rating) == (
        "Rossi, Anna", "F", "WFM", 2100, 1900, None,
    )  # fmt: skip
    assert anna.standard_month == SEPTEMBER and list_months()["standard"] == SEPTEMBER


def test_a_newer_list_updates_in_place(tmp_path: Path) -> None:
    import_rating_list(txt_file(tmp_path, [listed(1, "Rossi, Anna", 2100), listed(2, "Bianchi, Bruno")], SEPTEMBER))
    # October's rapid list: Anna's rapid rating moves; her standard figures stay September's.
    rapid = [listed(1, "Rossi, Anna", ratings={"rapid": Rated(1950, 7, 20)}, federation="SUI"), listed(3, "Verdi, C")]
    import_rating_list(txt_file(tmp_path, rapid, OCTOBER, kind="rapid"), kind="rapid")
    assert RatingListEntry.objects.count() == 3
    anna = RatingListEntry.objects.get(fide_id=1)
    assert (anna.rapid_rating, anna.rapid_games, anna.rapid_month) == (1950, 7, OCTOBER)
    assert (anna.standard_rating, anna.standard_month, anna.federation) == (2100, SEPTEMBER, "SUI")
    # A player the newer list leaves out keeps his older figures.
    assert RatingListEntry.objects.get(fide_id=2).rapid_month == SEPTEMBER
    assert RatingListEntry.objects.get(fide_id=3).standard_rating is None


def test_a_malformed_list_writes_nothing(tmp_path: Path) -> None:
    path = txt_file(tmp_path, [listed(1, "Rossi, Anna"), listed(2, "Bianchi, Bruno")], SEPTEMBER)
    lines = path.read_text().splitlines()
    lines[2] = lines[2][:113] + "2x00" + lines[2][117:]
    path.write_text("\n".join(lines))
    with pytest.raises(RatingListError, match="line 3, column 114"):
        import_rating_list(path)
    assert not RatingListEntry.objects.exists()


def test_an_xml_list_without_a_month_needs_one(tmp_path: Path) -> None:
    out = io.StringIO()
    write_xml([listed(7, "Carlsen, Magnus", 2830)], out)
    path = tmp_path / "players_list_xml_foa.xml"
    path.write_text(out.getvalue())
    with pytest.raises(RatingListError, match="give the month"):
        import_rating_list(path)
    import_rating_list(path, month=OCTOBER)
    assert RatingListEntry.objects.get(fide_id=7).blitz_month == OCTOBER


def test_the_command_imports_and_names_a_bad_file(tmp_path: Path) -> None:
    path = txt_file(tmp_path, [listed(1, "Rossi, Anna", ratings={"blitz": Rated(2000, 1, 20)})], SEPTEMBER, "blitz")
    out = io.StringIO()
    call_command("import_rating_list", str(path), "--kind", "blitz", stdout=out, stderr=io.StringIO())
    assert "1 players of the blitz list of September 2026" in out.getvalue()
    assert RatingListEntry.objects.get(fide_id=1).blitz_rating == 2000
    with pytest.raises(CommandError, match="standard, rapid or blitz"):
        call_command("import_rating_list", str(path), stderr=io.StringIO())


def test_it_searches_by_id_and_by_name(tmp_path: Path) -> None:
    players = [listed(1, "Núñez, José"), listed(2, "Nunn, John"), listed(3, "Carlsen, Magnus")]
    import_rating_list(txt_file(tmp_path, players, SEPTEMBER))
    assert [e.fide_id for e in search("nun")] == [2, 1] or [e.fide_id for e in search("nun")] == [1, 2]
    assert [e.fide_id for e in search("NUNEZ,JOSE")] == [1]
    assert [e.fide_id for e in search("3")] == [3]
    assert search("9") == [] and search("x") == [] and search("9" * 40) == []


def test_a_fide_id_twice_in_the_file_takes_its_last_line(tmp_path: Path) -> None:
    path = txt_file(
        tmp_path, [listed(1, "Rossi, Anna", 2100), listed(2, "Verdi, Luca"), listed(1, "Rossi, Anna", 2150)], SEPTEMBER
    )
    assert import_rating_list(path).rows == 3
    assert RatingListEntry.objects.get(fide_id=1).standard_rating == 2150 and RatingListEntry.objects.count() == 2


def test_the_first_import_keeps_the_names_indexes(tmp_path: Path) -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("the indexes set aside and rebuilt are PostgreSQL's")
    table = RatingListEntry._meta.db_table

    def indexes() -> set[str]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = %s", [table])
            return {row[0] for row in cursor.fetchall()}

    before = indexes()
    assert any("rating_list_name_prefix" in d for d in before) and len(before) >= 3
    import_rating_list(txt_file(tmp_path, [listed(1, "Rossi, Anna")], SEPTEMBER))
    assert indexes() == before
    assert [e.fide_id for e in search("ross")] == [1]

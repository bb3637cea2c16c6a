"""Printouts and downloads: public, published rounds only (an arbiter may print a draft)."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse

from pairing.engine.trf import parse_trf
from tests import builders
from tourney.models import Tournament

pytestmark = pytest.mark.django_db


def _url(name: str, t: Tournament, **kwargs: int) -> str:
    return reverse(name, kwargs={"tournament_id": t.pk, **kwargs})


def test_every_report_is_public(client, seed: Tournament) -> None:
    for name, kwargs in (
        ("standings", {}),
        ("crosstable", {}),
        ("export_trf", {}),
        ("export_csv", {}),
        ("print_pairing", {"number": 3}),
        ("print_results", {"number": 3}),
        ("print_standings", {}),
    ):
        assert client.get(_url(name, seed, **kwargs)).status_code == 200, name


def test_trf_downloads_in_both_formats(client, seed: Tournament) -> None:
    r16 = client.get(_url("export_trf", seed) + "?format=trf16")
    r26 = client.get(_url("export_trf", seed) + "?format=trf26")
    assert r16["Content-Disposition"].endswith('-trf16.trf"') and r26["Content-Disposition"].endswith('-trf26.trf"')
    assert "142 6" not in r16.content.decode() and "142 6" in r26.content.decode()
    assert len(parse_trf(r16.content.decode()).players) == 14
    assert client.get(_url("export_trf", seed) + "?format=trf99").status_code == 404


def test_csv_of_the_standings(client, seed: Tournament) -> None:
    text = client.get(_url("export_csv", seed)).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == [
        "rank",
        "start_number",
        "name",
        "title",
        "federation",
        "rating",
        "fide_id",
        "points",
        "BH/C1",
        "BH",
        "SB",
        "DE",
    ]
    assert rows[1][:2] == ["1", "2"] and rows[1][7] == "4.5" and rows[1][8] == "19"
    assert len(rows) == 15


def test_the_pairing_sheet_has_a_qr_code_to_the_rounds_page(client, seed: Tournament) -> None:
    page = client.get(_url("print_pairing", seed, number=2)).content.decode()
    assert "<svg" in page and 'class="segno"' in page
    assert f"http://testserver/t/{seed.pk}/rounds/2/" in page
    assert "pairing-allocated bye" in page and "zero-point bye" in page
    assert "css/print.css" in page


def test_an_unpublished_round_is_not_printed_for_the_public(client) -> None:
    t = builders.tournament(players=2, rounds=1)
    builders.round_with(t, 1, "1-2 *", status="paired")
    assert client.get(_url("print_pairing", t, number=1)).status_code == 404
    assert client.get(_url("print_results", t, number=1)).status_code == 404


def test_an_arbiter_prints_a_pairing_before_publishing_it(client, arbiter) -> None:
    t = builders.tournament(players=2, rounds=1)
    builders.round_with(t, 1, "1-2 *", status="paired")
    client.force_login(arbiter)
    assert client.get(_url("print_pairing", t, number=1)).status_code == 200


def test_results_sheet(client, seed: Tournament) -> None:
    page = client.get(_url("print_results", seed, number=3)).content.decode()
    assert "Results of round 3" in page and "-/+ (Black wins by forfeit)" in page


def test_the_pairing_sheet_gives_each_player_the_points_before_the_round(client, arbiter) -> None:
    t = builders.tournament(players=4, rounds=2)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status="closed")
    builders.round_with(t, 2, "1-4 *, 2-3 *", status="paired")
    client.force_login(arbiter)
    page = client.get(_url("print_pairing", t, number=2)).content.decode()
    points = re.findall(r'<td class="points">([^<]*)</td>', page)
    assert points == ["1", "0.5", "0.5", "0"]  # 1-4 and 2-3, White's points then Black's


def test_the_csv_never_hands_a_spreadsheet_a_formula(client) -> None:
    t = builders.tournament(players=4, rounds=3)
    for number, name in ((1, '=HYPERLINK("http://x")'), (2, "+39 Rossi"), (3, "-Neri"), (4, "@SUM(A1)")):
        t.players.filter(pairing_number=number).update(name=name, fide_id="")
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status="closed")
    rows = list(csv.reader(io.StringIO(client.get(_url("export_csv", t)).content.decode())))
    names = [row[2] for row in rows[1:]]
    assert sorted(names) == sorted(['\'=HYPERLINK("http://x")', "'+39 Rossi", "'-Neri", "'@SUM(A1)"])
    assert all(re.fullmatch(r"-?\d+(\.\d+)?|", cell) for row in rows[1:] for cell in row[7:])


def test_a_control_character_stored_in_a_name_never_reaches_a_file(client) -> None:
    t = builders.tournament(players=2, rounds=1)
    t.players.filter(pairing_number=1).update(name="Alice\n001    9 Forged")  # as old data or the admin could hold
    builders.round_with(t, 1, "1-2 1-0", status="closed")
    for fmt in ("trf16", "trf26"):
        text = client.get(_url("export_trf", t) + f"?format={fmt}").content.decode()
        assert [p.name for p in parse_trf(text).players] == ["Alice 001    9 Forged", "Bruno"]
    text = client.get(_url("export_csv", t)).content.decode()
    assert "Alice 001    9 Forged" in text and len(list(csv.reader(io.StringIO(text)))) == 3

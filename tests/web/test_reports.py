"""Printouts and downloads: public, published rounds only (an arbiter may print a draft)."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from pairing.engine.trf import parse_trf
from tests import builders
from tourney.models import Tournament
from tourney.roles import appoint
from tourney.services.rounds import publish_pairing

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
    appoint(t, arbiter, "arbiter")
    client.force_login(arbiter)
    assert client.get(_url("print_pairing", t, number=1)).status_code == 200


def test_the_arbiter_of_another_tournament_does_not_print_the_draft(client, desk) -> None:
    _own, arbiter_client, _user = desk
    other = builders.tournament(players=2, rounds=1, name="Other Open")
    builders.round_with(other, 1, "1-2 *", status="paired")
    assert arbiter_client.get(_url("print_pairing", other, number=1)).status_code == 404


def test_results_sheet(client, seed: Tournament) -> None:
    page = client.get(_url("print_results", seed, number=3)).content.decode()
    assert "Results of round 3" in page and "-/+ (Black wins by forfeit)" in page


def test_the_pairing_sheet_gives_each_player_the_points_before_the_round(client, arbiter) -> None:
    t = builders.tournament(players=4, rounds=2)
    appoint(t, arbiter, "arbiter")
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status="closed")
    builders.round_with(t, 2, "1-4 *, 2-3 *", status="paired")
    client.force_login(arbiter)
    page = client.get(_url("print_pairing", t, number=2)).content.decode()
    points = re.findall(r'<td class="points">([^<]*)</td>', page)
    assert points == ["1", "0.5", "0.5", "0"]  # 1-4 and 2-3, White's points then Black's


def _rounds_in(text: str) -> dict[int, list[object]]:
    return {p.start: [r for r in p.rounds if r.opponent or r.result.strip()] for p in parse_trf(text).players}


def test_the_public_trf_holds_published_rounds_only(client) -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status="closed")
    builders.round_with(t, 2, "1-4 *, 2-3 *", status="paired")  # the arbiter's draft
    for fmt in ("trf16", "trf26"):
        text = client.get(_url("export_trf", t) + f"?format={fmt}").content.decode()
        assert all(len(rounds) == 1 for rounds in _rounds_in(text).values()), fmt


def test_the_public_trf_keeps_the_requested_byes_the_public_page_shows(client) -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status="closed")
    builders.round_with(t, 2, "1-4 *", byes="2 half, 3 pab", status="paired")
    text = client.get(_url("export_trf", t)).content.decode()
    rounds = _rounds_in(text)
    assert [r.result for r in rounds[2]] == ["=", "H"]
    assert len(rounds[1]) == len(rounds[3]) == len(rounds[4]) == 1  # no draft game, no draft PAB


def test_the_public_trf_does_not_tell_the_drawn_initial_colour_before_round_1_is_out(client) -> None:
    t = builders.tournament(players=4, rounds=3, initial_colour="black")
    builders.round_with(t, 1, "1-3 *, 4-2 *", status="paired")
    for fmt in ("trf16", "trf26"):
        report = parse_trf(client.get(_url("export_trf", t) + f"?format={fmt}").content.decode())
        assert report.initial_colour is None, fmt
    t.round_set.filter(number=1).update(status="published")
    assert parse_trf(client.get(_url("export_trf", t)).content.decode()).initial_colour == "b"


def test_the_arbiters_trf_has_the_draft_and_the_colour_behind_the_role_check(client, desk) -> None:
    t, arbiter_client, _user = desk
    builders.round_with(t, 1, "1-3 *, 4-2 *", status="paired")
    url = _url("export_trf_arbiter", t)
    assert client.get(url).status_code == 302  # to the login page
    response = arbiter_client.get(url + "?format=trf16")
    assert response["Content-Disposition"].endswith('-trf16-arbiter-with-drafts.trf"')
    report = parse_trf(response.content.decode())
    assert report.initial_colour == "w" and len(_rounds_in(response.content.decode())[1]) == 1
    stranger = Client()
    stranger.force_login(User.objects.create_user("stranger"))
    assert stranger.get(url).status_code == 403


def test_a_draft_printout_is_marked_draft(client, desk) -> None:
    t, arbiter_client, _user = desk
    builders.round_with(t, 1, "1-2 *, 3-4 *, 5-6 *", status="paired")
    page = arbiter_client.get(_url("print_pairing", t, number=1)).content.decode()
    assert "DRAFT: this pairing is not published and may still change." in page
    assert 'class="printout draft" data-watermark="DRAFT"' in page
    arbiter_client.cookies["django_language"] = "it"
    assert (
        "BOZZA: questo abbinamento non è pubblicato"
        in arbiter_client.get(_url("print_pairing", t, number=1)).content.decode()
    )
    t.round_set.filter(number=1).update(status="published")
    assert "DRAFT" not in client.get(_url("print_pairing", t, number=1)).content.decode()


def test_the_public_round_page_has_no_print_link_before_publication(
    client, desk, django_capture_on_commit_callbacks
) -> None:
    t, arbiter_client, _user = desk
    builders.round_with(t, 1, "1-2 *, 3-4 *, 5-6 *", status="paired")
    url = reverse("round_detail", args=[t.pk, 1])
    print_url = _url("print_pairing", t, number=1)
    assert print_url not in client.get(url).content.decode()
    assert print_url in arbiter_client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # the public pages renew on commit
        publish_pairing(round_id=t.round_set.get(number=1).pk)
    assert print_url in client.get(url).content.decode()


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

"""The arbiter's printouts: the pairing by name, the pairing cards, the wall chart by
starting number, the player lists, the check-in sheet (the seed example)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests import builders
from tourney.models import Tournament

pytestmark = pytest.mark.django_db


def _rows(html: str, table_id: str) -> list[list[str]]:
    table = re.search(rf'<table[^>]*id="{table_id}".*?</table>', html, re.S).group(0)
    body = re.search(r"<tbody>(.*?)</tbody>", table, re.S).group(1)
    return [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
        for r in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def test_the_pairing_by_name_lists_every_player_of_the_round(client: Client, seed: Tournament) -> None:
    html = client.get(reverse("print_pairing_alphabetical", args=[seed.pk, 2])).content.decode()
    rows = _rows(html, "alphabetical")
    assert [r[0] for r in rows] == sorted(r[0] for r in rows) and len(rows) == 14
    by_name = {r[0]: r for r in rows}
    # Round 2 of the seed: Alice (1) has Black against Elisa (5); Oscar has a zero-point bye
    # and Roberto the PAB.
    assert by_name["Alice"][4] == "Black" and by_name["Alice"][5] == "Elisa (5)"
    assert by_name["Elisa"][4] == "White" and by_name["Elisa"][5] == "Alice (1)"
    assert by_name["Alice"][3] == by_name["Elisa"][3]  # the same board
    assert by_name["Roberto"][4] == "pairing-allocated bye" and by_name["Oscar"][4] == "zero-point bye"
    assert by_name["Alice"][2] == "1"  # her points before the round


def test_a_pairing_card_per_board(client: Client, seed: Tournament) -> None:
    html = client.get(reverse("print_scoresheets", args=[seed.pk, 2])).content.decode()
    cards = re.findall(r'<section class="pairing-card" id="card-(\d+)">', html)
    assert cards == [str(k) for k in range(1, 7)]
    assert html.count("1-0</span>") == 6 and html.count("Signature") == 12


def test_the_wall_chart_is_in_starting_number_order(client: Client, seed: Tournament) -> None:
    html = client.get(reverse("print_wallchart", args=[seed.pk])).content.decode()
    rows = _rows(html, "standings-table")
    assert [r[1] for r in rows] == [str(k) for k in range(1, 15)]
    assert rows[1][:3] == ["1", "2", "Bruno"]  # rank 1 stays beside him
    assert rows[0][6:12] == ["8w1", "5b0", "14b1", "3w1", "2b½", "6w1"]  # Alice's rounds


def test_the_player_lists(client: Client, seed: Tournament) -> None:
    by_rating = _rows(client.get(reverse("print_players_by_rating", args=[seed.pk])).content.decode(), "players")
    ratings = [int(r[5]) for r in by_rating]
    assert ratings == sorted(ratings, reverse=True) and by_rating[0][3] == "Alice"  # 2500: Alice before Bruno
    names = [
        r[3]
        for r in _rows(client.get(reverse("print_players_alphabetical", args=[seed.pk])).content.decode(), "players")
    ]
    assert names == sorted(names) and len(names) == 14
    assert client.get(f"/t/{seed.pk}/print/players/shoe-size/").status_code == 404


def test_the_check_in_sheet_is_for_the_next_round(client: Client) -> None:
    t = builders.tournament(players=5, rounds=3)
    html = client.get(reverse("print_checkin", args=[t.pk])).content.decode()
    assert "Check-in for round 1" in html
    rows = _rows(html, "checkin")
    assert [r[0] for r in rows] == sorted(p.name for p in t.players.all())
    assert all(r[3] == "☐" for r in rows)


def test_the_check_in_sheet_leaves_out_the_withdrawn(client: Client) -> None:
    t = builders.tournament(players=5, rounds=3)
    gone = t.players.order_by("pairing_number").last()
    gone.withdrawal_round = 2
    gone.save(update_fields=["withdrawal_round"])
    t.round_set.create(number=1, status="published")
    html = client.get(reverse("print_checkin", args=[t.pk])).content.decode()
    assert "Check-in for round 2" in html and gone.name not in html


def test_a_player_without_a_board_finds_his_name_marked_not_paired(client: Client) -> None:
    t = builders.tournament(players=5, rounds=3)
    builders.round_with(t, 1, "1-3, 2-4", status="published")
    html = client.get(reverse("print_pairing_alphabetical", args=[t.pk, 1])).content.decode()
    rows = {r[0]: r for r in _rows(html, "alphabetical")}
    fifth = t.players.get(pairing_number=5).name
    assert len(rows) == 5 and rows[fifth][4] == "not paired"

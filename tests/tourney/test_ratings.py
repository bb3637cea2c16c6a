"""The K a player comes with (FIDE Rating Regulations 8.3.3) from his record in the database."""

from __future__ import annotations

import datetime

import pytest

from tourney.models import Player, Tournament
from tourney.ratings import event_year, player_k


@pytest.mark.parametrize(
    ("fields", "k"),
    [
        ({"rating": 2250, "birth_date": "2008/05/01"}, (40, False)),  # 18 in 2026, under 2300
        ({"rating": 2250, "birth_date": "2007"}, (20, False)),  # 19 in 2026
        ({"rating": 1900, "rated_games": 29}, (40, False)),  # new to the list
        ({"rating": 1900, "rated_games": 30}, (20, False)),
        ({"rating": 2380, "k_factor": 10}, (10, True)),  # once 2400, the list keeps K 10
        ({"rating": 2410}, (10, False)),
    ],
)
def test_the_k_of_a_players_record(fields: dict, k: tuple[int, bool]) -> None:
    assert player_k(Player(pairing_number=1, name="P", **fields), 2026) == k


def test_the_event_year_is_the_start_dates() -> None:
    assert event_year(Tournament(name="T", start_date=datetime.date(2026, 12, 30))) == 2026

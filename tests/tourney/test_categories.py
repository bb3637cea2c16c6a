"""Who belongs to a category: rating groups, women, age groups by year of birth, federations."""

from __future__ import annotations

import pytest

from tourney.models import Category, Player
from tourney.prizes import belongs


def _player(**fields: object) -> Player:
    return Player(pairing_number=1, name="P", **fields)


@pytest.mark.parametrize(
    ("category", "player", "inside"),
    [
        (Category(kind="rating", rating_max=1799), _player(rating=1799), True),
        (Category(kind="rating", rating_max=1799), _player(rating=1800), False),
        (Category(kind="rating", rating_max=1799), _player(rating=0), True),  # unrated counts as 0
        (Category(kind="rating", rating_min=1800, rating_max=1999), _player(rating=1799), False),
        (Category(kind="women"), _player(sex="w"), True),
        (Category(kind="women"), _player(sex="m"), False),
        (Category(kind="federation", federation="ITA"), _player(federation="ita"), True),
        (Category(kind="federation", federation="ITA"), _player(federation="SUI"), False),
        # Under 16 in 2026: under 16 on 1 January 2026, so born in 2010 or later.
        (Category(kind="age", age_max=16), _player(birth_date="2010/12/31"), True),
        (Category(kind="age", age_max=16), _player(birth_date="2009"), False),
        # 65 and over in 2026: born in 1961 or earlier.
        (Category(kind="age", age_min=65), _player(birth_date="1961/06/01"), True),
        (Category(kind="age", age_min=65), _player(birth_date="1962"), False),
        (Category(kind="age", age_max=16), _player(birth_date=""), False),  # no year of birth
    ],
)
def test_a_player_belongs_to_a_category(category: Category, player: Player, inside: bool) -> None:
    assert belongs(category, player, 2026) is inside

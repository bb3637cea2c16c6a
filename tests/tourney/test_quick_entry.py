"""What the arbiter types in the result box."""

from __future__ import annotations

import pytest

from tourney.models import Result
from tourney.quick_entry import Entry, EntryError, parse_entry


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("12 1-0", (12, Result.WHITE_WINS)),
        ("12 0-1", (12, Result.BLACK_WINS)),
        (" 3  = ", (3, Result.DRAW)),
        ("3 ½", (3, Result.DRAW)),
        ("3 1/2", (3, Result.DRAW)),
        ("7 +-", (7, Result.WHITE_WINS_FORFEIT)),
        ("7+-", (7, Result.WHITE_WINS_FORFEIT)),
        ("7 -+", (7, Result.BLACK_WINS_FORFEIT)),
        ("7 --", (7, Result.DOUBLE_FORFEIT)),
        ("7 -/-", (7, Result.DOUBLE_FORFEIT)),
        ("150 *", (150, Result.PENDING)),
    ],
)
def test_board_and_result(typed: str, expected: tuple[int, Result]) -> None:
    assert parse_entry(typed) == Entry(expected[1], board=expected[0])


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("#17 1-0", (17, Result.WHITE_WINS)),
        ("# 17 =", (17, Result.DRAW)),
        ("#17-+", (17, Result.BLACK_WINS_FORFEIT)),
        ("#3 0-1", (3, Result.BLACK_WINS)),
    ],
)
def test_pairing_number_and_result(typed: str, expected: tuple[int, Result]) -> None:
    assert parse_entry(typed) == Entry(expected[1], pairing_number=expected[0])


@pytest.mark.parametrize("typed", ["", "1-0", "12", "12 2-0", "board 12 1-0", "12 -", "#", "#0 1-0", "##3 1-0"])
def test_anything_else_is_refused_with_a_hint(typed: str) -> None:
    with pytest.raises(EntryError):
        parse_entry(typed)

"""The printed tables of the 2026 text (C.04.4.3 applied from 1 February 2026), paired by
the whole engine under the 2026 edition.

The 2026 text prints the same tables as the seed text: 4.2 (the exchanges for Player #1
in a six-player scoregroup paired downward), 4.3 (those for Player #2 once #1 has #6),
and 7.2's forty-player round one. Here each column is made the pairing of a
round: six players on one score (round one: everybody is in the Median Scoregroup, paired
downward, 2.2), with the arbiter's forbidden pairs standing for "not compatible" so that
each earlier column fails and the engine must reach the printed one.
"""

from __future__ import annotations

import pytest

from pairing.engine import pair
from pairing.engine.state import Colour, TournamentState
from tests.engine.burstein.swiss_builder import Tournament

# 4.2: the proposed pairing (col. 1) and the exchanges to find an opponent for #1.
RULE_4_2 = [
    "1-4 2-5 3-6",
    "1-5 2-4 3-6",
    "1-6 2-4 3-5",
    "1-3 2-5 4-6",
    "1-2 3-5 4-6",
]
# 4.3: #1 has #6; the exchanges to find an opponent for #2.
RULE_4_3 = [
    "1-6 2-4 3-5",
    "1-6 2-5 3-4",
    "1-6 2-3 4-5",
    "1-3 2-6 4-5",
    "1-2 3-5 4-6",
]
OPPONENTS_OF_1 = [4, 5, 6, 3]  # 4.2: #1 tries 4, 5, 6, 3, then 2
OPPONENTS_OF_2 = [4, 5, 3, 6]  # 4.3: #2 tries 4, 5, 3, then 6 (#1 moving on to 3), then 1


def round_one(players: int, forbidden: list[tuple[int, int]], colour: Colour = Colour.WHITE) -> TournamentState:
    t = Tournament(ratings=[2600 - 10 * k for k in range(players)])
    t.initial_colour = colour
    return t.state(total_rounds=9, forbidden=forbidden)


def pairs(state: TournamentState) -> str:
    result = pair(state, "lim", "2026")
    return " ".join(sorted(f"{min(b.white, b.black)}-{max(b.white, b.black)}" for b in result.boards))


@pytest.mark.parametrize("column", range(5))
def test_rule_4_2_player_1_takes_the_printed_columns_in_turn(column: int) -> None:
    forbidden = [(1, q) for q in OPPONENTS_OF_1[:column]]
    assert pairs(round_one(6, forbidden)) == RULE_4_2[column]


@pytest.mark.parametrize("column", range(5))
def test_rule_4_3_player_2_takes_the_printed_columns_in_turn(column: int) -> None:
    forbidden = [(1, 4), (1, 5)] + [(2, q) for q in OPPONENTS_OF_2[:column]]
    assert pairs(round_one(6, forbidden)) == RULE_4_3[column]


@pytest.mark.parametrize(
    ("colour", "first", "last"),
    [
        (Colour.WHITE, ["1-21", "22-2", "3-23", "24-4"], "40-20"),
        (Colour.BLACK, ["21-1", "2-22", "23-3", "4-24"], "20-40"),
    ],
)
def test_rule_7_2_forty_players_as_printed(colour: Colour, first: list[str], last: str) -> None:
    # 7.2: "1 v 21, 22 v 2, 3 v 23, 24 v 4, ... 40 v 20; or 21 v 1, 2 v 22, 23 v 3, 4 v 24
    # ... 20 v 40", White first, by the lot for #1.
    result = pair(round_one(40, [], colour), "lim", "2026")
    by_top = {min(b.white, b.black): f"{b.white}-{b.black}" for b in result.boards}
    assert [by_top[k] for k in (1, 2, 3, 4)] == first
    assert by_top[20] == last


def test_rule_7_1_thirty_nine_players_the_lowest_rated_has_the_bye() -> None:
    result = pair(round_one(39, []), "lim", "2026")
    assert result.bye == 39
    assert {min(b.white, b.black): max(b.white, b.black) for b in result.boards}[1] == 20

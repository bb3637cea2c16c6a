"""Lim points the text leaves open, each decided in the code and pinned here."""

from __future__ import annotations

from pairing.engine.lim.colours import white_of_pair
from pairing.engine.lim.exchange import Scrutinised, own_order
from pairing.engine.lim.groups import DOWN, GroupPairer
from pairing.engine.lim.players import LimRound
from tests.engine.burstein.swiss_builder import Tournament
from tests.engine.lim.printed import printed_columns


def test_beyond_six_players_settled_players_are_revisited_latest_first() -> None:
    # 4.3 shows one settled player; with two, #3 first tries the free players (7, 8,
    # then 4), then #2's opponent (#2 moving on along his own order), then #1's.
    eight = list(range(1, 9))
    position = {p: p for p in eight}
    first = Scrutinised(1, 5, tuple(own_order(eight)))
    second = Scrutinised(2, 6, tuple(own_order([2, 3, 4, 6, 7, 8])))
    got = printed_columns([first, second], [3, 4, 7, 8], position)
    assert got[:3] == [
        [(1, 5), (2, 6), (3, 7), (4, 8)],
        [(1, 5), (2, 6), (3, 8), (4, 7)],
        [(1, 5), (2, 6), (3, 4), (7, 8)],
    ]
    # Then #3 takes 6 from #2, who moves on to the next of his own order (7, after 6).
    assert got[3] == [(1, 5), (2, 7), (3, 6), (4, 8)]


def test_newcomers_meeting_each_other_take_colours_by_the_higher_number() -> None:
    # 7.2 extended to players without a game (late entries): the higher player's number
    # decides, odd numbers having the colour drawn for #1.
    t = Tournament(ratings=[2400 - 50 * k for k in range(6)])
    t.round("1-3 1-0", "4-2 0-1", "5 -", "6 -")
    data = LimRound(t.state(total_rounds=5), edition="2017")
    assert white_of_pair(5, 6, data) == 5
    assert white_of_pair(6, 5, data) == 5


def test_the_last_round_relaxes_colours_for_every_pair() -> None:
    # Rule 6: only "not met" and forbidden pairs remain in the last round.
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-3 1-0", "2-4 1-0").round("1-4 1-0", "2-3 1-0")
    assert LimRound(t.state(total_rounds=3), edition="2017").compatible(1, 2)
    assert not LimRound(t.state(total_rounds=4), edition="2017").compatible(1, 2)


def test_a_float_last_round_is_read_from_the_scores_before_it() -> None:
    # 3.10: before round 2, 1 and 2 had 1 point, 3 and 6 half a point, 4 and 5 none.
    # In round 2, 1 met 2 (level); 3 met 4 and 6 met 5 (a half point apart): floats.
    t = Tournament(ratings=[2400 - 50 * k for k in range(6)])
    t.round("1-4 1-0", "2-5 1-0", "3-6 =").round("1-2 1-0", "3-4 1-0", "6-5 =")
    assert LimRound(t.state(total_rounds=5), edition="2017").floated_last_round == frozenset({3, 4, 5, 6})


def test_a_floater_needs_an_opponent_below_not_taken_by_a_higher_floater_rule_3_3() -> None:
    # Group 1..6 paired downward, next group 7, 8. 1 may meet nobody in his group
    # (2.3: he floats) and only 7 below. One more must float for parity: the lowest
    # numbered, 6, unless he has no opponent below once 1 has taken 7 (3.3): then 5.
    t = Tournament(ratings=[2400 - 50 * k for k in range(8)])
    alone = [(1, q) for q in (2, 3, 4, 5, 6, 8)]
    free_six = LimRound(t.state(total_rounds=5, forbidden=alone), edition="2017")
    result = GroupPairer(free_six).pair([1, 2, 3, 4, 5, 6], [], DOWN, [7, 8], below_median=False)
    assert result.floaters == [1, 6]
    tied_six = LimRound(t.state(total_rounds=5, forbidden=[*alone, (6, 8)]), edition="2017")
    result = GroupPairer(tied_six).pair([1, 2, 3, 4, 5, 6], [], DOWN, [7, 8], below_median=False)
    assert result.floaters == [1, 5]

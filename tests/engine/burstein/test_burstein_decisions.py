"""Burstein points the text leaves open, each decided in the code and pinned here."""

from __future__ import annotations

from pairing.engine.burstein.bye import bye_candidates
from pairing.engine.burstein.colours import white_of_pair
from pairing.engine.burstein.ordering import strengths
from pairing.engine.burstein.players import BursteinRound, accelerated
from tests.engine.burstein.swiss_builder import Tournament


def test_the_top_half_of_an_odd_list_is_its_first_n_over_2_numbers() -> None:
    t = Tournament(ratings=[2000 - 10 * k for k in range(9)])
    assert accelerated(t.state(total_rounds=5)) == frozenset({1, 2, 3, 4})


def test_players_not_yet_arrived_have_no_number_and_do_not_count_for_the_half() -> None:
    # C.04.2.C.3: 3 is absent from round 1 (a late entry): 7 numbered players, the top
    # half is numbers 1-3, i.e. players 1, 2 and 4.
    t = Tournament(ratings=[2000 - 10 * k for k in range(8)])
    assert accelerated(t.state(total_rounds=5, absent={3})) == frozenset({1, 2, 4})


def test_the_imaginary_point_is_gone_from_round_three() -> None:
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-4 1-0", "3-2 0-1").round("1-2 =", "3-4 =")
    assert accelerated(t.state(total_rounds=5)) == frozenset()
    data = BursteinRound(t.state(total_rounds=5), burstein_acceleration=True, edition="2017")
    assert data.score == {1: 15, 2: 15, 3: 5, 4: 5}


def test_in_round_two_the_imaginary_point_counts_in_opponents_scores() -> None:
    # 3.3 adds the point "to the score": 5 beat 1 (1 has 0 + 1 imaginary), so 5's SB is
    # one point; 6 beat 2 likewise; 7 and 8 beat 3 and 4... all in round one.
    t = Tournament(ratings=[2400 - 50 * k for k in range(8)])
    t.round("1-5 0-1", "6-2 1-0", "3-7 1-0", "8-4 0-1")
    data = BursteinRound(t.state(total_rounds=5), burstein_acceleration=True, edition="2017")
    assert data.strength[5].sonneborn_berger == 20  # twentieths: one point
    assert data.strength[3].sonneborn_berger == 0  # 7 has no imaginary point
    plain = strengths(t.state(total_rounds=5))
    assert plain[5].sonneborn_berger == 0


def test_a_requested_full_point_bye_is_a_point_without_playing_rule_4_1() -> None:
    # 4 asked for a full-point bye in round 1; 4.1 bars him from the PAB although
    # C.04.1.d alone would not.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000])
    t.round("1-3 1-0", "2-5 1-0", "4 F")
    data = BursteinRound(t.state(total_rounds=5), burstein_acceleration=False, edition="2017")
    assert 4 not in bye_candidates(data)


def test_the_median_drops_best_and_worst_only_from_three_opponents() -> None:
    t = Tournament(ratings=[2400 - 50 * k for k in range(6)])
    t.round("1-6 1-0", "2-5 1-0", "3-4 1-0").round("1-2 1-0", "3-6 =", "4-5 =")
    s = strengths(t.state(total_rounds=5))
    assert s[1].median == s[1].buchholz  # two opponents only
    t.round("1-3 =", "2-4 1-0", "5-6 1-0")
    s = strengths(t.state(total_rounds=5))
    # 1 met 6 (0.5), 2 (2), 3 (2): Buchholz 4.5, Median 2 (twentieths: 90 and 40).
    assert (s[1].buchholz, s[1].median) == (90, 40)


def test_newcomers_meeting_each_other_take_colours_by_the_higher_number() -> None:
    # 5.1 extended: 5 and 6 join in round 2 without a game; should they meet, the higher
    # of them, 5, is odd and has the colour drawn for No.1 (White), whichever way round
    # the pair is given.
    t = Tournament(ratings=[2400 - 50 * k for k in range(6)])
    t.round("1-3 1-0", "4-2 0-1", "5 -", "6 -")
    state = t.state(total_rounds=5)
    data = BursteinRound(state, burstein_acceleration=False, edition="2017")
    args = (data.colour, data.strength, state.pairing_numbers, state.initial_colour)
    assert white_of_pair(5, 6, *args) == 5
    assert white_of_pair(6, 5, *args) == 5

"""Hand-worked Burstein pairings (C.04.4.2), each walked through rule by rule.

Scores are written in points; "SB" is Sonneborn-Berger, "BH" Buchholz. Boards are
listed as "white-black" in the order C.04.2.D.9 publishes them.
"""

from __future__ import annotations

import pytest

from pairing.engine import PairingOptions, pair
from pairing.engine.burstein.players import BursteinRound
from pairing.engine.state import Colour, PairingError
from tests.engine.burstein.swiss_builder import Tournament

ACCELERATED = PairingOptions(acceleration="burstein")


def boards(state, options=None) -> list[str]:
    result = pair(state, "burstein", options=options)
    out = [f"{b.white}-{b.black}" for b in result.boards]
    if result.bye is not None:
        out.append(f"bye {result.bye}")
    return out


def test_round_one_pairs_top_against_bottom_with_alternating_colours() -> None:
    # 3.2: every SB/BH/Median is 0, so rating decides: 1..6. 6.2 (1): 1*6 2*5 3*4.
    # 5.1: No.1 has the drawn colour (White); odd numbers of the top half the same,
    # even ones the other: 1 White, 2 Black, 3 White.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000, 1900])
    assert boards(t.state(total_rounds=5)) == ["1-6", "5-2", "3-4"]


def test_round_one_with_the_acceleration_splits_the_list_in_two_score_groups() -> None:
    # 3.3: 1-4 (top half) get an imaginary point: SG "1" = {1,2,3,4}, SG "0" = {5..8}.
    # 6.2 in each: 1*4 2*3 and 5*8 6*7. 5.1 by pairing number: odd White.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
    assert boards(t.state(total_rounds=5), ACCELERATED) == ["1-4", "3-2", "5-8", "7-6"]


def test_without_the_option_the_same_round_is_not_accelerated() -> None:
    # 3.3 is optional (translator's note): off by default, one score group 1..8.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
    assert boards(t.state(total_rounds=5)) == ["1-8", "7-2", "3-6", "5-4"]


def test_odd_round_one_gives_the_bye_to_the_lowest_rated_player() -> None:
    # 4.2/4.3: lowest SG (all 0), lowest SB, BH, Median (all 0), then rating: No.5.
    # The others: 6.2 for four players, 1*4 2*3; 5.1: 1 White, 2 Black.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000])
    assert boards(t.state(total_rounds=5)) == ["1-4", "3-2", "bye 5"]


def test_an_odd_round_one_with_acceleration_floats_the_middle_of_the_top_half() -> None:
    # 11 players: 3.3 top half = numbers 1..5 (11 // 2). 4.2: the bye goes to the
    # lowest SG, lowest rating: No.11. SG "1" = {1..5}: 6.4 (1) 1*5 2*4 3*F, and 3
    # floats (6.3) into SG "0" = {3, 6..10}, where 3.2 puts him first (best rating;
    # all tie-breaks 0): 3*10 6*9 7*8. 5.1: odd numbers White.
    t = Tournament(ratings=[2500 - 50 * k for k in range(11)])
    assert boards(t.state(total_rounds=5), ACCELERATED) == ["1-5", "4-2", "3-10", "9-6", "7-8", "bye 11"]


def test_rule_6_5_prefers_the_combination_giving_everyone_his_due_colour() -> None:
    # After round 1 the winners 1,2,3,4 tie on SB, BH, Median: rating order 1,2,3,4.
    # Due colours (1.3): 1 Black, 2 White, 3 White, 4 Black. 6.2 (1) 1*4 2*3 gives two
    # pairs of equal due colours; (2) 1*3 2*4 gives all four theirs: 6.5 takes (2).
    # Same below: 5 W, 6 B, 7 B, 8 W -> (2) 5*7 6*8.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700])
    t.round("1-8 1-0", "7-2 0-1", "6-3 0-1", "4-5 1-0")
    assert boards(t.state(total_rounds=5)) == ["3-1", "2-4", "5-7", "8-6"]


def test_a_floater_drops_and_is_ranked_by_sb_in_the_lower_group() -> None:
    # SG 1 = {1..5}, all SB 0, rating order. Due: 1 B, 2 W, 3 B, 4 W, 5 B.
    # 6.4: (1) 1*5 2*4 3*F and (2), (3) leave two players off their due colour;
    # (4) 1*4 2*5 3*F gives all four paired players theirs: 6.5 takes it, 3 floats.
    # SG 0 = {6..10} + 3. 3.2: SB all 0; BH: 6..10 lost to 1-pointers (1), 3 beat a
    # 0-pointer (0), so the floater is last: 6,7,8,9,10,3 -> 6*3 7*10 8*9, which
    # gives everyone his due colour (6 W, 7 B, 8 W, 9 B, 10 W, 3 B).
    t = Tournament(ratings=[2400 - 50 * k for k in range(10)])
    t.round("1-6 1-0", "7-2 0-1", "3-8 1-0", "9-4 0-1", "5-10 1-0")
    assert boards(t.state(total_rounds=5)) == ["4-1", "2-5", "6-3", "10-7", "8-9"]


def test_colour_limits_5_2_5_3_exclude_a_pair_of_two_players_forced_the_same_way() -> None:
    # After two rounds 1 and 4 had White twice, 2 and 3 Black twice (5.3: they must
    # alternate). SG 2 = {1,2,3,4} (all SB, BH 0; rating order). 6.2 (1) 1*4 2*3 pairs
    # two players who both must have Black, and two who must have White: invalid.
    # (2) 1*3 2*4 is valid. SG 0 = {5,6,7,8} (BH all 2): 5 must have Black (WW),
    # 6 and 7 are due White, 8 Black; (1) 5*8 6*7 gives two players their colour,
    # (2) 5*7 6*8 all four: 6.5.
    t = Tournament(ratings=[2400 - 50 * k for k in range(8)])
    t.round("1-5 1-0", "6-2 0-1", "7-3 0-1", "4-8 1-0")
    t.round("1-7 1-0", "5-2 0-1", "8-3 0-1", "4-6 1-0")
    assert boards(t.state(total_rounds=5)) == ["3-1", "2-4", "7-5", "6-8"]


def test_two_adjacent_groups_merge_when_one_cannot_be_paired() -> None:
    # SG 1 = {1, 2}: 2-1 (due colours). SG 0.5 = {3, 4} drew together: no combination
    # (3.1), no floater in an even group: 6.6 merges it with SG 0 = {5, 6}. In 3.2
    # order: 3, 4 (SB 0.25), 5, 6 (SB 0; 5 rated higher). 6.2 (1) 3*6 4*5 is valid.
    # 5.4: 3 is due Black, 6 White. 4 and 5 are both due White with equal histories;
    # the higher SB (4) gets it.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000, 1900])
    t.round("1-6 1-0", "5-2 0-1", "3-4 =")
    assert boards(t.state(total_rounds=5)) == ["2-1", "6-3", "4-5"]


def test_a_floater_who_cannot_meet_anyone_below_goes_back_rule_6_6() -> None:
    # SG 1 = {1,2,3}; 6.4's first combination floats No.2, but 2 may not meet 4 or 6
    # (the arbiter forbade it) and has played 5: 6.6, the floater goes back and the
    # next combination is tried: 1*2 with 3 floating. SG 0 = {4,5,6} + 3; 3's BH is 0,
    # theirs 1: order 4,5,6,3 and 6.2 (1) 4*3 5*6 gives all their due colours.
    t = Tournament(ratings=[2400 - 50 * k for k in range(6)])
    t.round("1-4 1-0", "5-2 0-1", "3-6 1-0")
    state = t.state(total_rounds=5, forbidden=[(2, 4), (2, 6)])
    assert boards(state) == ["2-1", "4-3", "6-5"]


def test_the_bye_skips_players_who_already_had_a_point_without_playing() -> None:
    # Round 3, scores 2: 2; 1: 4, 3, 1, 5. 4.2/4.3 order for the bye in that lowest SG:
    # 3 and 5 (SB 0) come first but had the PAB (4.1); 4 and 1 tie on SB 1 and BH 3,
    # and 4 is rated lower: bye 4. The rest: SG 2 = {2} floats into SG 1 (6.3): order
    # 2 (SB 2), 1 (SB 1), 3, 5 (SB 0; 3 rated higher): 6.2 (1) 2*5 1*3, valid.
    # 5.4: 2 and 5 are both due Black; 5 has more Whites than Blacks (equalising) and
    # gets it. 1 is due White, 3 Black.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000])
    t.round("1-2 0-1", "3-4 0-1", "5 bye")
    t.round("2-4 1-0", "5-1 0-1", "3 bye")
    assert boards(t.state(total_rounds=5)) == ["2-5", "1-3", "bye 4"]


def test_a_forfeited_game_is_no_game_for_colours_or_rematches() -> None:
    # 1 won by forfeit against 3 (C.04.2.D.5/D.6): 1 has no colour history, so in 1*2
    # 2 (due Black after White) decides: 1 White. 3 has no colour history either: 4 is
    # due White. And 1 and 3 may still meet: they never played (3.1, C.04.2.D.6).
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-3 +-", "2-4 1-0")
    state = t.state(total_rounds=5)
    assert boards(state) == ["1-2", "4-3"]
    assert BursteinRound(state, burstein_acceleration=False, edition="2017").compatible(1, 3)
    assert not BursteinRound(state, burstein_acceleration=False, edition="2017").compatible(2, 4)


def test_black_drawn_for_number_one_reverses_round_one() -> None:
    # 5.1: the lot gave No.1 Black: every colour of round one flips.
    t = Tournament(ratings=[2400, 2300, 2200, 2100], initial_colour=Colour.BLACK)
    assert boards(t.state(total_rounds=3)) == ["4-1", "2-3"]


def test_the_last_round_has_no_colour_exception() -> None:
    # Unlike Lim's rule 6, C.04.4.2 keeps 5.2 and 5.3 in the last round: 1 and 2 both
    # had White twice, 3 and 4 Black twice, and every other pair has met, so no pairing
    # exists and the arbiter must decide (PairingError says why).
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-3 1-0", "2-4 1-0").round("1-4 1-0", "2-3 1-0")
    with pytest.raises(PairingError, match=r"5\.2 and 5\.3"):
        pair(t.state(total_rounds=3), "burstein")

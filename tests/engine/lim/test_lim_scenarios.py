"""Hand-worked Lim pairings (C.04.4.3), each walked through rule by rule.

In the Lim text the "highest numbered" player is #1 (the top), the "lowest numbered"
the bottom one. Boards are "white-black" in the order C.04.2.D.9 publishes them.
"""

from __future__ import annotations

import pytest

from pairing.engine import PairingOptions, pair
from pairing.engine.lim.players import LimRound
from pairing.engine.state import PairingError
from tests.engine.burstein.swiss_builder import Tournament

MAXI = PairingOptions(lim_maxi=True)


def boards(state, options=None) -> list[str]:
    result = pair(state, "lim", options=options)
    out = [f"{b.white}-{b.black}" for b in result.boards]
    if result.bye is not None:
        out.append(f"bye {result.bye}")
    return out


def test_round_one_pairs_the_upper_half_with_the_lower_half() -> None:
    # 7.2: 1 v 5, 2 v 6 ...; #1 White by lot, the odd numbers of the upper half White,
    # the even ones Black: 1-5, 6-2, 3-7, 8-4 (the text's 40-player example in small).
    t = Tournament(ratings=[2400 - 50 * k for k in range(8)])
    assert boards(t.state(total_rounds=5)) == ["1-5", "6-2", "3-7", "8-4"]


def test_round_one_with_an_odd_number_gives_the_bye_to_the_lowest_rated() -> None:
    # 7.1: No.7 has the bye; the six others 1 v 4, 2 v 5, 3 v 6 with 7.2's colours.
    t = Tournament(ratings=[2400 - 50 * k for k in range(7)])
    assert boards(t.state(total_rounds=5)) == ["1-4", "5-2", "3-6", "bye 7"]


def test_round_two_pairs_down_to_the_median_then_up_then_the_median() -> None:
    # Scores: 1, 2, 4 have 1; 3, 7 have 0.5 (the median group, 2.2); 5, 6, 8 have 0.
    # Group 1 (downward) is odd (2.3d): due colours 1 Black, 2 and 4 White; 3.2 floats a
    # White-due player, the lowest numbered: 4. Then 2-1 (due colours).
    # Group 0 (upward): 5 due White, 6 and 8 Black; 3.2 floats a Black-due player, the
    # highest numbered when pairing upwards: 6. Then 5-8.
    # Median {3, 7} + 4 (down) + 6 (up): 3.6.3 pairs the down-floater first, 3.8 with the
    # highest player due the colour alternate to his (4 is due White): 3. Then 7 v 6.
    t = Tournament(ratings=[2400 - 50 * k for k in range(8)])
    t.round("1-5 1-0", "6-2 0-1", "3-7 =", "8-4 0-1")
    assert boards(t.state(total_rounds=5)) == ["2-1", "4-3", "7-6", "5-8"]


def test_a_proposed_pairing_of_players_who_met_is_exchanged() -> None:
    # All four drew in round 1: one median group 1, 2, 3, 4. 2.4 proposes 1 v 3 and
    # 2 v 4; 1 and 3 have met, so 3 is exchanged (4.1a, 4.2 order 3, 4, 2): 1 v 4,
    # leaving 2 v 3. Colours: each his alternating colour.
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-3 =", "2-4 =")
    assert boards(t.state(total_rounds=5)) == ["4-1", "3-2"]


def test_the_second_scrutiny_exchanges_for_colours() -> None:
    # 1-2 and 3-4 drew: median group 1, 2, 3, 4; 2.4 proposes 1 v 3 and 2 v 4, both
    # compatible, but 1 and 3 are both due Black (5.2). The next column of 4.2, 1 v 4,
    # gives both their colours and leaves 2 v 3 compatible: taken.
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-2 =", "3-4 =")
    assert boards(t.state(total_rounds=5)) == ["4-1", "2-3"]


def test_the_last_round_pairs_equal_scores_before_colours_rule_6() -> None:
    # 1 and 2 had White twice, 3 and 4 Black twice; 1, 2 lead. Rule 6: in the last
    # round they are paired although one gets a third White (or Black) in a row.
    # Equal histories: at or above the median the higher ranked (1) gets the
    # alternating colour; below it the lower ranked (4) does (5.4).
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-3 1-0", "2-4 1-0")
    t.round("1-4 1-0", "2-3 1-0")
    assert boards(t.state(total_rounds=3)) == ["2-1", "4-3"]


def test_before_the_last_round_the_same_four_cannot_be_paired() -> None:
    # 2.1: 1 v 2 and 3 v 4 would give a third colour in a row; every other pair has met.
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-3 1-0", "2-4 1-0")
    t.round("1-4 1-0", "2-3 1-0")
    with pytest.raises(PairingError):
        pair(t.state(total_rounds=5), "lim")


def test_the_bye_goes_to_the_lowest_ranked_of_the_lowest_group() -> None:
    # 1.1: lowest group {3, 4}: No.4. Group 1 = {1, 2, 5} (downward): due colours 1
    # Black, 2 White, 5 none: even, so 3.2 floats the lowest numbered, 5 (3.9: 1 has no
    # compatible opponent below, he met 3). 2-1. Group 0 = {3} floats up (2.3a). The
    # (empty) median group pairs the down-floater 5 with the up-floater 3: 3 is due
    # White.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000])
    t.round("1-3 1-0", "4-2 0-1", "5 bye")
    assert boards(t.state(total_rounds=5)) == ["2-1", "3-5", "bye 4"]


def test_a_down_floater_meets_the_highest_player_due_the_alternate_colour() -> None:
    # 1 (1 point) floats down, 4 (0) floats up into the median group {2, 3, 5, 6}.
    # 3.8: 1 is due Black; from the top, 2 and 3 are due Black too, 5 is due White:
    # 1 v 5. The up-floater 4 (due White) meets, from the bottom, the first due Black:
    # 6 is due White, 3 is due Black: 4 v 3. Left: 2 v 6.
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000, 1900])
    t.round("1-4 1-0", "2-5 =", "3-6 =")
    assert boards(t.state(total_rounds=5)) == ["5-1", "6-2", "4-3"]


def test_maxi_tournaments_limit_colour_exchanges_to_100_points() -> None:
    # As above, but a maxi-tournament (3.8, 5.7): exchanging 2 (2300) for 5 (2100)
    # differs by 200 points, so 1 keeps 2; the up-floater 4 keeps 6 (3 differs from 6
    # by 200). Colours 5.4: equal histories, the higher ranked gets the alternating
    # colour at or above the median.
    t = Tournament(ratings=[2400, 2300, 2250, 2000, 2100, 2050])
    t.round("1-4 1-0", "2-5 =", "3-6 =")
    assert boards(t.state(total_rounds=5), MAXI) == ["2-1", "5-3", "6-4"]
    assert boards(t.state(total_rounds=5)) == ["5-1", "6-2", "4-3"]


def test_upward_pairing_below_the_median_mirrors_the_downward_one() -> None:
    # Winners 1, 2, 3 (all due Black) and losers 4, 5, 6 (all due White); the median
    # group is empty. Downward: 3 floats (lowest numbered), 1 v 2: equal histories at
    # the top, the higher ranked gets the alternating colour: 2-1. Upward: 4 floats
    # (highest numbered, 3.2), 6 v 5: below the median the lower ranked (6) gets it.
    # The median group pairs the floaters: 4-3.
    t = Tournament(ratings=[2400 - 50 * k for k in range(6)])
    t.round("1-4 1-0", "2-5 1-0", "3-6 1-0")
    assert boards(t.state(total_rounds=5)) == ["2-1", "4-3", "6-5"]


def test_a_blocked_median_group_cracks_the_next_pairing_above_rule_2_6() -> None:
    # Median group {3, 4, 7, 8}: 3 met 7, 4 met 8 and the arbiter forbade 3-4 and 3-8:
    # it cannot be paired. As many floaters came from above as from below (none), so
    # 2.6 cracks the next pairing of the higher group (1 v 2): both join as floaters.
    # 3.8: 1 (due Black) first: 7 is due White but then 2, 3, 4, 8 cannot all pair; 8
    # (due White) leaves 3 v 2, 4 v 7: 8-1. 2 (due Black): 7 would leave 3 v 4
    # (forbidden): 2 takes the first workable player from the top, 3. Then 7-4.
    # Below: 5 v 6, equal histories under the median: the lower ranked gets White.
    t = Tournament(ratings=[2400 - 50 * k for k in range(8)])
    t.round("1-5 1-0", "2-6 1-0", "3-7 =", "4-8 =")
    state = t.state(total_rounds=5, forbidden=[(3, 4), (3, 8)])
    assert boards(state) == ["8-1", "3-2", "7-4", "6-5"]


def test_a_player_who_floated_last_round_does_not_float_again_for_parity() -> None:
    # Round 3. Group 2 = {1, 2, 3} (above the median, 1 point): odd, one floats (2.3d).
    # 1 and 3 floated down in round 2 (they met 0-pointers); 3.10 keeps them, although
    # 3.2's colour balance would float one of them (1 and 3 are due White, 2 Black):
    # 2 floats. 1 v 3, equal histories above the median: 1 gets his alternating White.
    # Group 0 = {5, 6, 8} (upward): 8 met both players of the median group (type c,
    # 3.9 first), 5 and 6 floated up last round; of them 3.2 takes the highest numbered
    # when pairing upward: 5. 8 v 6: 6 must have Black.
    # Median {4, 7} + 2 (down) + 5 (up): 2 (due Black) finds nobody due White he may
    # meet, so meets the first he can from the top: 7 (4 he met). 5 v 4: 4 must have
    # White (Black twice). 7 v 2: equal histories at the median, the higher ranked (2)
    # gets the alternating colour, Black.
    t = Tournament(ratings=[2400 - 50 * k for k in range(8)])
    t.round("1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 0-1")
    t.round("6-1 0-1", "2-4 1-0", "5-3 0-1", "7-8 1-0")
    assert boards(t.state(total_rounds=5)) == ["1-3", "7-2", "4-5", "8-6"]


def test_a_forfeited_game_is_no_game_for_colours_or_compatibility() -> None:
    # 1 won by forfeit against 3 (C.04.2.D.5/D.6). Groups: 1 point {1, 2} downward,
    # 0 points {3, 4} upward, the median (0.5) empty. 1 has no colour history, so 2's
    # due Black decides 1-2; 3 has none either, 4 is due White: 4-3. And 1 and 3 are
    # still compatible (2.1: they have not played each other).
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-3 +-", "2-4 1-0")
    state = t.state(total_rounds=5)
    assert boards(state) == ["1-2", "4-3"]
    assert LimRound(state, edition="2017").compatible(1, 3)

"""The Dutch system of 1 February 2026 (C.04.3 2026 with C.04.1/C.04.2 2026), rule by rule,
against the seed edition where they differ. Scenarios read ``'1-2 1-0, 3-4 =, 5 pab'``
(White first; a lone number is a bye); corpus rounds come from the sample of
``../shared/corpus/dutch-2026`` under tests/fixtures (paired by the endorsed engine)."""

from __future__ import annotations

import pytest

from pairing.engine import pair
from pairing.engine.common.colours import Strength, colour_preference
from pairing.engine.common.general_rules import pab_eligible, unplayed_games, unplayed_round_is_downfloat
from pairing.engine.dutch.editions import DUTCH_2017, DUTCH_2026
from pairing.engine.dutch.players import Float, entrants, float_in_round
from pairing.engine.state import Colour, Outcome, Player, RoundEntry, Scoring
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import recorded_pairing, state_for_round
from tests.engine.dutch.replay import FIXTURES
from tests.engine.test_checker import tournament

CORPUS = FIXTURES / "trf" / "corpus" / "dutch-2026"


def corpus_round(name: str, rnd: int):
    t = read_trf(CORPUS / name)
    return state_for_round(t, rnd), recorded_pairing(t, rnd, "2026")


def unplayed(outcome: Outcome) -> Player:
    return Player(id=1, history=(RoundEntry(None, None, outcome),))


# C.04.1 (2026) art. 4, C2 -----------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "in_2017", "in_2026"),
    [
        (Outcome.PAIRING_BYE, False, False),
        (Outcome.FORFEIT_WIN, False, False),
        (Outcome.FULL_BYE, True, False),  # a win's points without playing: barred from 2026
        (Outcome.HALF_BYE, True, True),
        (Outcome.ZERO_BYE, True, True),
        (Outcome.FORFEIT_LOSS, True, True),
    ],
)
def test_pab_eligibility_by_edition(outcome: Outcome, in_2017: bool, in_2026: bool) -> None:
    player = unplayed(outcome)
    assert (pab_eligible(player, Scoring(), "2017"), pab_eligible(player, Scoring(), "2026")) == (in_2017, in_2026)


def test_in_2026_a_half_point_bye_worth_a_win_bars_the_pab() -> None:
    # "as many points as rewarded for a win": the regulations' values decide, not the kind
    assert not pab_eligible(unplayed(Outcome.HALF_BYE), Scoring(half_bye=10), "2026")


def test_a_full_point_bye_bars_the_pab_in_2026_and_not_in_2017() -> None:
    # Everyone on 1 point: 2 and 5 had the PAB, 3 a forfeit win, 4 a full-point bye.
    state = tournament(5, "1-2 1-0, 3-4 1-0, 5 pab", "1-3 -+, 2 pab, 4 full")
    assert pair(state, "dutch", "2017").bye == 4
    assert pair(state, "dutch", "2026").bye == 1


# C.04.3 (2026) floats ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "downfloat_2026"),
    [
        (Outcome.PAIRING_BYE, True),
        (Outcome.FULL_BYE, True),
        (Outcome.HALF_BYE, True),  # more than a loss without playing
        (Outcome.FORFEIT_WIN, True),
        (Outcome.FORFEIT_LOSS, False),  # no longer a float
        (Outcome.ZERO_BYE, False),
        (Outcome.NOT_PAIRED, False),
    ],
)
def test_an_unplayed_round_is_a_downfloat_only_when_it_scored_more_than_a_loss(
    outcome: Outcome, downfloat_2026: bool
) -> None:
    entry = RoundEntry(None, None, outcome)
    assert unplayed_round_is_downfloat(entry, Scoring(), "2017")  # the seed edition: every unplayed round
    assert unplayed_round_is_downfloat(entry, Scoring(), "2026") is downfloat_2026


def test_the_dutch_floats_of_a_forfeit_follow_the_edition() -> None:
    state = tournament(4, "1-2 +-, 3-4 =")
    assert float_in_round(state, 2, 1, "2017") is Float.DOWN  # forfeit loss
    assert float_in_round(state, 2, 1, "2026") is Float.NONE
    assert float_in_round(state, 1, 1, "2026") is Float.DOWN  # forfeit win: a win's points unplayed
    by_id = {e.id: e for e in entrants(state, "2026")}
    assert by_id[2].floats == (Float.NONE, Float.NONE) and by_id[1].floats[0] is Float.DOWN


# C.04.2 (2026) 3.4: colour history ---------------------------------------------------


def test_only_played_games_count_in_the_colour_history() -> None:
    # W B W, a forfeit "with Black", then B: read as - W B W B, a mild preference for White.
    history = (
        RoundEntry(2, Colour.WHITE, Outcome.WIN),
        RoundEntry(3, Colour.BLACK, Outcome.DRAW),
        RoundEntry(4, Colour.WHITE, Outcome.LOSS),
        RoundEntry(5, Colour.BLACK, Outcome.FORFEIT_WIN),
        RoundEntry(6, Colour.BLACK, Outcome.DRAW),
    )
    preference = colour_preference(Player(id=1, history=history))
    assert preference.sequence == (Colour.WHITE, Colour.BLACK, Colour.WHITE, Colour.BLACK)
    assert (preference.colour, preference.strength) == (Colour.WHITE, Strength.MILD)
    # W, a bye, W: the two latest played games are both White, an absolute preference
    gap = (RoundEntry(2, Colour.WHITE, Outcome.WIN), RoundEntry(None, None, Outcome.HALF_BYE), history[2])
    assert colour_preference(Player(id=1, history=gap)).strength is Strength.ABSOLUTE
    assert unplayed_games(Player(id=1, history=history)) == 1


# C5 and C9: the PAB receiver's score, then his unplayed games ---------------------------


def test_c5_the_pab_goes_up_to_the_lowest_score_an_eligible_player_has() -> None:
    # Round 10: 26 (2.5) and 29 (2.0) may not take the PAB; the lowest eligible score is 3.5.
    state, recorded = corpus_round("drv0056.trf", 10)
    got = pair(state, "dutch", "2026")
    assert got.bye == recorded.bye == 22
    eligible = [e for e in entrants(state, "2026") if e.bye_eligible]
    assert state.score(22) == 35 == min(e.score for e in eligible)


def test_c9_the_pab_goes_to_the_player_with_fewer_unplayed_games() -> None:
    # Round 9: 99-106 pair in the 1.5 bracket; 112 (every game played) and 113 (a forfeit
    # loss) move down to 121, who may not take the PAB. C9 leaves 112 unpaired.
    state, recorded = corpus_round("drv0035.trf", 9)
    got = pair(state, "dutch", "2026")
    assert got.bye == recorded.bye == 112
    assert [unplayed_games(state.by_id[p]) for p in (112, 113)] == [0, 1]


def test_c9_ranks_only_where_the_pab_is_decided() -> None:
    # Round 10: the 3.5 scoregroup must also give partners to 26 and 29 below it, who
    # cannot pair with each other: the PAB is not decided in it, and C9 does not rank
    # 17 (no unplayed game) above 22 (a forfeit loss). See docs/dutch.md, readings.
    state, recorded = corpus_round("drv0056.trf", 10)
    assert pair(state, "dutch", "2026").bye == recorded.bye == 22
    assert unplayed_games(state.by_id[17]) == 0 < unplayed_games(state.by_id[22])


# C4 and C8: completion in every bracket ---------------------------------------------------


def test_c8_counts_only_pairs_the_rest_of_the_round_can_complete() -> None:
    # Round 7: in the 4.0 bracket (3, 5, 9) floating 5 would let him meet 8 below (C8),
    # but then 13, who has met everyone beneath him, could not be paired (C4, C5). With
    # C4 first no floater pairs in the next bracket, and C12 then picks 5-9.
    state, recorded = corpus_round("drv0077.trf", 7)
    assert set(pair(state, "dutch", "2026").boards) == set(recorded.boards)


def test_the_editions_rank_the_same_criteria_under_their_own_numbers() -> None:
    assert DUTCH_2017.collapsed_last_bracket and not DUTCH_2026.collapsed_last_bracket
    assert dict(DUTCH_2026.criteria)["pab_unplayed"] == "C9"
    assert dict(DUTCH_2017.criteria)["strong_preference"] == "C.11"
    assert dict(DUTCH_2026.criteria)["strong_preference"] == "C13"
    assert "pab_unplayed" not in DUTCH_2017.terms

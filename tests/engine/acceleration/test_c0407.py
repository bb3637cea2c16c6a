"""The Baku method of C.04.7 (2026) against the seed edition's C.04.5.1, and the custom
acceleration of TRF-2026 record 250: the virtual points of every player before every
round, worked by hand.

C.04.7 1.4: the accelerated rounds are the first ceil(R/2); GA gets a win's points in the
first half of them (rounded up) and half that in the others.

    R =  9: 5 accelerated rounds; a win's points before rounds 1-3, half before 4-5
    R = 11: 6 accelerated rounds; a win's points before rounds 1-3, half before 4-6
    R =  7: 4 accelerated rounds; a win's points before rounds 1-2, half before 3-4

The seed text (C.04.5.1 rule 4) gives 1 point before rounds 1-3 and 0.5 before 4-5 in
every event, and warns below nine rounds: the two agree on 9 rounds and part on 11.
"""

from __future__ import annotations

import pytest

from pairing.engine import PairingOptions, pair
from pairing.engine.acceleration import AccelerationError, AccelerationSpec, VirtualPointsRange, accelerate
from pairing.engine.acceleration.c0407 import accelerated_rounds, full_point_rounds
from pairing.engine.boards import board_order
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Scoring
from pairing.engine.trf.state import cut, state_for_round
from tests.engine.acceleration.scripted import points, scripted_state
from tests.engine.acceleration.test_baku import ELEVEN_ROUNDS, ELEVEN_ROUNDS_GA, NINE_ROUNDS

BAKU = AccelerationSpec("baku")

# 9 rounds (NINE_ROUNDS of test_baku: GA = 1, 2, 3, 5, 6, 7 from round 1, and the late
# entry 4, ranked above GA's last player 7, from round 3; 8-12 are GB).
GA_9 = points("1 1 1 .5 .5 0 0 0 0")
GB_9 = points("0 0 0 0 0 0 0 0 0")
TABLE_9 = {
    1: GA_9,
    2: GA_9,
    3: GA_9,
    4: GA_9,
    5: GA_9,
    6: GA_9,
    7: GA_9,
    8: GB_9,
    9: GB_9,
    10: GB_9,
    11: GB_9,
    12: GB_9,
}
# 11 rounds (ELEVEN_ROUNDS: GA = 1-9, 5 entering in round 2; 10-15 GB): ceil(11/2) = 6
# accelerated rounds, ceil(6/2) = 3 of them with a win's points.
GA_11 = points("1 1 1 .5 .5 .5 0 0 0 0 0")
GA_11_SEED = points("1 1 1 .5 .5 0 0 0 0 0 0")
GB_11 = points("0 0 0 0 0 0 0 0 0 0 0")
TABLE_11 = {pid: GA_11 if pid in ELEVEN_ROUNDS_GA else GB_11 for pid, _, _ in ELEVEN_ROUNDS}


@pytest.mark.parametrize(
    ("players", "table"), [(NINE_ROUNDS, TABLE_9), (ELEVEN_ROUNDS, TABLE_11)], ids=["9 rounds", "11 rounds"]
)
def test_virtual_points_of_every_player_before_every_round_c0407(players, table) -> None:
    total = len(players[0][2])
    for rnd in range(1, total + 1):
        state = accelerate(scripted_state(players, rnd), BAKU, "2026").state
        for p in state.players:
            assert dict(state.virtual_points)[p.id] == table[p.id], (rnd, p.id)
            assert state.pairing_score(p.id) == state.score(p.id) + table[p.id][rnd - 1]


def test_nine_rounds_alike_eleven_rounds_part_from_the_seed_edition() -> None:
    nine = scripted_state(NINE_ROUNDS, 1)
    assert accelerate(nine, BAKU, "2026").state.virtual_points == accelerate(nine, BAKU, "2017").state.virtual_points
    eleven = scripted_state(ELEVEN_ROUNDS, 1)
    assert dict(accelerate(eleven, BAKU, "2017").state.virtual_points)[1] == GA_11_SEED
    assert dict(accelerate(eleven, BAKU, "2026").state.virtual_points)[1] == GA_11
    # Round 6 of 11: GA carries half a win's points in 2026 only.
    state = scripted_state(ELEVEN_ROUNDS, 6)
    assert accelerate(state, BAKU, "2026").state.pairing_score(1) == state.score(1) + 5
    assert accelerate(state, BAKU, "2017").state.pairing_score(1) == state.score(1)


@pytest.mark.parametrize(
    ("rounds", "accelerated", "full"),
    [(5, 3, 2), (6, 3, 2), (7, 4, 2), (8, 4, 2), (9, 5, 3), (10, 5, 3), (11, 6, 3), (12, 6, 3), (13, 7, 4), (1, 1, 1)],
)
def test_accelerated_rounds_and_their_first_half_rounded_up(rounds: int, accelerated: int, full: int) -> None:
    assert (accelerated_rounds(rounds), full_point_rounds(rounds)) == (accelerated, full)


def test_seven_rounds_need_no_warning_in_2026_and_scale() -> None:
    players = [(pid, rating, script[:7]) for pid, rating, script in NINE_ROUNDS]
    result = accelerate(scripted_state(players, 1), BAKU, "2026")
    assert result.warnings == ()
    assert dict(result.state.virtual_points)[1] == points("1 1 .5 .5 0 0 0")
    assert accelerate(scripted_state(players, 1), BAKU, "2017").warnings  # the seed's nine-round rule


def test_a_win_worth_two_points_gives_two_virtual_points_then_one() -> None:
    """1.1 and 1.4: win = two draws, loss nothing: GA gets a win's points (2), then a draw's (1)."""
    two_one = Scoring(win=20, draw=10, pairing_bye=20, forfeit_win=20, full_bye=20, half_bye=10)
    result = accelerate(scripted_state(NINE_ROUNDS, 1, scoring=two_one), BAKU, "2026")
    assert result.warnings == ()
    assert dict(result.state.virtual_points)[1] == (20, 20, 20, 10, 10, 0, 0, 0, 0)


def test_outside_the_premise_it_warns_and_gives_a_win_then_half() -> None:
    three_one = Scoring(win=30, draw=10, pairing_bye=30, forfeit_win=30, full_bye=30, half_bye=10)
    result = accelerate(scripted_state(NINE_ROUNDS, 1, scoring=three_one), BAKU, "2026")
    assert any("two draws" in w for w in result.warnings)
    assert dict(result.state.virtual_points)[1] == (30, 30, 30, 15, 15, 0, 0, 0, 0)


def test_pair_applies_the_editions_baku() -> None:
    """``pair`` hands the acceleration the edition it pairs by: round 6 of 11 differs."""
    config = GeneratorConfig(players=20, rounds=11, late_rate=0, bye_rate=0, forfeit_rate=0, withdraw_rate=0)
    tournament = generate(config, 4, lambda s: pair(s, "dutch", "2026", PairingOptions("baku")))
    state = state_for_round(cut(tournament, 6), 6)
    seen = {}
    for edition in ("2017", "2026"):
        seen[edition] = accelerate(state, BAKU, edition).state
    assert seen["2026"].pairing_score(1) - seen["2017"].pairing_score(1) == 5
    assert pair(state, "dutch", "2026", PairingOptions("baku")).boards  # pairs


def test_2026_boards_follow_the_pairing_scores_c0407_1_5() -> None:
    config = GeneratorConfig(players=16, rounds=9, late_rate=0, bye_rate=0, forfeit_rate=0, withdraw_rate=0)
    tournament = generate(config, 1, lambda s: pair(s, "dutch", "2026", PairingOptions("baku")))
    state = state_for_round(cut(tournament, 2), 2)
    accelerated = accelerate(state, BAKU, "2026").state
    result = pair(state, "dutch", "2026", PairingOptions("baku"))
    assert result.boards == board_order(accelerated, result.boards, "2026")
    seed = pair(state, "dutch", "2017", PairingOptions("baku"))
    assert seed.boards == board_order(state, seed.boards, "2017")


@pytest.mark.parametrize(("method", "edition"), [("progressive", "2026"), ("burstein", "2026")])
def test_methods_c0407_does_not_approve_carry_a_note_in_2026(method: str, edition: str) -> None:
    state = scripted_state(NINE_ROUNDS, 1)
    spec = AccelerationSpec(method, group_a_min=2200, group_c_below=2050)
    assert any("Baku method only" in w for w in accelerate(state, spec, edition).warnings)
    assert not any("Baku method only" in w for w in accelerate(state, spec, "2017").warnings)


# ---------------------------------------------------------------- custom (record 250)
def custom(*ranges: VirtualPointsRange) -> AccelerationSpec:
    return AccelerationSpec("custom", ranges=ranges)


def test_custom_ranges_give_each_player_his_points_round_by_round() -> None:
    # 250 records: players 1-4 one point in rounds 1-2, half a point in round 3; players
    # 5-6 half a point in round 1; player 2 again in round 2 with 1.5 (a later record wins).
    spec = custom(
        VirtualPointsRange(1, 4, 1, 2, 10),
        VirtualPointsRange(1, 4, 3, 3, 5),
        VirtualPointsRange(5, 6, 1, 1, 5),
        VirtualPointsRange(2, 2, 2, 2, 15),
    )
    for edition in ("2017", "2026"):
        result = accelerate(scripted_state(NINE_ROUNDS, 1), spec, edition)
        table = dict(result.state.virtual_points)
        assert table[1] == points("1 1 .5 0 0 0 0 0 0")
        assert table[2] == points("1 1.5 .5 0 0 0 0 0 0")
        assert table[5] == points(".5 0 0 0 0 0 0 0 0")
        assert table[7] == points("0 0 0 0 0 0 0 0 0")
        assert result.warnings == ()


def test_custom_ranges_past_the_last_round_or_naming_nobody_warn() -> None:
    spec = custom(VirtualPointsRange(1, 2, 8, 12, 10), VirtualPointsRange(40, 50, 1, 1, 10))
    result = accelerate(scripted_state(NINE_ROUNDS, 1), spec, edition="2017")
    assert dict(result.state.virtual_points)[1] == points("0 0 0 0 0 0 0 1 1")
    assert len(result.warnings) == 2


@pytest.mark.parametrize(
    "bad",
    [VirtualPointsRange(3, 2, 1, 1, 10), VirtualPointsRange(0, 2, 1, 1, 10), VirtualPointsRange(1, 2, 3, 2, 10)],
)
def test_a_malformed_range_is_refused_with_the_reason(bad: VirtualPointsRange) -> None:
    with pytest.raises(AccelerationError, match="custom acceleration refused"):
        accelerate(scripted_state(NINE_ROUNDS, 1), custom(bad), edition="2017")


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein", "lim"])
def test_every_system_pairs_on_the_custom_points(system: str) -> None:
    """Round 1 with players 1-4 given a point: they meet each other, 5-8 each other."""
    state = scripted_state([(pid, 2400 - 50 * pid, "1") for pid in range(1, 9)], 1)
    options = PairingOptions("custom", acceleration_ranges=(VirtualPointsRange(1, 4, 1, 1, 10),))
    for edition in ("2017", "2026"):
        result = pair(state, system, edition, options)
        assert {
            frozenset((b.white, b.black)) <= {1, 2, 3, 4} or not {b.white, b.black} & {1, 2, 3, 4}
            for b in result.boards
        } == {True}, (system, edition)

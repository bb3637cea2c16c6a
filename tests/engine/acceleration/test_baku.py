"""Baku Acceleration, C.04.5.1: the virtual points of every player before every round."""

from __future__ import annotations

import pytest

from pairing.engine.acceleration import AccelerationSpec, accelerate
from pairing.engine.acceleration.baku import group_a, group_a_size
from pairing.engine.state import Scoring
from tests.engine.acceleration.scripted import points, scripted_state

BAKU = AccelerationSpec("baku")
GA_POINTS_9 = points("1 1 1 .5 .5 0 0 0 0")  # rule 4: 1 before rounds 1-3, 0.5 before 4-5
GB_POINTS_9 = points("0 0 0 0 0 0 0 0 0")

# 9 rounds. Ten players are in the list before round 1 (12 was registered but absent from
# round 1: still in the list); 4 enters in round 3 and 11 in round 4 (late entries, C.04.2.C),
# each in his place of the initial order. GA = 2 * ceil(10 / 4) = 6 players: 1, 2, 3, 5, 6, 7.
# Rule 3: the last GA player stays 7, so the late entry 4, above him, joins GA (seven
# players, an odd GA, note 2); 11, below him, joins GB.
NINE_ROUNDS = [
    (1, 2400, "1=1011=01"),
    (2, 2350, "0110=1=10"),
    (3, 2300, "1=0H11=01"),
    (4, 2250, "..1101=01"),
    (5, 2200, "01=1011=0"),
    (6, 2150, "1U01=1101"),
    (7, 2100, "=10110=11"),
    (8, 2050, "0011=0110"),
    (9, 2000, "10=0110=1"),
    (10, 1950, "01100___Z"),
    (11, 1900, "...1=0101"),
    (12, 1850, "Z1=0101=0"),
]
NINE_ROUNDS_TABLE = {pid: GA_POINTS_9 if pid <= 7 else GB_POINTS_9 for pid, _, _ in NINE_ROUNDS}

# 11 rounds. Thirteen players before round 1: GA = 2 * ceil(13 / 4) = 8 players, the last
# being 9 (5 is a late entry of round 2 and not yet in the list). 5 joins GA in round 2
# (nine GA players); 14 enters in round 5, below the last GA player: GB, no points.
ELEVEN_ROUNDS = [
    (1, 2500, "1=1011=0110"),
    (2, 2450, "0110=1=10=1"),
    (3, 2400, "1=0H11=0110"),
    (4, 2350, "01=1011=0=1"),
    (5, 2300, ".1101=01=10"),
    (6, 2250, "1U01=1101=0"),
    (7, 2200, "=10110=1101"),
    (8, 2150, "0011=0110=1"),
    (9, 2100, "10=0110=101"),
    (10, 2050, "0110_______"),
    (11, 2000, "Z=10110=101"),
    (12, 1950, "10=01101=01"),
    (13, 1900, "0=1101=0110"),
    (14, 1850, "....1=0101="),
    (15, 1800, "01=0110=1U0"),
]
GA_POINTS_11 = points("1 1 1 .5 .5 0 0 0 0 0 0")
NONE_11 = points("0 0 0 0 0 0 0 0 0 0 0")
ELEVEN_ROUNDS_GA = {1, 2, 3, 4, 5, 6, 7, 8, 9}
ELEVEN_ROUNDS_TABLE = {pid: GA_POINTS_11 if pid in ELEVEN_ROUNDS_GA else NONE_11 for pid, _, _ in ELEVEN_ROUNDS}


@pytest.mark.parametrize(
    ("players", "table"),
    [(NINE_ROUNDS, NINE_ROUNDS_TABLE), (ELEVEN_ROUNDS, ELEVEN_ROUNDS_TABLE)],
    ids=["9 rounds", "11 rounds"],
)
def test_virtual_points_of_every_player_before_every_round(players, table) -> None:
    total = len(players[0][2])
    for rnd in range(1, total + 1):
        state = accelerate(scripted_state(players, rnd), BAKU, edition="2017").state
        for p in state.players:
            assert state.acceleration(p.id, rnd) == table[p.id][rnd - 1], (rnd, p.id)
            # the whole row, every round 1..total, is filled: GA membership does not move
            assert dict(state.virtual_points)[p.id] == table[p.id], (rnd, p.id)
            assert state.pairing_score(p.id) == state.score(p.id) + table[p.id][rnd - 1]


def test_late_entries_keep_the_last_ga_player_and_ga_may_become_odd() -> None:
    """Rule 3 and its note 2: before round 3 of the 9-round table GA has seven players."""
    before = group_a(scripted_state(NINE_ROUNDS, 1))
    after = group_a(scripted_state(NINE_ROUNDS, 4))
    assert before == {1, 2, 3, 5, 6, 7}
    assert after == {1, 2, 3, 4, 5, 6, 7}
    assert len(after) % 2 == 1


def test_players_absent_from_round_one_are_in_the_list() -> None:
    """12 was registered before round 1 and absent from it (Z): he counts in N (ten players,
    not nine), as the endorsed engine's corpus counts every player of the file."""
    assert group_a_size(10) == 6 and group_a_size(9) == 6
    state = scripted_state([(pid, r, s) for pid, r, s in NINE_ROUNDS if pid not in (4, 11)], 1)
    assert len(state.players) == 10 and 12 in state.absent


@pytest.mark.parametrize(("players", "size"), [(161, 82), (160, 80), (8, 4), (9, 6), (1, 2), (0, 0)])
def test_ga_is_the_first_half_rounded_up_to_an_even_number(players: int, size: int) -> None:
    """Rule 2 and its note: 161 players, GA = 82 = 2 * ceil(161 / 4)."""
    assert group_a_size(players) == size


def test_nine_rounds_and_standard_scoring_give_no_warning() -> None:
    assert accelerate(scripted_state(NINE_ROUNDS, 1), BAKU, edition="2017").warnings == ()


def test_fewer_than_nine_rounds_is_warned_and_still_accelerated() -> None:
    """Rule 1: the method as presented is for nine rounds or more."""
    players = [(pid, rating, script[:7]) for pid, rating, script in NINE_ROUNDS]
    result = accelerate(scripted_state(players, 1), BAKU, edition="2017")
    assert any("9 rounds or more" in w and "has 7" in w for w in result.warnings)
    assert result.state.acceleration(1, 1) == 10


def test_non_standard_scoring_is_warned_and_the_points_stay_one_and_a_half() -> None:
    """Rule 1 names the standard scoring; rule 4 gives the points as 1 and 0.5."""
    football = Scoring(win=30, draw=10, pairing_bye=30, forfeit_win=30, full_bye=30, half_bye=10)
    result = accelerate(scripted_state(NINE_ROUNDS, 4, scoring=football), BAKU, edition="2017")
    assert any("standard scoring" in w for w in result.warnings)
    assert result.state.acceleration(1, 1) == 10 and result.state.acceleration(1, 4) == 5

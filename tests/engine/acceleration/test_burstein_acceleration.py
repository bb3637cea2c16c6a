"""The Burstein system's own acceleration, C.04.4.2 rule 3.3: an imaginary point for the top
half of the initial list in rounds 1 and 2, deducted before round 3."""

from __future__ import annotations

import pytest

from pairing.engine.acceleration import AccelerationSpec, accelerate
from pairing.engine.burstein.players import BursteinRound
from tests.engine.acceleration.scripted import points, scripted_state

BURSTEIN = AccelerationSpec("burstein")

# 9 rounds. Round 1: 3 is registered but absent (Z) and 6 not registered yet, so eight
# players have pairing numbers (C.04.2.C.3): the top half is 1, 2, 4, 5. Round 2: 3 and 6
# arrive, 10 asks for a half-point bye but has a number from round 1: ten numbered players,
# the top half 1-5. From round 3 nobody has the point.
NINE_ROUNDS = [
    (1, 2400, "1=1011=01"),
    (2, 2350, "0110=1=10"),
    (3, 2300, "Z1=0H11=0"),
    (4, 2250, "1101=01=0"),
    (5, 2200, "01=1011=0"),
    (6, 2150, ".101=1101"),
    (7, 2100, "=10110=11"),
    (8, 2050, "0011=0110"),
    (9, 2000, "10=0110=1"),
    (10, 1950, "1H100101="),
]
NINE_ROUNDS_TABLE = {
    1: points("1 1 0 0 0 0 0 0 0"),
    2: points("1 1 0 0 0 0 0 0 0"),
    3: points("0 1 0 0 0 0 0 0 0"),
    4: points("1 1 0 0 0 0 0 0 0"),
    5: points("1 1 0 0 0 0 0 0 0"),
    6: points("0 0 0 0 0 0 0 0 0"),
    7: points("0 0 0 0 0 0 0 0 0"),
    8: points("0 0 0 0 0 0 0 0 0"),
    9: points("0 0 0 0 0 0 0 0 0"),
    10: points("0 0 0 0 0 0 0 0 0"),
}

# 11 rounds, an odd list. Round 1: eleven players (1-11), the top half is 1 .. 11 // 2 = 5
# (decision: the odd player goes to the bottom half). Round 2: 12 enters, 5 withdrew after
# round 1 but keeps his number, twelve numbered players: the top half is 1-6. 6 lost his
# round-1 game by forfeit: a forfeited game still numbers him.
ELEVEN_ROUNDS = [
    (1, 2500, "1=1011=0110"),
    (2, 2450, "0110=1=10=1"),
    (3, 2400, "1=0H11=0110"),
    (4, 2350, "01=1011=0=1"),
    (5, 2300, "1__________"),
    (6, 2250, "-U01=1101=0"),
    (7, 2200, "=10110=1101"),
    (8, 2150, "0011=0110=1"),
    (9, 2100, "10=0110=101"),
    (10, 2050, "0110=1=10=1"),
    (11, 2000, "U=10110=101"),
    (12, 1950, ".0=01101=01"),
]
ELEVEN_ROUNDS_TABLE = {
    pid: points(("1 1" if pid <= 5 else "0 1" if pid == 6 else "0 0") + " 0" * 9) for pid, _, _ in ELEVEN_ROUNDS
}


@pytest.mark.parametrize(
    ("players", "table"),
    [(NINE_ROUNDS, NINE_ROUNDS_TABLE), (ELEVEN_ROUNDS, ELEVEN_ROUNDS_TABLE)],
    ids=["9 rounds", "11 rounds"],
)
def test_virtual_points_of_every_player_before_every_round(players, table) -> None:
    total = len(players[0][2])
    for rnd in range(1, total + 1):
        state = accelerate(scripted_state(players, rnd), BURSTEIN, edition="2017").state
        rows = dict(state.virtual_points)
        for p in state.players:
            assert state.acceleration(p.id, rnd) == table[p.id][rnd - 1], (rnd, p.id)
            # the rounds already paired are rebuilt exactly from the history
            assert rows[p.id][: rnd - 1] == table[p.id][: rnd - 1], (rnd, p.id)


@pytest.mark.parametrize("rnd", [1, 2, 3])
def test_the_burstein_engine_uses_the_same_rule(rnd: int) -> None:
    """One place for 3.3: the engine's own flag and the common layer give the same scores."""
    plain = scripted_state(NINE_ROUNDS, rnd)
    layered = accelerate(plain, BURSTEIN, edition="2017").state
    own = BursteinRound(plain, burstein_acceleration=True, edition="2017")
    assert own.score == {pid: layered.pairing_score(pid) for pid in own.ids}

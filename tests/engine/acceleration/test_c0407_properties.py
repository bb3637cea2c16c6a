"""Dutch 2026 and Dubov 2026 with the Baku method of C.04.7: the absolute criteria hold in
every round of generated tournaments.

Tournaments come from the project's generator (late entries, withdrawals, requested H/Z/F
byes, forfeits), 9 to 11 rounds so that C.04.7's accelerated rounds (ceil(R/2): 5 or 6)
differ from the seed edition's (always 5), each round paired through
``pair(state, system, "2026", PairingOptions("baku"))``: the production path, where
``pair`` hands the acceleration layer the 2026 edition. In every round:

- the independent checker under the 2026 basic rules finds no violation: no rematch
  (art. 2), nobody twice or left out, the PAB only for an odd number, at most once and
  never to one who already scored a win's points without playing (art. 4: a PAB, a forfeit
  win or a full-point bye), the colour limits (art. 6-7; Dutch topscorers and their
  opponents exempt in the last round, C.04.3 2026);
- the virtual points the round was paired on are C.04.7's: GA players carry a win's points
  in the first half of the accelerated rounds, half of them in the rest, nothing after;
- a refusal only where no pairing at all exists (brute force on small rounds);
- in round 1 each pairing-score group pairs within itself but for one floater per
  boundary, and the PAB goes to the lowest pairing score.
"""

from __future__ import annotations

import contextlib
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine import PairingOptions, pair
from pairing.engine.acceleration import AccelerationSpec, accelerate
from pairing.engine.acceleration.baku import group_a
from pairing.engine.acceleration.c0407 import accelerated_rounds, full_point_rounds
from pairing.engine.checker import check_pairing
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Outcome, Pairing, PairingError, TournamentState
from tests.engine.acceleration.test_accelerated_properties import (
    accelerated_tournament_config,
    check_round_one,
    colour_exempt,
)
from tests.engine.burstein.properties import independent_compatible
from tests.engine.burstein.swiss_builder import some_valid_pairing_exists

BAKU = AccelerationSpec("baku")
OPTIONS = PairingOptions("baku")
SYSTEMS = ("dutch", "dubov")


def pab_barred(state: TournamentState, pid: int) -> bool:
    """C.04.1 (2026) art. 4, read from the history alone."""
    return any(
        e.outcome is Outcome.PAIRING_BYE or (not e.played and state.scoring.points(e.outcome) >= state.scoring.win)
        for e in state.by_id[pid].history
    )


def expected_virtual_points(state: TournamentState, pid: int) -> int:
    """C.04.7 1.4 for the round being paired, computed here from the rule's words."""
    rnd, total = state.round_to_pair, state.total_rounds
    accelerated = math.ceil(total / 2)  # "the first half of the rounds, rounded up"
    if pid not in group_a(state) or rnd > accelerated:
        return 0
    return state.scoring.win if rnd <= math.ceil(accelerated / 2) else state.scoring.win // 2


class Run:
    def __init__(self, system: str, seed: int) -> None:
        self.system, self.seed, self.rounds = system, seed, 0

    def __call__(self, state: TournamentState) -> Pairing:
        accelerated = accelerate(state, BAKU, "2026").state
        for p in state.players:
            assert accelerated.acceleration(p.id, state.round_to_pair) == expected_virtual_points(state, p.id)
        assert accelerated_rounds(state.total_rounds) == math.ceil(state.total_rounds / 2)
        assert full_point_rounds(state.total_rounds) == math.ceil(accelerated_rounds(state.total_rounds) / 2)
        try:
            pairing = pair(state, self.system, "2026", OPTIONS)
        except PairingError:
            compatible = independent_compatible(accelerated, True)
            assert len(state.to_pair) <= 14, (self.seed, state.round_to_pair, "refused a big round")
            assert not some_valid_pairing_exists(accelerated, compatible, lambda p: not pab_barred(state, p))
            raise
        problems = check_pairing(
            state, pairing, colour_exempt=colour_exempt(state, pairing, self.system), edition="2026"
        )
        assert not problems, (self.seed, state.round_to_pair, [str(p) for p in problems])
        if pairing.bye is not None:
            assert len(state.to_pair) % 2 == 1
            assert not pab_barred(state, pairing.bye), (self.seed, state.round_to_pair, pairing.bye)
        else:
            assert len(state.to_pair) % 2 == 0
        if state.round_to_pair == 1:
            check_round_one(accelerated, pairing)
        self.rounds += 1
        return pairing


@pytest.mark.parametrize("system", SYSTEMS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(12, 40),
    rounds=st.sampled_from([9, 11]),
    draw_rate=st.sampled_from([0.1, 0.3, 0.5]),
)
def test_c0407_baku_tournaments_keep_the_absolute_criteria_every_round(
    system: str, seed: int, players: int, rounds: int, draw_rate: float
) -> None:
    config = accelerated_tournament_config(players, rounds, draw_rate, bye_rate=0.05)
    run = Run(system, seed)
    with contextlib.suppress(PairingError):  # a small field may run out of pairings: proved above
        generate(config, seed, run)
    assert run.rounds >= 1


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("rounds", [9, 11])
def test_a_larger_c0407_open_pairs_every_round(system: str, rounds: int) -> None:
    """60 players: every round is paired and checked."""
    config = GeneratorConfig(players=60, rounds=rounds, forfeit_rate=0.02, bye_rate=0.03, late_rate=0.05)
    run = Run(system, 2026)
    generate(config, 2026, run)
    assert run.rounds == rounds

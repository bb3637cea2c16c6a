"""Every system pairs accelerated tournaments, and the property checks hold on them.

Tournaments come from the project's generator (late entries, withdrawals, requested byes,
forfeits), 9 to 11 rounds, each round paired through ``pair(state, system, options)`` with
the acceleration named in the options, the production path: ``pair`` applies the layer and
the unchanged engine pairs on real + virtual points (C.04.5). In every round:

- the absolute rules of the system, judged by the independent checker: no rematch
  (C.04.1.b), nobody twice or left out, the PAB only for an odd number and at most once,
  never after a forfeit win (C.04.1.c/d; Burstein 4.1 also bars it after a full-point bye),
  the colour limits of C.04.1.f/g (Dutch topscorers and their opponents exempt in the last
  round, C.04.3 C.3; Lim relaxes them in the last round, rule 6);
- a refusal only where no pairing at all exists (proved by brute force on small rounds);
- in round 1, where nobody has a history, the virtual points are the only difference
  between players' scores: each score group pairs within itself but for one floater per
  group boundary at most, and the PAB goes to the lowest pairing score. Ignoring the
  acceleration would pair the top half against the bottom half instead.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine import PairingOptions, pair
from pairing.engine.acceleration import AccelerationError, AccelerationSpec, accelerate
from pairing.engine.acceleration.progressive import check_groups
from pairing.engine.acceleration.roster import round_one_list
from pairing.engine.checker import check_pairing, last_round_exemptions
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Outcome, Pairing, PairingError, Player, TournamentState
from tests.engine.burstein.properties import independent_compatible
from tests.engine.burstein.swiss_builder import some_valid_pairing_exists

PAB_BARRED = frozenset({Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN})  # C.04.1.d


@dataclass(frozen=True)
class System:
    name: str
    colours_in_last_round: bool  # are the colour limits absolute in the last round too?
    pab_barred: frozenset[Outcome] = PAB_BARRED


SYSTEMS = {
    "dutch": System("dutch", True),  # topscorers excepted (C.04.3 C.3), see colour_exempt
    "dubov": System("dubov", True),
    "burstein": System("burstein", True, PAB_BARRED | {Outcome.FULL_BYE}),  # 4.1
    "lim": System("lim", False),  # rule 6
}
CASES = [(s, m) for s in SYSTEMS for m in ("baku", "progressive")] + [("burstein", "burstein")]


def progressive_limits(players: tuple[Player, ...]) -> AccelerationSpec | None:
    """Limits that give groups A, B and C of about a third each (25%-50%, seed 004)."""
    ratings = sorted((p.rating for p in players), reverse=True)
    n = len(ratings)
    for k in range(n // 3, n // 2 + 1):  # group A: the first k
        for m in range(n // 3, n // 2 + 1):  # group C: the last m
            if k + m >= n:
                continue
            spec = AccelerationSpec("progressive", group_a_min=ratings[k - 1], group_c_below=ratings[n - m - 1])
            if check_groups(players, spec.group_a_min, spec.group_c_below) is None:
                return spec
    return None


def colour_exempt(state: TournamentState, pairing: Pairing, system: str) -> set[int]:
    """Dutch topscorers in the last round, and their opponents, who may be the ones to yield (E.2)."""
    top = last_round_exemptions(state, system)
    exempt = set(top)
    for board in pairing.boards:
        if board.white in top or board.black in top:
            exempt |= {board.white, board.black}
    return exempt


def check_round_one(state: TournamentState, pairing: Pairing) -> None:
    """Score groups by pairing score pair within themselves (one floater per boundary at most)."""
    score = {p.id: state.pairing_score(p.id) for p in state.to_pair}
    groups = len(set(score.values()))
    crossing = [b for b in pairing.boards if score[b.white] != score[b.black]]
    assert len(crossing) <= groups - 1, (groups, crossing)
    if pairing.bye is not None:
        assert score[pairing.bye] == min(score.values())


class Run:
    """Pairs one generated tournament with *system* and *method*, checking every round."""

    def __init__(self, system: System, method: str, seed: int) -> None:
        self.system, self.method, self.seed = system, method, seed
        self.spec: AccelerationSpec | None = None if method == "progressive" else AccelerationSpec(method)
        self.rounds = 0

    def __call__(self, state: TournamentState) -> Pairing:
        if self.spec is None:  # the arbiter sets the progressive limits before round 1
            self.spec = progressive_limits(round_one_list(state))
            assert self.spec is not None, "no limits give three groups of 25% to 50%"
        options = PairingOptions(self.method, self.spec.group_a_min, self.spec.group_c_below)
        colours = self.system.colours_in_last_round or not state.is_last_round
        try:
            pairing = pair(state, self.system.name, options=options)
        except AccelerationError:
            raise AssertionError(f"seed {self.seed}: the acceleration was refused") from None
        except PairingError:
            accelerated = accelerate(state, self.spec, edition="2017").state
            compatible = independent_compatible(accelerated, colours)

            def bye_allowed(pid: int) -> bool:
                return not any(e.outcome in self.system.pab_barred for e in state.by_id[pid].history)

            assert len(state.to_pair) <= 14, (self.seed, state.round_to_pair, "refused a big round")
            assert not some_valid_pairing_exists(accelerated, compatible, bye_allowed), self.seed
            raise
        problems = check_pairing(
            state,
            pairing,
            colours=colours,
            colour_exempt=colour_exempt(state, pairing, self.system.name),
            edition="2017",
        )
        assert not problems, (self.seed, state.round_to_pair, [str(p) for p in problems])
        if pairing.bye is not None:
            history = state.by_id[pairing.bye].history
            assert not any(e.outcome in self.system.pab_barred for e in history), (self.seed, pairing.bye)
        if state.round_to_pair == 1:
            check_round_one(accelerate(state, self.spec, edition="2017").state, pairing)
        self.rounds += 1
        return pairing


def accelerated_tournament_config(players: int, rounds: int, draw_rate: float, bye_rate: float) -> GeneratorConfig:
    """A generated tournament wide enough in ratings for every acceleration's groups, with
    at most players/2 + 1 rounds."""
    return GeneratorConfig(
        players=players,
        rounds=min(rounds, players // 2 + 1),
        draw_rate=draw_rate,
        forfeit_rate=0.03,
        bye_rate=bye_rate,
        withdraw_rate=0.02,
        late_rate=0.06,
        rating_low=1000,
        rating_high=2600,
    )


@pytest.mark.parametrize(("system", "method"), CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(12, 40),
    rounds=st.integers(9, 11),
    draw_rate=st.sampled_from([0.1, 0.3, 0.5]),
)
def test_accelerated_tournaments_keep_the_absolute_rules(
    system: str, method: str, seed: int, players: int, rounds: int, draw_rate: float
) -> None:
    config = accelerated_tournament_config(players, rounds, draw_rate, bye_rate=0.04)
    run = Run(SYSTEMS[system], method, seed)
    with contextlib.suppress(PairingError):  # a small field may run out of pairings: proved above
        generate(config, seed, run)
    assert run.rounds >= 1


@pytest.mark.parametrize(("system", "method"), CASES)
def test_a_larger_accelerated_open_pairs_every_round(system: str, method: str) -> None:
    """80 players, 9 rounds: every round is paired and checked."""
    config = GeneratorConfig(players=80, rounds=9, forfeit_rate=0.02, bye_rate=0.03, late_rate=0.05)
    run = Run(SYSTEMS[system], method, 2026)
    generate(config, 2026, run)
    assert run.rounds == 9

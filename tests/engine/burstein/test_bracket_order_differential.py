"""Burstein 2026 article 4: the engine, which skips the solves the latest matching
answers, pairs every round as the one-solve-per-BSN procedure (the oracle) does."""

from __future__ import annotations

import random

import pytest

from pairing.engine import pair
from pairing.engine.burstein import corrected
from pairing.engine.generator import greedy_history
from pairing.engine.state import PairingError
from tests.engine.oracles import burstein2026_reference


def _paired(state):
    try:
        return pair(state, "burstein", "2026")
    except PairingError as error:
        return str(error)


def _assert_paired_as_the_oracle_pairs(state, monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    new = _paired(state)
    with monkeypatch.context() as m:
        m.setattr(corrected, "pair_brackets", burstein2026_reference.pair_brackets)
        old = _paired(state)
    assert new == old, case


@pytest.mark.parametrize("block", range(4))
def test_the_engine_agrees_with_one_solve_per_bsn(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(block)
    for case in range(50):  # 200 tournaments in all
        seed = 50 * block + case + 1
        size = rng.randint(8, 48)
        rnd = rng.randint(4, 8)  # past the seeding rounds (total rounds: rnd + 2)
        state = greedy_history(size, rnd - 1, seed)
        _assert_paired_as_the_oracle_pairs(state, monkeypatch, f"seed {seed}, {size} players, round {rnd}")


@pytest.mark.slow
def test_the_engine_agrees_with_one_solve_per_bsn_on_brackets_longer_than_one_solve_settles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pairing.engine.burstein import brackets

    monkeypatch.setattr(brackets, "AHEAD", 3)  # chains of 3 BSNs: many solves per bracket
    rng = random.Random(99)
    for seed in range(1, 31):
        size = rng.randint(20, 90)
        rnd = rng.randint(4, 8)
        state = greedy_history(size, rnd - 1, seed)
        _assert_paired_as_the_oracle_pairs(state, monkeypatch, f"seed {seed}, {size} players, round {rnd}")

"""Burstein 2026 article 4 on the optimal face of [C4]-[C8] (docs/burstein.md, "Speed"):
the chain solves on the tight pairs, with the face's blossoms for [C5]-[C8] and the pairs
without a bonus certified by the duals, pair every round as the whole solve and as the
one-solve-per-BSN oracle do."""

from __future__ import annotations

import dataclasses
import random

import pytest

from pairing.engine import pair
from pairing.engine.burstein import brackets, corrected
from pairing.engine.generator import greedy_history
from pairing.engine.state import PairingError
from tests.engine.oracles import burstein2026_reference


def _paired(state):
    try:
        return pair(state, "burstein", "2026")
    except PairingError as error:
        return str(error)


@pytest.mark.parametrize("block", range(2))
def test_the_face_pairs_as_the_whole_solve_and_the_oracle(block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # One pair per player at first and chains of 3 BSNs: many certification rounds and
    # many solves on one face per bracket.
    monkeypatch.setattr(brackets, "CORE_PER_PLAYER", 1)
    monkeypatch.setattr(brackets, "CORE_PER_KIND", 1)
    monkeypatch.setattr(brackets, "BELOW_PER_PLAYER", 1)
    monkeypatch.setattr(brackets, "AHEAD", 3)
    faces = []
    original = brackets.Bracket._optimal_face

    def recorded(self, gone, floats):
        face = original(self, gone, floats)
        faces.append(face)
        return face

    rng = random.Random(block)
    for case in range(10):
        seed = 10 * block + case + 1
        size = rng.randint(30, 110)
        rnd = rng.randint(4, 8)  # past the seeding rounds (total rounds: rnd + 2)
        state = greedy_history(size, rnd - 1, seed)
        with monkeypatch.context() as m:
            m.setattr(brackets.Bracket, "_optimal_face", recorded)
            new = _paired(state)
        with monkeypatch.context() as m:
            # As when a blossom of positive dual holds a player below: [C5]-[C8]'s own weights.
            m.setattr(
                brackets.Bracket,
                "_optimal_face",
                lambda self, gone, floats: dataclasses.replace(original(self, gone, floats), admits_below=None),
            )
            own_weights = _paired(state)
        with monkeypatch.context() as m:
            m.setattr(brackets.Bracket, "_strict_order", lambda self, chain: False)
            whole = _paired(state)
        with monkeypatch.context() as m:
            m.setattr(corrected, "pair_brackets", burstein2026_reference.pair_brackets)
            oracle = _paired(state)
        assert new == own_weights == whole == oracle, f"seed {seed}, {size} players, round {rnd}"
    assert faces, "the face was used"

"""Burstein 2026's checks of the pairs left out of a solve, compiled and in Python
(docs/burstein.md, "Speed"): the pairs below that the duals name (``negative_pairs``
against the bracket's own loop), and whole rounds paired alike with and without the
compiled solver."""

from __future__ import annotations

import random

import pytest

from pairing.engine import matching, pair
from pairing.engine.burstein import brackets
from pairing.engine.generator import greedy_history
from pairing.engine.state import PairingError

pytestmark = pytest.mark.skipif(matching.compiled is None, reason="the compiled solver is not built (make solver)")


def _paired(state):
    try:
        return pair(state, "burstein", "2026")
    except PairingError as error:
        return str(error)


def test_the_pairs_below_named_by_the_duals_have_a_python_twin(monkeypatch: pytest.MonkeyPatch) -> None:
    # One pair below per player at first: the duals name many more.
    monkeypatch.setattr(brackets, "BELOW_PER_PLAYER", 1)
    named = []
    compiled_check = brackets.Bracket._slack_below

    def both(self, *args):
        found = compiled_check(self, *args)
        assert found == self._slack_below_python(*args)
        named.append(len(found))
        return found

    monkeypatch.setattr(brackets.Bracket, "_slack_below", both)
    rng = random.Random(7)
    for seed in range(1, 9):
        _paired(greedy_history(rng.randint(40, 300), 5, seed))
    assert sum(1 for n in named if n) > 10, "the duals named pairs below"


def test_rounds_pair_alike_without_the_compiled_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    for seed in range(1, 5):
        state = greedy_history(rng.randint(30, 90), rng.randint(3, 6), seed)
        compiled = _paired(state)
        with monkeypatch.context() as m:
            m.setattr(matching, "compiled", None)
            python = _paired(state)
        assert compiled == python, f"seed {seed}"

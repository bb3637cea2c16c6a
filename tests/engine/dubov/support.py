"""Shared helpers of the Dubov tests: fixtures, replaying a TRF, comparing pairings."""

from __future__ import annotations

import json
from pathlib import Path

from pairing.engine import pair
from pairing.engine.state import Pairing, TournamentState

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "trf"
SEED = FIXTURES / "dubov-seed-example.trf"


def dubov(state: TournamentState) -> Pairing:
    """The Dubov pairing as published: boards in C.04.2.D.9 order."""
    return pair(state, "dubov")


def expected_pairings() -> dict[int, list[list[int]]]:
    data = json.loads((FIXTURES / "expected-pairings.json").read_text())["dubov-seed-example.trf"]
    return {int(r): sorted(rows) for r, rows in data.items()}


def expected_aros() -> dict[int, dict[int, int]]:
    data = json.loads((FIXTURES / "expected-aro.json").read_text())["dubov-seed-example.trf"]
    return {int(r): {int(p): v for p, v in table.items()} for r, table in data.items()}


def rows(pairing: Pairing) -> list[list[int]]:
    """``[white, black]`` per board and ``[bye, 0]``, sorted: the form of expected-pairings.json."""
    out = [[b.white, b.black] for b in pairing.boards]
    if pairing.bye is not None:
        out.append([pairing.bye, 0])
    return sorted(out)

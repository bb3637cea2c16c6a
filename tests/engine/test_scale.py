"""Round 1 of a 5,000-player field in every system and edition: paired, without error,
every player once (no recursion limit, no quadratic memory). Run by default in CI; the
benchmark (bench/pairing_speed.py) measures the later rounds."""

from __future__ import annotations

import time

import pytest

from pairing.engine import SYSTEMS, editions, pair
from pairing.engine.generator import greedy_history
from pairing.engine.state import TournamentState

PLAYERS = 5000
BUDGET_SECONDS = 30  # issue budget for a round of 5,000 players; generous against slow CI


@pytest.fixture(scope="module")
def field() -> TournamentState:
    return greedy_history(PLAYERS, 0, 1)


@pytest.mark.slow
@pytest.mark.parametrize(("system", "edition"), [(s, e) for s in SYSTEMS for e in editions(s)])
def test_round_one_of_five_thousand_players(field: TournamentState, system: str, edition: str) -> None:
    start = time.perf_counter()
    pairing = pair(field, system, edition)
    elapsed = time.perf_counter() - start
    present = {p.id for p in field.to_pair}
    seated = [pid for b in pairing.boards for pid in (b.white, b.black)] + [pairing.bye] * (pairing.bye is not None)
    assert sorted(seated) == sorted(present)
    assert len(pairing.boards) == len(present) // 2
    assert elapsed < 3 * BUDGET_SECONDS, f"{system} {edition}: {elapsed:.1f} s"

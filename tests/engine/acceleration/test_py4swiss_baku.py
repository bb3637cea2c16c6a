"""Dutch with the Baku acceleration (C.04.5.1) against py4swiss on freshly generated
tournaments: 100 by default, generated at every run from fixed seeds, every round compared.

py4swiss reads XXA and reproduces the reference engine of ../shared/corpus/dutch-2017-baku
but for E.5 with late entries (it uses the final pairing numbers; the reference and we use
the effective ones, C.04.2.C.3): those differences are expected, checked board by board in
py4swiss_baku.e5_parity_only, and counted. So is py4swiss's PAB against C.7, checked
criterion by criterion in py4swiss_baku.c7_pab, every case seen a named test in
test_py4swiss_baku_verdicts.py. Any other difference fails the test until it is traced.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("py4swiss")

from pairing.engine import pair
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round
from tests.engine.acceleration.py4swiss_baku import LATE_ENTRIES, OTHER, PAB_C7, c7_pab, compare, py4swiss_rows, rows
from tests.engine.acceleration.test_py4swiss_baku_verdicts import C7_FIXTURES

TOURNAMENTS = int(os.environ.get("PY4SWISS_BAKU_TOURNAMENTS", "100"))
SEED = int(os.environ.get("PY4SWISS_BAKU_SEED", "5000"))
CHUNKS = 4


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_generated_baku_tournaments_agree_with_py4swiss(chunk: int) -> None:
    unexplained = []
    complete = 0
    for seed in range(SEED + chunk, SEED + TOURNAMENTS, CHUNKS):
        rounds, differences = compare(seed)
        complete += rounds > 0
        unexplained += [(seed, *d) for d in differences if d[1] == OTHER]
    assert unexplained == []
    assert complete >= len(range(SEED + chunk, SEED + TOURNAMENTS, CHUNKS)) - 2  # nearly every seed pairs to the end


def test_late_entries_are_the_known_e5_difference() -> None:
    """Seed 5002: late entrants change the effective numbers of round 1 (E.5), same pairs."""
    _, differences = compare(5002)
    assert [d[:2] for d in differences] == [(1, LATE_ENTRIES)]


def test_c7_is_found_in_the_sample() -> None:
    """Seed 5038: round 1 is E.5 (a late entrant), round 5 the C.7 case of the 100 seeds."""
    _, differences = compare(5038)
    assert [d[:2] for d in differences] == [(1, LATE_ENTRIES), (5, PAB_C7)]


@pytest.mark.parametrize("key", sorted(C7_FIXTURES), ids=lambda k: f"seed{k[0]}-round{k[1]}")
def test_py4swiss_still_gives_the_c7_fixtures_another_pab(key: tuple[int, int]) -> None:
    """Each verdict fixture is still a difference of that kind (else the verdict is stale)."""
    path = C7_FIXTURES[key]
    state = state_for_round(read_trf(path))
    ours, theirs = rows(pair(state, "dutch")), py4swiss_rows(path.read_text())
    assert ours != theirs
    assert c7_pab(state, ours, theirs)

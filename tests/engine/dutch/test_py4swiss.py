"""Fresh tournaments from our generator, every round compared with py4swiss.

py4swiss reproduces the reference engine but for E.5 with late entries (it uses the
final pairing numbers; we and the reference use the effective ones, C.04.2.C.3):
those differences are expected; any other is a failure to trace to its rule.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pytest.importorskip("py4swiss")
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))

from compare_py4swiss import LATE_ENTRIES, compare

TOURNAMENTS = int(os.environ.get("PY4SWISS_TOURNAMENTS", "200"))
# Differences adjudicated against the rule text, each a named test in
# test_py4swiss_verdicts.py: (seed, round) -> the rule that decides for us.
ADJUDICATED = {(1049, 10): "C.13", (1135, 7): "C.11", (1196, 7): "C.7"}
SEED = int(os.environ.get("PY4SWISS_SEED", "1000"))


@pytest.mark.parametrize("chunk", range(8))
def test_generated_tournaments_agree_with_py4swiss(chunk: int) -> None:
    unexplained = []
    for seed in range(SEED + chunk, SEED + TOURNAMENTS, 8):
        _, differences = compare(seed)
        unexplained += [(seed, *d) for d in differences if d[1] != LATE_ENTRIES and (seed, d[0]) not in ADJUDICATED]
    assert unexplained == []


def test_late_entries_are_the_known_e5_difference() -> None:
    """Seed 3: two late entrants change the effective numbers of round 1 (E.5)."""
    _, differences = compare(3)
    assert [d[:2] for d in differences] == [(1, LATE_ENTRIES)]

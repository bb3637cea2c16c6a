"""CI's sample of the acceptance run (tools/acceptance.py): 100 small tournaments of each system
in its 2026 edition, both ways against its witness, every differing round of a kind adjudicated
from the text, and the standings of every generated tournament verified.

Witnesses: gacrux for the Dutch system, py4swiss for Dubov and Burstein; Lim has none on PyPI,
so its tournaments go through the project's own checker (generation, re-pairing, standings).
The full runs and their figures are in docs/fide-acceptance.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import acceptance

SAMPLE = 100
BASE_SEED = int(os.environ.get("ACCEPTANCE_SEED", "20260201"))


@pytest.mark.slow
@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein", "lim"])
def test_a_sample_of_the_acceptance_run(system: str) -> None:
    pytest.importorskip({"dutch": "gacrux", "dubov": "py4swiss", "burstein": "py4swiss", "lim": "pairing"}[system])
    settings = acceptance.Settings(
        system=system,
        edition="2026",
        witness=acceptance.DEFAULT_WITNESS[system],
        max_players=12,
        max_rounds=5,
    )
    outcomes = acceptance.run(settings, range(BASE_SEED, BASE_SEED + SAMPLE))
    lines, explained = acceptance.summary(settings, outcomes)
    generated = sum(o.tournaments["ours"] for o in outcomes)
    assert generated >= SAMPLE - 2, lines  # a field may run out of pairings five times over: very rare
    assert sum(o.tournaments["theirs"] for o in outcomes) >= SAMPLE - 5, lines
    assert sum(o.standings_checked for o in outcomes) == generated
    assert explained, "\n".join(lines)

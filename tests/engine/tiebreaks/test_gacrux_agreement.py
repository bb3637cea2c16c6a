"""Every tie-break value, and the ranks of the preset lists, agree with gacrux (the FIDE
technical commission's checker) on every player: the seed vectors, and tournaments the
generator pairs afresh at each run (byes, forfeits, withdrawals, late entries), in both
C.07 editions. ``TIEBREAK_SEED`` picks another set of tournaments."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

pytest.importorskip("gacrux")

from pairing.engine.trf import read_trf
from tools.compare_gacrux import compare
from tools.compare_gacrux import generated as _generated

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "trf"
VECTORS = sorted(FIXTURES.glob("*.trf"))
GENERATED = 50
BASE_SEED = int(os.environ.get("TIEBREAK_SEED", "20240801"))
generated = functools.lru_cache(maxsize=None)(_generated)


@pytest.mark.parametrize("edition", ["2024", "2026"])
@pytest.mark.parametrize("path", VECTORS, ids=[p.stem for p in VECTORS])
def test_seed_vectors_agree_on_every_player(path: Path, edition: str) -> None:
    _, diffs = compare(read_trf(path), edition)
    assert diffs == []


@pytest.mark.parametrize("k", range(GENERATED))
def test_generated_tournaments_agree_on_every_player(k: int) -> None:
    t = generated(BASE_SEED + k, k)
    for edition in ("2024", "2026"):
        agree, diffs = compare(t, edition)
        assert diffs == [], f"seed {BASE_SEED + k}"
        assert agree["BH/C1"] == len(t.players)


def test_the_generated_tournaments_exercise_every_kind_of_unplayed_round() -> None:
    codes = set()
    for k in range(GENERATED):
        for p in generated(BASE_SEED + k, k).players:
            codes |= {(b.opponent is None, b.result) for b in p.rounds}
    # PAB, requested H/Z/F byes (also absences, late entries, withdrawals), forfeits both ways
    assert {(True, "U"), (True, "H"), (True, "Z"), (False, "+"), (False, "-")} <= codes


@pytest.mark.parametrize("k", range(0, GENERATED, 5))
def test_standings_after_every_round_agree(k: int) -> None:
    t = generated(BASE_SEED + k, k)
    for after in range(1, t.rounds_in_file):
        for edition in ("2024", "2026"):
            _, diffs = compare(t, edition, after)
            assert diffs == [], f"seed {BASE_SEED + k}, after round {after}"

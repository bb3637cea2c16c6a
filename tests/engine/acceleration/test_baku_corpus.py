"""The Baku corpus (../shared/corpus/dutch-2017-baku: Dutch with C.04.5.1, paired by an
independent FIDE-endorsed engine, the virtual points given as XXA lines), both ways.

The sample in tests/fixtures carries 11 files so the suite needs no ../shared; every round
of it is paired both reading XXA and with XXA removed and the acceleration computed. When
../shared is there, the computed points of all 60 files are checked against their XXA lines
for every player and round: equal inputs, so the pairings are the same both ways. The full
replay of the 606 rounds (minutes, not seconds) runs with ACCELERATION_CORPUS=full, or as
``python -m tests.engine.acceleration.corpus``.
"""

from __future__ import annotations

import os

import pytest

from pairing.engine.trf import read_trf
from tests.engine.acceleration.corpus import FIXTURES, SHARED, computed_points_differ, disagreements

SAMPLE = sorted(FIXTURES.glob("*.trf"))
FULL = sorted(SHARED.glob("*.trf")) if SHARED.is_dir() else []
FULL_REPLAY = os.environ.get("ACCELERATION_CORPUS") == "full"


def test_the_sample_is_there() -> None:
    assert len(SAMPLE) >= 11


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_every_round_agrees_with_the_xxa_lines_removed_and_baku_computed(path) -> None:
    assert disagreements(path, computed=True) == []


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_every_round_agrees_reading_the_xxa_lines(path) -> None:
    assert disagreements(path, computed=False) == []


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_computed_points_are_the_xxa_lines(path) -> None:
    assert computed_points_differ(read_trf(path)) == []


@pytest.mark.skipif(not FULL, reason="../shared/corpus/dutch-2017-baku is not beside the project")
@pytest.mark.parametrize("path", FULL, ids=lambda p: p.stem)
def test_computed_points_are_the_xxa_lines_of_the_whole_corpus(path) -> None:
    assert computed_points_differ(read_trf(path)) == []


@pytest.mark.skipif(not (FULL and FULL_REPLAY), reason="full replay: set ACCELERATION_CORPUS=full")
@pytest.mark.parametrize("path", FULL, ids=lambda p: p.stem)
def test_every_round_of_the_whole_corpus_agrees_both_ways(path) -> None:
    assert disagreements(path, computed=False) == []
    assert disagreements(path, computed=True) == []

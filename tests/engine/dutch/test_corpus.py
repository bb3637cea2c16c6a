"""The Dutch engine against tournaments paired by an independent FIDE-endorsed engine.

tests/fixtures/trf/corpus/dutch-2017 holds a sample of ../shared/corpus/dutch-2017 spread
over its sizes (7 to about 150 players), so the suite needs no ../shared; the
whole corpus is replayed by tools/replay_corpus.py. tests/fixtures/trf/corpus/dutch-2026
does the same for ../shared/corpus/dutch-2026, paired by the reference engine's 2026
release: 41 tournaments of 7 to about 150 players, every sixth by size and the ones
the rule tests of test_edition_2026.py quote.
"""

from __future__ import annotations

import pytest

from tests.engine.dutch.replay import FIXTURES, disagreements

CORPUS = sorted((FIXTURES / "trf" / "corpus" / "dutch-2017").glob("*.trf"))
CORPUS_2026 = sorted((FIXTURES / "trf" / "corpus" / "dutch-2026").glob("*.trf"))
# Paired with the Baku acceleration (C.04.5.1), given to the engine as XXA lines.
ACCELERATED = sorted((FIXTURES / "trf" / "corpus" / "dutch-2017-baku").glob("*.trf"))


def test_the_sample_is_there() -> None:
    assert len(CORPUS) >= 25
    assert len(CORPUS_2026) >= 40


@pytest.mark.parametrize("path", CORPUS_2026, ids=lambda p: p.stem)
def test_every_round_matches_the_reference_engine_2026_release(path) -> None:
    assert disagreements(path, edition="2026") == []


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_every_round_matches_the_reference_engine(path) -> None:
    assert disagreements(path) == []


@pytest.mark.parametrize("path", ACCELERATED, ids=lambda p: p.stem)
def test_every_accelerated_round_matches_reading_the_xxa_lines(path) -> None:
    assert disagreements(path) == []

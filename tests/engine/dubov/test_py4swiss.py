"""A bounded sample of the py4swiss differential run (the full run is the script
py4swiss_compare.py, 300 tournaments): every differing round must fall in a category
that test_py4swiss_verdicts.py adjudicates."""

from __future__ import annotations

import os

import pytest

from pairing.engine.common.editions import EDITION_2017

pytest.importorskip("py4swiss")

from tests.engine.dubov.py4swiss_categories import OTHER
from tests.engine.dubov.py4swiss_compare import compare
from tests.engine.py4swiss_differential import unexplained_differences

TOURNAMENTS = int(os.environ.get("DUBOV_PY4SWISS_TOURNAMENTS", "30"))
SEED = int(os.environ.get("DUBOV_PY4SWISS_SEED", "1000"))


@pytest.mark.parametrize("chunk", range(3))
def test_generated_tournaments_differ_from_py4swiss_only_by_adjudicated_readings(chunk: int) -> None:
    seeds = range(SEED + chunk, SEED + TOURNAMENTS, 3)
    unexplained, compared = unexplained_differences(compare, seeds, EDITION_2017, OTHER)
    assert unexplained == []
    assert compared > 0

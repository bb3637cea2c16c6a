"""The database adapter and the TRF adapter give the engines the same tournament.

A file imported into the database, then read back by pairing.adapter, must give
for every round the state that pairing.engine.trf.state reads from the file itself.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing import adapter
from pairing.engine.trf import read_trf
from pairing.engine.trf import state as trf_state
from tourney.models import Round
from tourney.services.imports import import_tournament

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
SAMPLE = sorted(FIXTURES.glob("*.trf")) + sorted((FIXTURES / "corpus" / "dutch-2017").glob("*.trf"))[:8]


def _view(state) -> tuple:
    return (
        state.total_rounds,
        state.round_to_pair,
        state.initial_colour,
        state.scoring,
        tuple((p.id, p.rating, p.history) for p in state.players),
        state.absent,
        state.adjustments,
    )


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_every_round_reads_the_same_from_the_database_and_from_the_file(path: Path) -> None:
    trf = read_trf(path)
    tournament = import_tournament(trf)
    for rnd in Round.objects.filter(tournament=tournament).order_by("number"):
        assert _view(adapter.state_for_round(rnd)) == _view(trf_state.state_for_round(trf, rnd.number)), rnd


def test_record_299_points_reach_the_pairing_state_and_the_standings_from_the_database() -> None:
    from tests.engine.trf.test_abnormal_points import tournament as with_records

    trf = with_records("299          -1.0  001    1", "299 D         0.5  002    3", "299           0.5  999    4")
    tournament = import_tournament(trf)
    rnd = Round.objects.get(tournament=tournament, number=2)
    assert adapter.state_for_round(rnd).adjustments == trf_state.state_for_round(trf, 2).adjustments
    after = adapter.state_after(tournament, 2)
    assert after.adjustments == trf_state.state_for_round(trf, 3).adjustments
    assert (after.score(1), after.score(3)) == (5, 5)


def test_the_export_writes_record_299_points_in_the_points_column() -> None:
    from tests.engine.trf.test_abnormal_points import tournament as with_records
    from tourney.trf_io import export_tournament

    tournament = import_tournament(with_records("299          -1.0  001    1"))
    exported = {p.start: p.points for p in export_tournament(tournament).players}
    assert exported[1] == 5  # 1.5 over the board, less the penalty
    assert exported[2] == 15

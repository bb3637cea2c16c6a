"""End to end: a TRF cut before round r, imported, paired by pairing.job,
gives the round the worked example records (C.04.3, seed 002)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing import adapter
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import cut, recorded_pairing
from pairing.job import pair_round
from tourney.models import Bye, ByeKind, Round, RoundStatus
from tourney.services.imports import import_tournament

pytestmark = pytest.mark.django_db
SEED = Path(__file__).resolve().parents[1] / "fixtures" / "trf" / "dutch-seed-example.trf"


@pytest.mark.parametrize("number", range(1, 7))
def test_the_service_pairs_each_round_of_the_worked_example_as_recorded(number: int) -> None:
    trf = read_trf(SEED)
    tournament = import_tournament(cut(trf, number))
    rnd, _ = Round.objects.get_or_create(tournament=tournament, number=number)
    assert rnd.status == RoundStatus.DRAFT

    pair_round(round_id=rnd.pk)

    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
    expected = recorded_pairing(trf, number, adapter.pairing_edition(tournament))
    boards = [(g.white.pairing_number, g.black.pairing_number) for g in rnd.games.order_by("board")]
    assert boards == [(b.white, b.black) for b in expected.boards]
    pab = Bye.objects.filter(round=rnd, kind=ByeKind.PAIRING_ALLOCATED).first()
    assert (pab.player.pairing_number if pab else None) == expected.bye

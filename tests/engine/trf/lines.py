"""What the TRF tests share: the fixture files, a player record, the error a text raises."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.engine.trf import TrfError, parse_trf

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "trf"
ALL_FIXTURES = sorted(FIXTURES.glob("*.trf")) + sorted(FIXTURES.glob("corpus/*/*.trf"))
SEED = FIXTURES / "dutch-seed-example.trf"


def fixture_name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def player_record(start: int, blocks: str = "", points: str = " 0.0") -> str:
    head = f"001 {start:4d} m    Player {start:<26} 2000 ITA     1234567 2000/01/01 {points} {start:4d}"
    return head + blocks


def trf_error(text: str) -> TrfError:
    with pytest.raises(TrfError) as info:
        parse_trf(text)
    return info.value

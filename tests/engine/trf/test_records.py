"""The record types: what the XXS scoring items resolve to."""

from __future__ import annotations

from pairing.engine.trf import resolve_xxs


def test_xxs_shortcuts_apply_in_order() -> None:
    # JaVaFo AUM: the later item overrides the earlier one.
    later = resolve_xxs((("PAB", 30), ("FPB", 0), ("W", 30)))
    assert later["FPB"] == 30 and later["WW"] == 30 and later["PAB"] == 30
    earlier = resolve_xxs((("W", 30), ("FPB", 0)))
    assert earlier["FPB"] == 0 and earlier["FW"] == 30
    assert resolve_xxs(())["PAB"] == 10

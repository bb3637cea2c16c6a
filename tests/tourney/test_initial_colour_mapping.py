"""The tournament's initial colour (C.04.2.E; C.04.3 E.5) is mapped between the model and
the engine in one place, pairing.adapter."""

from __future__ import annotations

import re
from pathlib import Path

from pairing import adapter
from pairing.engine.state import Colour
from tourney.models import InitialColour

ROOT = Path(__file__).resolve().parents[2]


def test_the_mapping_goes_both_ways() -> None:
    for colour in Colour:
        assert adapter.engine_initial_colour(adapter.INITIAL_COLOUR_OF[colour]) is colour
    assert adapter.INITIAL_COLOUR_OF == {Colour.WHITE: InitialColour.WHITE, Colour.BLACK: InitialColour.BLACK}
    # Not drawn yet: the engine's default until the lot is drawn before round 1.
    assert adapter.engine_initial_colour(InitialColour.UNDRAWN) is Colour.WHITE


def test_no_other_module_spells_the_mapping() -> None:
    spelled = re.compile(
        r"InitialColour\.(WHITE|BLACK) if [^\n]*\bColour\.|\bColour\.(WHITE|BLACK) if [^\n]*InitialColour\."
        r"|\bColour\.(WHITE|BLACK): InitialColour\."
    )
    offenders = [
        p.name
        for p in [*(ROOT / "tourney").rglob("*.py"), *(ROOT / "pairing").glob("*.py")]
        if p.name != "adapter.py" and spelled.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == []

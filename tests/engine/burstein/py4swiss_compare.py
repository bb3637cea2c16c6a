"""Differential comparison of the Burstein engine with py4swiss on generated tournaments.

py4swiss implements the 2026 Burstein text (C.04.4.2 effective from 1 February 2026).
Each tournament is generated, and so paired, by our engine in the chosen edition
(``--edition 2026`` by default; the seed edition follows another text and is compared
only for the record); every round is cut and given to py4swiss, and each differing
round is put in a category (py4swiss_categories), every one adjudicated from the text
by a named test in test_edition_2026.py.

    .venv/bin/python -m tests.engine.burstein.py4swiss_compare --tournaments 300 --seed 1
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))

from compare_py4swiss import py4swiss_rows, rows  # the Dutch comparison's glue

from pairing.engine import pair
from pairing.engine.common.editions import EDITION_2026
from pairing.engine.generator import generate
from pairing.engine.state import PairingError
from pairing.engine.trf import write_trf
from pairing.engine.trf.state import cut, recorded_pairing, state_for_round
from tests.engine.burstein.py4swiss_categories import OTHER, categorise
from tests.engine.py4swiss_differential import run_comparison, tournament_config


def compare(seed: int, edition: str = EDITION_2026) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its category and detail."""
    config = tournament_config(seed)
    try:
        tournament = generate(config, seed, lambda state: pair(state, "burstein", edition))
    except PairingError:
        return 0, []
    out = []
    for rnd in range(1, config.rounds + 1):
        ours = rows(recorded_pairing(tournament, rnd))
        before = cut(tournament, rnd)
        theirs = py4swiss_rows(write_trf(before), "burstein")
        if ours != theirs:
            state = state_for_round(tournament, rnd)
            written = {p.start: p.points for p in before.players if p.points is not None}
            detail = f"ours-only {sorted(ours - theirs)} py4swiss-only {sorted(theirs - ours)}"
            out.append((rnd, categorise(state, ours, theirs, edition, written), detail))
    return config.rounds, out


def main() -> int:
    return run_comparison(__doc__, compare, OTHER, tournaments=300, edition=EDITION_2026)


if __name__ == "__main__":
    sys.exit(main())

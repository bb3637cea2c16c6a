"""Differential comparison of the Dubov engine with py4swiss on generated tournaments.

py4swiss implements the 2026 re-issue of the Dubov rules (C.04.4.1 effective from
1 February 2026). Each tournament is generated, and so paired, by our engine in the
chosen edition (``--edition 2017``, the 2018 Batumi text, or ``--edition 2026``); every
round is cut and given to py4swiss, and each differing round is put in a category (see
py4swiss_categories), every one adjudicated against the text by a named test
(test_py4swiss_verdicts.py for 2017, test_edition_2026.py for 2026).

    .venv/bin/python -m tests.engine.dubov.py4swiss_compare --tournaments 320 --seed 1
    .venv/bin/python -m tests.engine.dubov.py4swiss_compare --edition 2026 --tournaments 300
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))

from compare_py4swiss import py4swiss_rows, rows  # the Dutch comparison's glue

from pairing.engine import pair
from pairing.engine.common.editions import EDITION_2017
from pairing.engine.generator import generate
from pairing.engine.state import PairingError
from pairing.engine.trf import write_trf
from pairing.engine.trf.state import cut, recorded_pairing, state_for_round
from tests.engine.py4swiss_differential import run_comparison, tournament_config

OTHER = "other (unexplained)"


def compare(seed: int, edition: str = EDITION_2017) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its category and detail."""
    config = tournament_config(seed)
    try:
        tournament = generate(config, seed, lambda state: pair(state, "dubov", edition))
    except PairingError:
        return 0, []
    out = []
    for rnd in range(1, config.rounds + 1):
        ours = rows(recorded_pairing(tournament, rnd))
        theirs = py4swiss_rows(write_trf(cut(tournament, rnd)), "dubov")
        if ours != theirs:
            from tests.engine.dubov.py4swiss_categories import categorise

            state = state_for_round(tournament, rnd)
            out.append(
                (
                    rnd,
                    categorise(state, ours, theirs, edition),
                    f"ours-only {sorted(ours - theirs)} py4swiss-only {sorted(theirs - ours)}",
                )
            )
    return config.rounds, out


def main() -> int:
    return run_comparison(__doc__, compare, OTHER, tournaments=320, edition=EDITION_2017)


if __name__ == "__main__":
    sys.exit(main())

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

from pairing.engine.common.editions import EDITION_2017
from pairing.engine.state import TournamentState
from pairing.engine.trf import TrfTournament
from tests.engine.py4swiss_differential import Rows, compare_with_py4swiss, run_comparison

OTHER = "other (unexplained)"


def compare(seed: int, edition: str = EDITION_2017) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its category and detail."""

    def categorise_round(before: TrfTournament, state: TournamentState, ours: Rows, theirs: Rows) -> str:
        from tests.engine.dubov.py4swiss_categories import categorise

        return categorise(state, ours, theirs, edition)

    return compare_with_py4swiss(seed, "dubov", edition, categorise_round)


def main() -> int:
    return run_comparison(__doc__, compare, OTHER, tournaments=320, edition=EDITION_2017)


if __name__ == "__main__":
    sys.exit(main())

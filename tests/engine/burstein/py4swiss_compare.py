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

from pairing.engine.common.editions import EDITION_2026
from pairing.engine.state import TournamentState
from pairing.engine.trf import TrfTournament
from tests.engine.burstein.py4swiss_categories import OTHER, categorise
from tests.engine.py4swiss_differential import Rows, compare_with_py4swiss, run_comparison


def compare(seed: int, edition: str = EDITION_2026) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its category and detail."""

    def categorise_round(before: TrfTournament, state: TournamentState, ours: Rows, theirs: Rows) -> str:
        written = {p.start: p.points for p in before.players if p.points is not None}
        return categorise(state, ours, theirs, edition, written)

    return compare_with_py4swiss(seed, "burstein", edition, categorise_round)


def main() -> int:
    return run_comparison(__doc__, compare, OTHER, tournaments=300, edition=EDITION_2026)


if __name__ == "__main__":
    sys.exit(main())

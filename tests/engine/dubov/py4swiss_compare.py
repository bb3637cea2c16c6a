"""Differential comparison of the Dubov engine with py4swiss on generated tournaments.

py4swiss implements the 2026 re-issue of the Dubov rules (C.04.4.1 effective from
1 February 2026); we implement the 2018 text (Batumi). Each tournament is generated,
and so paired, by our engine; every round is cut and given to py4swiss, and each
differing round is put in a category (see CATEGORIES), every one adjudicated against
the 2018 text by a named test in test_py4swiss_verdicts.py.

    .venv/bin/python -m tests.engine.dubov.py4swiss_compare --tournaments 320 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))

from compare_py4swiss import py4swiss_rows, rows, summarise  # the Dutch comparison's glue

from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import PairingError
from pairing.engine.trf import write_trf
from pairing.engine.trf.state import cut, recorded_pairing, state_for_round
from tests.engine.dubov.support import dubov

OTHER = "other (unexplained)"


def tournament_config(seed: int) -> GeneratorConfig:
    rng = random.Random(seed)
    players = rng.randint(6, 40)
    return GeneratorConfig(
        players=players,
        rounds=min(rng.randint(4, 11), players - 1),
        draw_rate=rng.choice([0.1, 0.3, 0.5]),
        forfeit_rate=0.03,
        bye_rate=0.04,
        withdraw_rate=0.02,
        late_rate=0.06,
    )


def compare(seed: int) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its category and detail."""
    config = tournament_config(seed)
    try:
        tournament = generate(config, seed, dubov)
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
                    categorise(state, ours, theirs),
                    f"ours-only {sorted(ours - theirs)} py4swiss-only {sorted(theirs - ours)}",
                )
            )
    return config.rounds, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tournaments", type=int, default=320)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    return summarise(compare, range(args.seed, args.seed + args.tournaments), OTHER)


if __name__ == "__main__":
    sys.exit(main())

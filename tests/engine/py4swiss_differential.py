"""What the Burstein and Dubov comparisons with py4swiss share: the generated
tournaments they pair and the command line that runs a comparison."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from compare_py4swiss import summarise  # the Dutch comparison's glue

from pairing.engine.common.editions import KNOWN_EDITIONS
from pairing.engine.generator import GeneratorConfig
from pairing.engine.state import Pairing


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


def run_comparison(
    description: str,
    compare: Callable[[int, str], tuple[int, list[tuple[int, str, str]]]],
    other: str,
    tournaments: int,
    edition: str,
) -> int:
    """The command line of a comparison: ``--tournaments``, ``--seed`` and ``--edition``."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tournaments", type=int, default=tournaments)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", choices=KNOWN_EDITIONS, default=edition)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.tournaments)
    return summarise(lambda seed: compare(seed, args.edition), seeds, other)


def result_rows(result: Pairing) -> set[tuple[int, int]]:
    """A pairing as the comparison's rows: (white, black) per board, (bye, 0) for the PAB."""
    out = {(b.white, b.black) for b in result.boards}
    if result.bye is not None:
        out.add((result.bye, 0))
    return out


def bye_of(rows: set[tuple[int, int]]) -> int | None:
    return next((a for a, b in rows if b == 0), None)

"""What the Burstein and Dubov comparisons with py4swiss share: the generated
tournaments they pair and the command line that runs a comparison."""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from compare_py4swiss import py4swiss_rows, rows, summarise  # the Dutch comparison's glue

from pairing.engine import pair
from pairing.engine.common.editions import KNOWN_EDITIONS
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Pairing, PairingError, TournamentState
from pairing.engine.trf import TrfTournament, write_trf
from pairing.engine.trf.state import cut, recorded_pairing, state_for_round

Rows = set[tuple[int, int]]


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


def compare_with_py4swiss(
    seed: int, system: str, edition: str, categorise_round: Callable[[TrfTournament, TournamentState, Rows, Rows], str]
) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its category and detail.

    *categorise_round* gets the tournament cut before the round (as written for py4swiss),
    the state of the round, our rows and py4swiss's."""
    config = tournament_config(seed)
    try:
        tournament = generate(config, seed, lambda state: pair(state, system, edition))
    except PairingError:
        return 0, []
    out = []
    for rnd in range(1, config.rounds + 1):
        ours = rows(recorded_pairing(tournament, rnd, edition))
        before = cut(tournament, rnd)
        theirs = py4swiss_rows(write_trf(before), system)
        if ours != theirs:
            category = categorise_round(before, state_for_round(tournament, rnd), ours, theirs)
            out.append((rnd, category, f"ours-only {sorted(ours - theirs)} py4swiss-only {sorted(theirs - ours)}"))
    return config.rounds, out


def unexplained_differences(
    compare: Callable[[int, str], tuple[int, list[tuple[int, str, str]]]],
    seeds: Iterable[int],
    edition: str,
    other: str,
) -> tuple[list[tuple[int, int, str, str]], int]:
    """(seed, round, category, detail) of each differing round filed under *other*, and
    the number of rounds compared, over the tournaments of *seeds*."""
    unexplained, compared = [], 0
    for seed in seeds:
        rounds, differences = compare(seed, edition)
        compared += rounds
        unexplained += [(seed, *d) for d in differences if d[1] == other]
    return unexplained, compared


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


def result_rows(result: Pairing) -> Rows:
    """A pairing as the comparison's rows: (white, black) per board, (bye, 0) for the PAB."""
    out = {(b.white, b.black) for b in result.boards}
    if result.bye is not None:
        out.add((result.bye, 0))
    return out


def bye_of(rows: Rows) -> int | None:
    return next((a for a, b in rows if b == 0), None)


@contextlib.contextmanager
def attributes_patched() -> Iterator[Callable[[object, str, object], None]]:
    """A patch(module, attribute, value) for the block: every attribute it sets is put back
    when the block ends (how a category swaps in py4swiss's reading of a rule)."""
    saved = []

    def patch(module: object, attribute: str, value: object) -> None:
        saved.append((module, attribute, getattr(module, attribute)))
        setattr(module, attribute, value)

    try:
        yield patch
    finally:
        for module, attribute, value in reversed(saved):
            setattr(module, attribute, value)

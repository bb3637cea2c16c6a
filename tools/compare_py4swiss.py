"""Differential test of the Dutch engine against py4swiss on freshly generated tournaments.

Each tournament is generated (and so paired) by our engine; every round is then cut
and given to py4swiss, and the two pairings are compared. py4swiss reproduces the
reference engine except that E.5 takes the parity of the *final* pairing numbers,
where the reference (and we) use the effective ones of C.04.2.C.3 (a late entry
is numbered when he arrives; see ``TournamentState.pairing_numbers``); a difference in a round where some player has not
yet entered is filed under that category, any other under "other".

    python tools/compare_py4swiss.py --tournaments 200 --seed 1
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from witnesses import py4swiss_rows

from pairing.engine import pair
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import PairingError
from pairing.engine.trf import write_trf
from pairing.engine.trf.state import cut, pairing_rows, recorded_pairing, state_for_round

LATE_ENTRIES = "E.5 colours only: py4swiss takes the parity of final pairing numbers, some player has not entered yet"


def rows(pairing) -> set[tuple[int, int]]:
    return set(pairing_rows(pairing))


def compare(seed: int) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its category."""
    rng = random.Random(seed)
    players = rng.randint(7, 60)
    config = GeneratorConfig(
        players=players,
        rounds=min(rng.randint(5, 11), players // 2 + 1),
        draw_rate=rng.choice([0.1, 0.3, 0.5]),
        forfeit_rate=0.03,
        bye_rate=0.04,
        withdraw_rate=0.02,
        late_rate=0.06,
    )
    try:
        tournament = generate(config, seed, lambda state: pair(state, "dutch"))
    except PairingError:
        return 0, []  # the random results made a round unpairable: nothing to compare
    out = []
    for rnd in range(1, config.rounds + 1):
        ours = rows(recorded_pairing(tournament, rnd, "2017"))
        theirs = py4swiss_rows(write_trf(cut(tournament, rnd)))
        if ours != theirs:
            state = state_for_round(tournament, rnd)
            pending = any(
                number != position + 1
                for position, number in enumerate(
                    state.pairing_numbers[p.id] for p in state.players if p.id in state.pairing_numbers
                )
            )
            pending = pending or len(state.pairing_numbers) < len(state.players)
            same_pairs = {frozenset(r) for r in ours} == {frozenset(r) for r in theirs}
            out.append(
                (
                    rnd,
                    LATE_ENTRIES if pending and same_pairs else "other",
                    f"ours-only {sorted(ours - theirs)} py4swiss-only {sorted(theirs - ours)}",
                )
            )
    return config.rounds, out


def summarise(compare_one, seeds: range, other: str) -> int:
    """Run *compare_one(seed) -> (rounds compared, [(round, category, detail)])* on every
    seed, print each differing round and the totals; exit status 1 if any difference
    falls in the category *other* (unexplained)."""
    categories: collections.Counter[str] = collections.Counter()
    tournaments = rounds = agree = 0
    for seed in seeds:
        compared, differences = compare_one(seed)
        tournaments += compared > 0
        rounds += compared
        agree += compared - len(differences)
        for rnd, category, detail in differences:
            categories[category] += 1
            print(f"seed {seed} round {rnd}: {category}: {detail}")
    print(
        f"agree {agree} of {rounds} rounds ({100 * agree / max(rounds, 1):.1f}%) in {tournaments} of "
        f"{len(seeds)} tournaments; differences by category: {dict(categories)}"
    )
    return 0 if not categories.get(other) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    return summarise(compare, range(args.seed, args.seed + args.tournaments), "other")


if __name__ == "__main__":
    sys.exit(main())

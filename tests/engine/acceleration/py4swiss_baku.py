"""Dutch with the Baku acceleration against py4swiss, on freshly generated tournaments.

Each tournament is generated (and so paired) by our engine with the Baku acceleration of
C.04.5.1, the virtual points written as ``XXA`` lines; every round is cut from the file and
given to py4swiss, which reads ``XXA``, and the two pairings are compared. The categories
of differences are those of tools/compare_py4swiss.py: py4swiss takes the E.5 parity from
the final pairing numbers where the reference engine (and we) use the effective ones of
C.04.2.C.3 (../shared/corpus/README.md); any other difference is "other".

    python -m tests.engine.acceleration.py4swiss_baku --tournaments 100 --seed 5000
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))

from compare_py4swiss import LATE_ENTRIES, py4swiss_rows, rows

from pairing.engine import pair
from pairing.engine.acceleration import AccelerationSpec
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import PairingError
from pairing.engine.trf import write_trf
from pairing.engine.trf_state import cut, recorded_pairing, state_for_round

BAKU = AccelerationSpec("baku")


def config_of(seed: int) -> GeneratorConfig:
    """Open-like fields: 12 to 70 players, 9 to 11 rounds (C.04.5.1 rule 1), late entries."""
    rng = random.Random(seed)
    players = rng.randint(12, 70)
    return GeneratorConfig(
        players=players,
        rounds=min(rng.randint(9, 11), players // 2 + 1),
        draw_rate=rng.choice([0.1, 0.3, 0.5]),
        forfeit_rate=0.03,
        bye_rate=0.04,
        withdraw_rate=0.02,
        late_rate=0.06,
        rating_high=rng.choice([2000, 2300, 2600]),
        rating_low=rng.choice([1000, 1400]),
    )


def late_entry_pending(state) -> bool:
    """Does some player not yet have, or not have his final, pairing number (C.04.2.C.3)?"""
    numbers = [state.pairing_numbers[p.id] for p in state.players if p.id in state.pairing_numbers]
    return len(numbers) < len(state.players) or numbers != list(range(1, len(numbers) + 1))


def compare(seed: int) -> tuple[int, list[tuple[int, str, str]]]:
    """Rounds compared, and each differing round with its category."""
    config = config_of(seed)
    try:
        tournament = generate(config, seed, lambda state: pair(state, "dutch"), acceleration=BAKU)
    except PairingError:
        return 0, []  # the random results made a round unpairable: nothing to compare
    out = []
    for rnd in range(1, config.rounds + 1):
        ours = rows(recorded_pairing(tournament, rnd))
        theirs = py4swiss_rows(write_trf(cut(tournament, rnd)))
        if ours != theirs:
            same_pairs = {frozenset(r) for r in ours} == {frozenset(r) for r in theirs}
            pending = late_entry_pending(state_for_round(tournament, rnd))
            category = LATE_ENTRIES if pending and same_pairs else "other"
            out.append((rnd, category, f"ours-only {sorted(ours - theirs)} py4swiss-only {sorted(theirs - ours)}"))
    return config.rounds, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tournaments", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args()
    categories: collections.Counter[str] = collections.Counter()
    rounds = agree = 0
    for seed in range(args.seed, args.seed + args.tournaments):
        compared, differences = compare(seed)
        rounds += compared
        agree += compared - len(differences)
        for rnd, category, detail in differences:
            categories[category] += 1
            print(f"seed {seed} round {rnd}: {category}: {detail}")
    print(f"agree {agree} of {rounds} rounds ({args.tournaments} tournaments); by category: {dict(categories)}")
    return 0 if not categories.get("other") else 1


if __name__ == "__main__":
    sys.exit(main())

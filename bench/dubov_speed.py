"""Time and peak memory of the Dubov engine, round by round, for a large tournament.

The tournament is played out by the engine itself (random results drawn from the
ratings, a few requested byes, forfeits, late entries and withdrawals: the project's
generator), so every round is a realistic Dubov state: colour histories shaped by
E.0-E.4, AROs, upfloats. Each round is paired twice: once timed, once under
tracemalloc for the peak memory.

    python bench/dubov_speed.py [--players 500] [--rounds 9] [--seed 1]
                                [--draw-rate 0.3] [--forfeit-rate 0.02] [--bye-rate 0.02]
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import pair
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Pairing, TournamentState


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--draw-rate", type=float, default=0.3)
    parser.add_argument("--forfeit-rate", type=float, default=0.02)
    parser.add_argument("--bye-rate", type=float, default=0.02)
    args = parser.parse_args()
    config = GeneratorConfig(
        players=args.players,
        rounds=args.rounds,
        draw_rate=args.draw_rate,
        forfeit_rate=args.forfeit_rate,
        bye_rate=args.bye_rate,
        withdraw_rate=0.01,
        late_rate=0.02,
    )
    worst = 0.0

    def timed(state: TournamentState) -> Pairing:
        nonlocal worst
        start = time.perf_counter()
        result = pair(state, "dubov")
        elapsed = time.perf_counter() - start
        tracemalloc.start()
        pair(state, "dubov")
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        worst = max(worst, elapsed)
        print(
            f"round {state.round_to_pair:2d}: {len(state.to_pair):4d} players, {elapsed:6.3f} s, "
            f"peak {peak / 2**20:6.1f} MiB",
            flush=True,
        )
        return result

    generate(config, args.seed, timed)
    print(f"slowest round: {worst:.3f} s ({args.players} players, {args.rounds} rounds)")


if __name__ == "__main__":
    main()

"""Time and peak memory of pairing a late round, for 100 to 2,000 players.

The history of the earlier rounds is built quickly (a greedy Swiss pairing with
random results, no engine), so that what is measured is one engine call on a
realistic late-round state: scoregroups, colour histories, floats, a few absences.
Its colours are drawn at random, which some seeds turn into brackets that need many
exchanges (docs/dutch.md, "Speed").

With ``--history engine`` the tournament is instead paired round by round by the
engine itself (``generator.generate``: 30% draws, 1% forfeits and requested byes,
0.5% withdrawals, ``--late`` late entries), and every round's time is printed: the
realistic case, early rounds with their huge scoregroups included.

    python bench/pairing_speed.py [--system dutch] [--edition 2026] [--sizes 100 500 1000 2000] [--round 7]
    python bench/pairing_speed.py --history engine --sizes 2000 --round 9 [--late 0.02]
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import pair
from pairing.engine.generator import GeneratorConfig, generate, greedy_history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--system", default="dutch")
    parser.add_argument("--edition", default=None, help="the edition of the rules (default: the engine's)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument("--round", type=int, default=7, help="the round to pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--history", choices=["greedy", "engine"], default="greedy")
    parser.add_argument("--late", type=float, default=0.0, help="late-entry rate (engine history)")
    args = parser.parse_args()
    if args.history == "engine":
        engine_history(args)
        return
    print(f"{'players':>8} {'round':>5} {'seconds':>9} {'peak MiB':>9}  system={args.system}")
    for size in args.sizes:
        state = greedy_history(size, args.round - 1, args.seed)
        start = time.perf_counter()
        pair(state, args.system, args.edition)
        elapsed = time.perf_counter() - start
        # Memory in a second run: tracing slows Python down too much to time the same run.
        tracemalloc.start()
        pair(state, args.system, args.edition)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        print(f"{size:>8} {args.round:>5} {elapsed:>9.2f} {peak:>9.1f}", flush=True)


def engine_history(args: argparse.Namespace) -> None:
    print(f"{'players':>8} {'round':>5} {'seconds':>9}  system={args.system}, history by the engine")
    for size in args.sizes:
        config = GeneratorConfig(
            players=size,
            rounds=args.round,
            draw_rate=0.3,
            forfeit_rate=0.01,
            bye_rate=0.01,
            withdraw_rate=0.005,
            late_rate=args.late,
        )

        def timed(state, size=size):
            start = time.perf_counter()
            pairing = pair(state, args.system, args.edition)
            elapsed = time.perf_counter() - start
            print(f"{size:>8} {state.round_to_pair:>5} {elapsed:>9.2f}", flush=True)
            return pairing

        generate(config, args.seed, timed)


if __name__ == "__main__":
    main()

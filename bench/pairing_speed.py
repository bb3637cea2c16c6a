"""Time and peak memory of pairing a late round, for 100 to 2,000 players.

The history of the earlier rounds is built quickly (a greedy Swiss pairing with
random results, no engine), so that what is measured is one engine call on a
realistic late-round state: scoregroups, colour histories, floats, a few absences.

    python bench/pairing_speed.py [--system dutch] [--sizes 100 500 1000 2000] [--round 7]
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import pair
from pairing.engine.generator import greedy_history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--system", default="dutch")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument("--round", type=int, default=7, help="the round to pair")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'players':>8} {'round':>5} {'seconds':>9} {'peak MiB':>9}  system={args.system}")
    for size in args.sizes:
        state = greedy_history(size, args.round - 1, args.seed)
        start = time.perf_counter()
        pair(state, args.system)
        elapsed = time.perf_counter() - start
        # Memory in a second run: tracing slows Python down too much to time the same run.
        tracemalloc.start()
        pair(state, args.system)
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        print(f"{size:>8} {args.round:>5} {elapsed:>9.2f} {peak:>9.1f}", flush=True)


if __name__ == "__main__":
    main()

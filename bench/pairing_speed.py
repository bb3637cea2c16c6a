"""Time and peak memory of pairing a late round, for 100 to 2,000 players.

The history of the earlier rounds is built quickly (a greedy Swiss pairing with
random results, no engine), so that what is measured is one engine call on a
realistic late-round state: scoregroups, colour histories, floats, a few absences.

    python bench/pairing_speed.py [--system dutch] [--sizes 100 500 1000 2000] [--round 7]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import pair
from pairing.engine.state import Colour, Outcome, Player, RoundEntry, TournamentState


def greedy_history(size: int, rounds: int, seed: int) -> TournamentState:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2700) for _ in range(size)), reverse=True)
    history: dict[int, list[RoundEntry]] = {k + 1: [] for k in range(size)}
    score = {k + 1: 0 for k in range(size)}
    for _ in range(rounds):
        order = sorted(history, key=lambda p: (-score[p], p))
        waiting = list(order)
        while len(waiting) > 1:
            a = waiting.pop(0)
            met = {e.opponent for e in history[a]}
            b = next((x for x in waiting if x not in met), waiting[0])
            waiting.remove(b)
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            roll = rng.random()
            wr, br = (
                (Outcome.WIN, Outcome.LOSS)
                if roll < 0.4
                else (Outcome.DRAW, Outcome.DRAW)
                if roll < 0.7
                else (Outcome.LOSS, Outcome.WIN)
            )
            history[white].append(RoundEntry(black, Colour.WHITE, wr))
            history[black].append(RoundEntry(white, Colour.BLACK, br))
            score[white] += {Outcome.WIN: 10, Outcome.DRAW: 5}.get(wr, 0)
            score[black] += {Outcome.WIN: 10, Outcome.DRAW: 5}.get(br, 0)
        for p in waiting:
            history[p].append(RoundEntry(None, None, Outcome.PAIRING_BYE))
            score[p] += 10
    players = tuple(Player(id=p, rating=ratings[p - 1], history=tuple(history[p])) for p in history)
    absent = frozenset(rng.sample(sorted(history), max(1, size // 100)))
    return TournamentState(players=players, total_rounds=rounds + 3, round_to_pair=rounds + 1, absent=absent)


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

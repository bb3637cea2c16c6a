"""Time Burstein and Lim on a 500-player tournament, round by round.

    .venv/bin/python bench/burstein_lim_speed.py [--players 500] [--rounds 9] [--seed 1]

Each round is paired by the engine being measured (Burstein with its 3.3 acceleration,
then without; Lim), results are drawn at random (stronger player favoured, 30% draws),
and the time to pair every round is printed. Target: every round under 2 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import PairingOptions, pair
from pairing.engine.state import Colour, Outcome, Player, RoundEntry, TournamentState


def run(system: str, options: PairingOptions, players: int, rounds: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2700) for _ in range(players)), reverse=True)
    histories: dict[int, list[RoundEntry]] = {k: [] for k in range(1, players + 1)}
    times = []
    for rnd in range(1, rounds + 1):
        state = TournamentState(
            players=tuple(Player(id=k, rating=ratings[k - 1], history=tuple(histories[k])) for k in histories),
            total_rounds=rounds,
            round_to_pair=rnd,
        )
        start = time.perf_counter()
        result = pair(state, system, options=options)
        times.append(time.perf_counter() - start)
        for board in result.boards:
            w, b = board.white, board.black
            favourite = 0.5 + (ratings[w - 1] - ratings[b - 1]) / 4000
            roll = rng.random()
            if roll < 0.3:
                ow, ob = Outcome.DRAW, Outcome.DRAW
            elif roll < 0.3 + 0.7 * favourite:
                ow, ob = Outcome.WIN, Outcome.LOSS
            else:
                ow, ob = Outcome.LOSS, Outcome.WIN
            histories[w].append(RoundEntry(b, Colour.WHITE, ow))
            histories[b].append(RoundEntry(w, Colour.BLACK, ob))
        if result.bye is not None:
            histories[result.bye].append(RoundEntry(None, None, Outcome.PAIRING_BYE))
    return times


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    runs = [
        ("burstein", PairingOptions(acceleration="burstein"), "Burstein, 3.3 acceleration"),
        ("burstein", PairingOptions(), "Burstein, no acceleration"),
        ("lim", PairingOptions(), "Lim"),
    ]
    worst_all = 0.0
    for system, options, label in runs:
        times = run(system, options, a.players, a.rounds, a.seed)
        worst_all = max(worst_all, max(times))
        rounds = " ".join(f"{t:.2f}" for t in times)
        print(
            f"{label:28s} {a.players} players: per round [s] {rounds}  "
            f"max {max(times):.2f}  mean {sum(times) / len(times):.2f}"
        )
    print(f"slowest round overall: {worst_all:.2f} s (target < 2 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

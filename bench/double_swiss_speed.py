"""Time of the Double-Swiss engine (C.04.5 2026), match by match, for a large event.

The event is played out by the engine itself, with random results per game, single
forfeited games, whole forfeited matches and requested byes
(:mod:`pairing.engine.double_swiss.events`), so every match is paired from a realistic
state. Each match's pairing is timed; the last line is the target's: the match
``--rounds`` (default 7) of ``--players`` (default 1,000), to stay under 10 s.

    python bench/double_swiss_speed.py [--players 1000] [--rounds 7] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import pair
from pairing.engine.double_swiss.events import EventConfig, play
from pairing.engine.state import Pairing, TournamentState


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7, help="matches to play; the last is the one the target times")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: list[float] = []

    def timed(state: TournamentState) -> Pairing:
        start = time.perf_counter()
        pairing = pair(state, "double_swiss")
        times.append(time.perf_counter() - start)
        print(f"match {len(times)}: {times[-1]:.2f} s ({len(pairing.boards)} matches)", flush=True)
        return pairing

    played = play(EventConfig(players=args.players, matches=args.rounds), args.seed, timed)
    if len(played) < args.rounds or played[-1][1] is None:
        raise SystemExit("the event could not be paired to the end")
    print(f"Double-Swiss, {args.players} players, match {args.rounds}: {times[-1]:.2f} s")


if __name__ == "__main__":
    main()

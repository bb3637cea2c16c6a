"""Time of one "why not X?" answer (pairing.engine.explain.why_not) at 500 players, the
Dutch system (or ``--system lim``, ``--system double_swiss``), both editions; the budget is 2 s per answer, and 1 s for
the round explained player by player (the ``(explain)`` row: explain_round and its words;
docs/explanations.md).

The round is a realistic late-round state (``generator.greedy_history``, as
``bench/pairing_speed.py --history greedy``). The engine's own pairing is computed once,
as the explanations are computed beside it, and each answer is timed with it at hand: one
forced re-pairing and the comparison. Random pairs of the round are asked; absolute
answers (they met, C.3/C3) cost no pairing and are shown apart.

``--system double_swiss`` (2026 only): the state is the match ``--round`` of an event the
Double-Swiss engine plays out itself (:mod:`pairing.engine.double_swiss.events`, random
results per game), as ``bench/double_swiss_speed.py`` does.

    python bench/why_speed.py --players 500 --round 7 --pairs 5 --seeds 1 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import explain, matching, pair
from pairing.engine.double_swiss.events import EventConfig
from pairing.engine.double_swiss.events import play as play_double_swiss
from pairing.engine.generator import greedy_history
from pairing.engine.state import TournamentState


def state_of(system: str, players: int, rnd: int, seed: int) -> TournamentState:
    """The state asked about: a greedy history, or a Double-Swiss event played to match *rnd*."""
    if system != "double_swiss":
        return greedy_history(players, rnd - 1, seed)
    played = play_double_swiss(
        EventConfig(players=players, matches=rnd), seed, lambda state: pair(state, "double_swiss", "2026")
    )
    return played[-1][0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--round", type=int, default=7, help="the round asked about (its history is greedy)")
    ap.add_argument("--pairs", type=int, default=5, help="random pairs asked per seed and edition")
    ap.add_argument("--seeds", type=int, nargs="+", default=[1])
    ap.add_argument("--edition", choices=("2017", "2026", "both"), default="both")
    ap.add_argument("--system", choices=sorted(explain.EXPLAINERS), default="dutch")
    ap.add_argument(
        "--python-solver",
        action="store_true",
        help="time the pure-Python matching solver, as where the compiled one (make solver) is not built",
    )
    args = ap.parse_args()
    if args.python_solver:
        matching.compiled = None
    chosen = ("2017", "2026") if args.edition == "both" else (args.edition,)
    if args.system == "double_swiss":
        chosen = ("2026",)  # C.04.5 exists in the 2026 texts only
    print(f"{'edition':>7} {'players':>7} {'seed':>4} {'pair':>9} {'answer':<22} {'seconds':>8} {'cpu-s':>8}")
    for seed in args.seeds:
        state = state_of(args.system, args.players, args.round, seed)
        ids = [p.id for p in state.to_pair]
        for edition in chosen:
            start = time.perf_counter()
            pairing = pair(state, args.system, edition)
            print(f"{edition:>7} {len(ids):>7} {seed:>4} {'(pairing)':>9} {'':<22} {time.perf_counter() - start:>8.2f}")
            wall, cpu = time.perf_counter(), time.process_time()
            explain.describe_round(explain.explain_round(state, pairing, args.system, edition), args.system)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(f"{edition:>7} {len(ids):>7} {seed:>4} {'(explain)':>9} {'':<22} {wall:>8.2f} {cpu:>8.2f}")
            rng = random.Random(seed)
            for _ in range(args.pairs):
                a, b = rng.sample(ids, 2)
                wall, cpu = time.perf_counter(), time.process_time()
                answer = explain.why_not(state, a, b, args.system, edition, pairing=pairing)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                what = f"{answer.reason} {answer.rule}".strip()
                print(f"{edition:>7} {len(ids):>7} {seed:>4} {f'{a}-{b}':>9} {what:<22} {wall:>8.2f} {cpu:>8.2f}")


if __name__ == "__main__":
    main()

""" "Why not X?" answers of two checkouts of the project compared on generated events.

A speed change must leave every answer as it was. This asks the same questions of this
checkout and of the one under ``--old`` (say the main branch), each in its own process,
and counts the answers that differ (the whole answer: reason, article, forced pairing,
the difference and the pairs named):

    python bench/compare_answers.py --old /work/main --system burstein --edition 2017

The questions: those of the honesty run (``tests.engine.explain.systems_honesty_run``,
``--events`` small events, 20 random pairs a round) and six random pairs of each of
``--greedy-states`` greedy histories of 40-500 players (rounds 2-9), where the forced
re-pairings are large.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def dump(system: str, edition: str, events: int, greedy_states: int) -> None:
    """One line per answer: where it was asked and its repr."""
    from pairing.engine import explain, pair
    from pairing.engine.generator import greedy_history
    from pairing.engine.state import PairingError
    from tests.engine.explain.systems_honesty_run import answers

    for seed, state, answer in answers(system, edition, range(events)):
        print("event", seed, state.round_to_pair, repr(answer), flush=True)
    for seed in range(1, greedy_states + 1):
        rng = random.Random(seed * 31)
        size, rnd = rng.randint(40, 500), rng.randint(2, 9)
        state = greedy_history(size, rnd - 1, seed)
        try:
            pairing = pair(state, system, edition)
        except PairingError as error:
            print("greedy", seed, "refused", error, flush=True)
            continue
        ids = [p.id for p in state.to_pair]
        for _ in range(6):
            a, b = rng.sample(ids, 2)
            answer = explain.why_not(state, a, b, system, edition, pairing=pairing)
            print("greedy", seed, size, rnd, repr(answer), flush=True)


def run(root: Path, args: argparse.Namespace) -> list[str]:
    command = [sys.executable, __file__, "--dump", "--system", args.system, "--edition", args.edition]
    command += ["--events", str(args.events), "--greedy-states", str(args.greedy_states)]
    environment = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=True, env=environment)
    return done.stdout.splitlines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", type=Path, help="the other checkout (its root directory)")
    parser.add_argument("--system", required=True, choices=("dubov", "burstein"))
    parser.add_argument("--edition", required=True)
    parser.add_argument("--events", type=int, default=50)
    parser.add_argument("--greedy-states", type=int, default=25)
    parser.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump:
        sys.path.insert(0, str(Path.cwd()))
        dump(args.system, args.edition, args.events, args.greedy_states)
        return
    if args.old is None:
        parser.error("--old is required")
    new, old = run(HERE, args), run(args.old.resolve(), args)
    differing = [(a, b) for a, b in zip(new, old, strict=False) if a != b]
    for a, _ in differing[:10]:
        print("differs:", a[:160])
    print(
        f"{args.system} {args.edition}: {len(new)} answers ({args.events} events, {args.greedy_states} greedy "
        f"states); {len(differing)} differ" + ("" if len(new) == len(old) else f", {len(old)} answers in --old")
    )


if __name__ == "__main__":
    main()

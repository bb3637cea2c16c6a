"""Pairings of two checkouts of the project compared on many generated tournaments.

A speed change must leave every pairing as it was. This pairs the same tournaments with
the engine of this checkout and with the one under ``--old`` (another checkout, say the
main branch), each in its own process (both are the package ``pairing``), and counts the
tournaments and rounds where they differ:

    python bench/compare_engines.py --old /work/main --system dubov --edition 2017

Two kinds of tournament, as in ``pairing_speed.py``: ``--engine-events`` events paired
round by round by the engine (6-140 players, 5-11 rounds, draws, forfeits, requested
byes, withdrawals and late entries drawn per event; a refusal is recorded as such), and
``--greedy-states`` single rounds (1-9) of greedy histories of 20-400 players.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def dump(system: str, edition: str, engine_events: int, greedy_states: int) -> None:
    """One JSON line per tournament: the pairing of every round, or the refusal."""
    from pairing.engine import pair
    from pairing.engine.generator import GeneratorConfig, generate, greedy_history
    from pairing.engine.state import Pairing, PairingError

    def shown(p: Pairing) -> list:
        return [sorted((b.white, b.black) for b in p.boards), p.bye]

    for seed in range(1, engine_events + 1):
        rng = random.Random(seed * 7919)
        config = GeneratorConfig(
            players=rng.randint(6, 140),
            rounds=rng.randint(5, 11),
            draw_rate=rng.choice([0.1, 0.3, 0.5]),
            forfeit_rate=0.02,
            bye_rate=0.03,
            withdraw_rate=0.01,
            late_rate=rng.choice([0, 0.05, 0.15]),
        )
        rounds: list = []

        def paired(state, rounds=rounds):
            try:
                p = pair(state, system, edition)
            except PairingError as error:
                rounds.append(["refused", str(error)])
                raise
            rounds.append(shown(p))
            return p

        try:
            generate(config, seed, paired)
        except PairingError as error:
            rounds.append(["given up", str(error)])
        print(json.dumps({"event": seed, "rounds": rounds}), flush=True)
    for seed in range(1, greedy_states + 1):
        rng = random.Random(seed * 104729)
        size, rnd = rng.randint(20, 400), rng.randint(1, 9)
        try:
            rounds = [shown(pair(greedy_history(size, rnd - 1, seed), system, edition))]
        except PairingError as error:
            rounds = [["refused", str(error)]]
        print(json.dumps({"greedy": seed, "players": size, "round": rnd, "rounds": rounds}), flush=True)


def run(root: Path, args: argparse.Namespace) -> list[dict]:
    command = [sys.executable, __file__, "--dump", "--system", args.system, "--edition", args.edition]
    command += ["--engine-events", str(args.engine_events), "--greedy-states", str(args.greedy_states)]
    environment = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=True, env=environment)
    return [json.loads(line) for line in done.stdout.splitlines()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", type=Path, help="the other checkout (its root directory)")
    parser.add_argument("--system", required=True)
    parser.add_argument("--edition", required=True)
    parser.add_argument("--engine-events", type=int, default=220)
    parser.add_argument("--greedy-states", type=int, default=100)
    parser.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump:
        sys.path.insert(0, str(Path.cwd()))
        dump(args.system, args.edition, args.engine_events, args.greedy_states)
        return
    if args.old is None:
        parser.error("--old is required")
    new, old = run(HERE, args), run(args.old.resolve(), args)
    rounds = sum(len(t["rounds"]) for t in new)
    differing = [(a, b) for a, b in zip(new, old, strict=True) if a != b]
    for a, b in differing[:10]:
        pairs = zip(a["rounds"], b["rounds"], strict=False)
        first = next((k for k, (x, y) in enumerate(pairs) if x != y), min(len(a["rounds"]), len(b["rounds"])))
        print(f"differs: { ({k: v for k, v in a.items() if k != 'rounds'}) }, round {first + 1}")
    print(
        f"{args.system} {args.edition}: {len(new)} tournaments ({args.engine_events} engine-paired, "
        f"{args.greedy_states} greedy states), {rounds} rounds; {len(differing)} tournaments differ"
    )


if __name__ == "__main__":
    main()

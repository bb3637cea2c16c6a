"""Burstein, both editions: the pairings of one engine tree against another's, state by state.

A speed change must not change a single pairing. ``record`` (run with the reference tree
first on the path, e.g. the main checkout) pairs generated tournaments round by round,
both editions (2017 with and without the 3.3 acceleration), plus greedy histories
(pairing/engine/generator.py, harsher colours), and stores every state with its pairing;
``replay`` (run with the tree under test) pairs the same states and counts the
differences.

    cd /work/main && python /work/wt/X/bench/burstein_differential.py record /tmp/states.pickle --tournaments 300
    cd /work/wt/X && python bench/burstein_differential.py replay /tmp/states.pickle
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pickle
import sys
import time

sys.path.insert(0, os.getcwd())  # the tree under test: the working directory

from pairing.engine import pair
from pairing.engine.generator import GeneratorConfig, generate, greedy_history
from pairing.engine.options import PairingOptions
from pairing.engine.state import Board, Pairing, PairingError, TournamentState

Case = tuple[str, str, str, PairingOptions, TournamentState]  # label, edition, kind, options, state


def answer(state: TournamentState, edition: str, options: PairingOptions) -> object:
    try:
        p = pair(state, "burstein", edition, options)
    except PairingError as error:
        return ("error", str(error))
    return (tuple((b.white, b.black) for b in p.boards), p.bye)


def record(path: str, tournaments: int) -> None:
    cases: list[tuple[Case, object]] = []
    for seed in range(tournaments):
        for edition in ("2017", "2026"):
            accelerated = edition == "2017" and seed % 3 == 0
            options = PairingOptions(acceleration="burstein") if accelerated else PairingOptions()
            size = 8 + (seed * 7) % 53
            rounds = 5 + seed % 5
            config = GeneratorConfig(
                players=size,
                rounds=rounds,
                draw_rate=0.3,
                forfeit_rate=0.02,
                bye_rate=0.03,
                withdraw_rate=0.01,
                late_rate=0.05,
            )

            def paired(state: TournamentState, edition=edition, options=options, seed=seed):
                result = answer(state, edition, options)
                cases.append(((f"gen{seed}", edition, f"r{state.round_to_pair}", options, state), result))
                if isinstance(result, tuple) and result and result[0] == "error":
                    raise PairingError(result[1])
                boards, bye = result
                return Pairing(boards=tuple(Board(w, b) for w, b in boards), bye=bye)

            # A small field may run out of pairings: its states so far are kept.
            with contextlib.suppress(PairingError):
                generate(config, seed, paired)
    for seed in range(tournaments // 3):
        size = 20 + (seed * 37) % 300
        rnd = 3 + seed % 6
        state = greedy_history(size, rnd - 1, seed)
        for edition in ("2017", "2026"):
            options = PairingOptions()
            cases.append(((f"greedy{seed}", edition, f"r{rnd}", options, state), answer(state, edition, options)))
    with open(path, "wb") as out:
        pickle.dump(cases, out)
    print(f"{len(cases)} states recorded")


def replay(path: str) -> None:
    with open(path, "rb") as stored:
        cases = pickle.load(stored)
    same = differ = 0
    start = time.process_time()
    for (label, edition, rnd, options, state), expected in cases:
        got = answer(state, edition, options)
        if got == expected:
            same += 1
        else:
            differ += 1
            print(f"DIFFERENT: {label} {edition} {rnd}")
    print(f"{same} identical, {differ} different, of {len(cases)} states ({time.process_time() - start:.1f} s CPU)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["record", "replay"])
    parser.add_argument("path")
    parser.add_argument("--tournaments", type=int, default=300)
    args = parser.parse_args()
    if args.mode == "record":
        record(args.path, args.tournaments)
    else:
        replay(args.path)


if __name__ == "__main__":
    main()

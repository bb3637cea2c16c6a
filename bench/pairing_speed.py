"""Time and peak memory of pairing, every system and edition, up to 5,000 players.

Two kinds of history, as in the budgets (docs/benchmarks.md): a round of a 2,000-player
event under 10 s, of a 5,000-player event under 30 s, peak memory under 1 GB at 5,000.

``--history greedy`` (default): the earlier rounds are built quickly (a greedy Swiss
pairing with random results, no engine), so that what is measured is one engine call on
a realistic late-round state: scoregroups, colour histories, floats, a few absences. Its
colours are drawn at random, which some seeds turn into brackets that need many exchanges
(docs/dutch.md, "Speed"). Every seed of ``--seeds`` is one history; ``--round`` is the
round measured.

``--history engine``: the tournament is paired round by round by the engine itself
(``generator.generate``: 30% draws, 1% forfeits and requested byes, 0.5% withdrawals,
``--late`` late entries), and every round is measured: the realistic case, early rounds
with their huge scoregroups included.

Each line: system, edition, players, seed, round, seconds (wall), CPU seconds of the
call (``time.process_time``: the figure to read on a loaded machine), and the peak memory: the
process's resident peak so far (``resource``), or with ``--tracemalloc`` the Python
allocations' peak of that call alone (measured in a second run: tracing slows Python down
too much to time the same run).

    python bench/pairing_speed.py --system burstein --edition 2017 --players 2000 --round 7 --seeds 1 2 3 4 5
    python bench/pairing_speed.py --system all --players 5000 --round 1
    python bench/pairing_speed.py --history engine --system lim --players 2000 --round 9 --late 0.02
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import SYSTEMS, editions, pair
from pairing.engine.generator import GeneratorConfig, generate, greedy_history
from pairing.engine.state import Pairing, TournamentState

HEADER = (
    f"{'system':<9} {'edition':>7} {'players':>7} {'seed':>4} {'round':>5} {'seconds':>8} {'CPU':>7} {'peak MiB':>9}"
)


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def measured(
    state: TournamentState, system: str, edition: str, traced: bool
) -> tuple[Pairing, tuple[float, float], float]:
    """The pairing, (wall seconds, CPU seconds) of the call, and the peak memory."""
    start, cpu = time.perf_counter(), time.process_time()
    pairing = pair(state, system, edition)
    elapsed = (time.perf_counter() - start, time.process_time() - cpu)
    if not traced:
        return pairing, elapsed, rss_mib()
    tracemalloc.start()
    pair(state, system, edition)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return pairing, elapsed, peak


def line(system: str, edition: str, size: int, seed: int, rnd: int, seconds: tuple[float, float], peak: float) -> None:
    wall, cpu = seconds
    print(f"{system:<9} {edition:>7} {size:>7} {seed:>4} {rnd:>5} {wall:>8.2f} {cpu:>7.2f} {peak:>9.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--system", nargs="+", default=["dutch"], choices=[*SYSTEMS, "all"])
    parser.add_argument("--edition", nargs="+", default=["all"], help="2017, 2026 or all (each system's own)")
    parser.add_argument("--players", "--sizes", dest="sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument("--round", type=int, default=7, help="the round to pair (engine history: the last one)")
    parser.add_argument("--seeds", "--seed", dest="seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--history", choices=["greedy", "engine"], default="greedy")
    parser.add_argument("--late", type=float, default=0.0, help="late-entry rate (engine history)")
    parser.add_argument("--tracemalloc", action="store_true", help="peak of each call's Python allocations")
    args = parser.parse_args()
    if max(args.sizes) > 5000:
        parser.error("--players: at most 5,000")
    systems = SYSTEMS if "all" in args.system else tuple(args.system)
    print(HEADER + f"  history={args.history}, peak={'tracemalloc' if args.tracemalloc else 'process RSS'}")
    for system in systems:
        for edition in editions(system):
            if "all" not in args.edition and edition not in args.edition:
                continue
            for size in args.sizes:
                for seed in args.seeds:
                    if args.history == "engine":
                        engine_history(args, system, edition, size, seed)
                    else:
                        state = greedy_history(size, args.round - 1, seed)
                        _, seconds, peak = measured(state, system, edition, args.tracemalloc)
                        line(system, edition, size, seed, args.round, seconds, peak)


def engine_history(args: argparse.Namespace, system: str, edition: str, size: int, seed: int) -> None:
    config = GeneratorConfig(
        players=size,
        rounds=args.round,
        draw_rate=0.3,
        forfeit_rate=0.01,
        bye_rate=0.01,
        withdraw_rate=0.005,
        late_rate=args.late,
    )

    def timed(state: TournamentState) -> Pairing:
        pairing, seconds, peak = measured(state, system, edition, args.tracemalloc)
        line(system, edition, size, seed, state.round_to_pair, seconds, peak)
        return pairing

    generate(config, seed, timed)


if __name__ == "__main__":
    main()

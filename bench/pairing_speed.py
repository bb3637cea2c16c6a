"""Time and peak memory of pairing, every system and edition, up to 5,000 players.

Two kinds of history, as in the budgets (docs/benchmarks.md): a round of a 2,000-player
event under 10 s, of a 5,000-player event under 30 s, peak memory under 1 GB at 5,000.

``--history greedy`` (default): the earlier rounds are built quickly (a greedy Swiss
pairing with random results, no engine), so that what is measured is one engine call on
a realistic late-round state: scoregroups, colour histories, floats, a few absences. Its
colours are drawn at random, which some seeds turn into brackets that need many exchanges
(docs/dutch.md, "Speed"). Every seed of ``--seeds`` is one history; ``--round`` is the
round measured, or the rounds (``--round 2-9``, ``--round 5,7,9``), each from its own history.

``--history engine``: the tournament is paired round by round by the engine itself
(``generator.generate``: 30% draws, 1% forfeits and requested byes, 0.5% withdrawals,
``--late`` late entries), and every round up to ``--round`` is measured (the rounds listed
only, when it lists several): the realistic case, early rounds with their huge scoregroups
included.

Each line: system, edition, players, seed, round, seconds (wall), CPU seconds of the call
(``time.process_time``: the figure to read on a shared machine), and the peak memory: the
process's resident peak so far (``resource``), or with ``--tracemalloc`` the Python
allocations' peak of that call alone (measured in a second run: tracing slows Python down
too much to time the same run).

    python bench/pairing_speed.py --system burstein --edition 2017 --players 2000 --round 7 --seeds 1 2 3 4 5
    python bench/pairing_speed.py --system all --players 5000 --round 1
    python bench/pairing_speed.py --history engine --system lim --players 2000 --round 9 --late 0.02
    python bench/pairing_speed.py --history engine --players 5000 --round 2-4 --late 0.02
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine import SYSTEMS, editions, pair
from pairing.engine.generator import GeneratorConfig, generate, greedy_history
from pairing.engine.state import Pairing, TournamentState

# A greedy or engine history is one game per round: the Double-Swiss (two games a round) has
# its own script, bench/double_swiss_speed.py.
ONE_GAME_A_ROUND = tuple(s for s in SYSTEMS if s != "double_swiss")

HEADER = (
    f"{'system':<9} {'edition':>7} {'players':>7} {'seed':>4} {'round':>5} {'seconds':>8} {'cpu-s':>8} {'peak MiB':>9}"
)


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


class Measure(NamedTuple):
    seconds: float  # wall
    cpu: float  # this process's CPU seconds (time.process_time): the figure on a shared machine
    peak: float  # MiB


def measured(state: TournamentState, system: str, edition: str, traced: bool) -> tuple[Pairing, Measure]:
    start, cpu_start = time.perf_counter(), time.process_time()
    pairing = pair(state, system, edition)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    if not traced:
        return pairing, Measure(elapsed, cpu, rss_mib())
    tracemalloc.start()
    pair(state, system, edition)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return pairing, Measure(elapsed, cpu, peak)


def line(system: str, edition: str, size: int, seed: int, rnd: int, measure: Measure) -> None:
    seconds, cpu, peak = measure
    print(f"{system:<9} {edition:>7} {size:>7} {seed:>4} {rnd:>5} {seconds:>8.2f} {cpu:>8.2f} {peak:>9.1f}", flush=True)


def rounds(text: str) -> list[int]:
    """``7``, ``2-9`` or ``5,7,9`` (ranges may be listed: ``2-4,7``), in increasing order."""
    found: set[int] = set()
    for part in text.split(","):
        first, _, last = part.partition("-")
        try:
            low, high = int(first), int(last or first)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a round, a range or a list of them: {text!r}") from None
        if not 1 <= low <= high:
            raise argparse.ArgumentTypeError(f"rounds count from 1, ranges upwards: {text!r}")
        found.update(range(low, high + 1))
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--system", nargs="+", default=["dutch"], choices=[*ONE_GAME_A_ROUND, "all"])
    parser.add_argument("--edition", nargs="+", default=["all"], help="2017, 2026 or all (each system's own)")
    parser.add_argument("--players", "--sizes", dest="sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument(
        "--round",
        type=rounds,
        default=[7],
        help="the round(s) to pair: 7, 2-9 or 5,7,9 (engine history: one round pairs every round up to it)",
    )
    parser.add_argument("--seeds", "--seed", dest="seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--history", choices=["greedy", "engine"], default="greedy")
    parser.add_argument("--late", type=float, default=0.0, help="late-entry rate (engine history)")
    parser.add_argument("--tracemalloc", action="store_true", help="peak of each call's Python allocations")
    args = parser.parse_args()
    if max(args.sizes) > 5000:
        parser.error("--players: at most 5,000")
    systems = ONE_GAME_A_ROUND if "all" in args.system else tuple(args.system)
    print(HEADER + f"  history={args.history}, peak={'tracemalloc' if args.tracemalloc else 'process RSS'}")
    for system in systems:
        for edition in editions(system):
            if "all" not in args.edition and edition not in args.edition:
                continue
            for size in args.sizes:
                for seed in args.seeds:
                    if args.history == "engine":
                        engine_history(args, system, edition, size, seed)
                        continue
                    for rnd in args.round:
                        state = greedy_history(size, rnd - 1, seed)
                        _, measure = measured(state, system, edition, args.tracemalloc)
                        line(system, edition, size, seed, rnd, measure)


def engine_history(args: argparse.Namespace, system: str, edition: str, size: int, seed: int) -> None:
    shown = set(range(1, args.round[0] + 1)) if len(args.round) == 1 else set(args.round)
    config = GeneratorConfig(
        players=size,
        rounds=max(args.round),
        draw_rate=0.3,
        forfeit_rate=0.01,
        bye_rate=0.01,
        withdraw_rate=0.005,
        late_rate=args.late,
    )

    def timed(state: TournamentState) -> Pairing:
        if state.round_to_pair not in shown:
            return pair(state, system, edition)
        pairing, measure = measured(state, system, edition, args.tracemalloc)
        line(system, edition, size, seed, state.round_to_pair, measure)
        return pairing

    generate(config, seed, timed)


if __name__ == "__main__":
    main()

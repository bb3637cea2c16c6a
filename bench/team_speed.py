"""The team engine (C.04.6 2026) on a large field: 300 teams, 9 rounds, type A and type B,
the time to pair the last round (target: under 5 s) and the slowest round of the event.
``python bench/team_speed.py [teams] [rounds] [seed]``; the matching solver used (compiled
or pure Python, ``make solver``) is printed."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairing.engine.matching import SOLVER
from pairing.engine.team import ColourPreferences, TeamPairing, TeamRound, pair_round
from pairing.engine.team.generator import TeamEventConfig, generate_team_event, team_round


def main() -> None:
    teams = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    print(f"matching solver: {SOLVER}")
    for preferences in (ColourPreferences.TYPE_A, ColourPreferences.TYPE_B):
        config = TeamEventConfig(teams=teams, boards=4, rounds=rounds, preferences=preferences)
        times: list[float] = []

        def timed(round_: TeamRound, times: list[float] = times) -> TeamPairing:
            started = time.perf_counter()
            pairing = pair_round(round_)
            times.append(time.perf_counter() - started)
            return pairing

        event = generate_team_event(config, seed, pair=timed)
        last = event.rounds[-1]
        round_ = team_round(event, last.number, frozenset(t.tpn for t in last.round.teams))
        started = time.perf_counter()
        pairing = pair_round(round_)
        elapsed = time.perf_counter() - started
        print(
            f"type {preferences.value}: {teams} teams, round {last.number} of {rounds}: "
            f"{len(pairing.matches)} matches paired in {elapsed:.2f} s "
            f"(slowest of the {len(times)} rounds: round {times.index(max(times)) + 1}, {max(times):.2f} s)"
        )


if __name__ == "__main__":
    main()

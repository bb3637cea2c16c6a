"""The honesty run of the Dubov and Burstein "why not" answers over generated events:
every answer verified on the pairings (:mod:`.honesty_systems`), each round explained.

The suite runs a small sample (``test_systems_why_not.py``); the long run is

    python -m tests.engine.explain.systems_honesty_run --tournaments 500

(or ``EXPLAIN_TOURNAMENTS=500`` for the suite's test), which prints the answers by reason
for each system and edition, and the failures, if any."""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Iterator

from pairing.engine import pair
from pairing.engine.explain import EXPLAINERS
from pairing.engine.explain import common as c
from pairing.engine.explain.wording_dubov_burstein import describe, describe_round
from pairing.engine.state import Pairing, TournamentState
from tests.engine.explain.generated import generated_rounds
from tests.engine.explain.honesty_systems import verify

SYSTEMS = (("dubov", "2017"), ("dubov", "2026"), ("burstein", "2017"), ("burstein", "2026"))


def answers(
    system: str, edition: str, seeds: range, per_round: int = 20
) -> Iterator[tuple[int, TournamentState, c.WhyNot]]:
    """For each event generated from *seeds*, *per_round* random pairs of each round and
    the answers; every round is explained too (its explanation must cover every player)."""
    explainer = EXPLAINERS[system]
    explain_round, why_not = explainer.explain_round, explainer.why_not
    for seed, rng, state in generated_rounds(system, edition, seeds):
        pairing = pair(state, system, edition)
        explained = explain_round(state, pairing, edition)
        check_explained(state, pairing, explained)  # type: ignore[arg-type]
        ids = [p.id for p in state.to_pair]
        if len(ids) < 3:
            continue
        for _ in range(per_round):
            a, b = rng.sample(ids, 2)
            yield seed, state, why_not(state, a, b, edition, None, pairing)  # type: ignore[misc]


def check_explained(state: TournamentState, pairing: Pairing, explained: c.RoundExplanation) -> None:
    """Every player once, the colour rule gives the colour of his board, the floats follow
    the scores, the PAB is named with its rule, every line in words."""
    if explained.seeding is not None:  # a Burstein 2026 seeding round: the Dutch system's
        assert len(describe_round(explained)) == 1 + len(state.to_pair)
        return
    colour = c.colour_facts(pairing)
    assert sorted(p.player for p in explained.players) == sorted(p.id for p in state.to_pair)
    for p in explained.players:
        if p.opponent is None:
            assert p.player == pairing.bye == explained.bye and explained.bye_rule
            continue
        assert p.colour is colour[p.player], f"player {p.player}: {p.colour_rule}"
        assert (p.float == "up") == (p.score < p.opponent_score)
        floated = "up" if explained.system == "dubov" else "down"  # Dubov has upfloaters only (A.3)
        assert bool(p.float_reason) == (p.float == floated)
        assert p.float_reason in ("", "merged") or p.player in p.floaters
    assert len(describe_round(explained)) == len(explained.players)


def reason_of(answer: c.WhyNot) -> str:
    return f"seeding {answer.dutch.reason}" if answer.dutch is not None else answer.reason


def run(system: str, edition: str, seeds: range, per_round: int = 20) -> tuple[Counter[str], list[str], int]:
    """The answers by reason, the failures (each described) and how many answers name the
    pairs that break a colour criterion."""
    reasons: Counter[str] = Counter()
    failures = []
    named = 0
    for seed, state, answer in answers(system, edition, seeds, per_round):
        try:
            verify(state, answer)
        except AssertionError as exc:
            failures.append(f"seed {seed}, round {state.round_to_pair}: {describe(answer)} ({exc})")
        reasons[reason_of(answer)] += 1
        named += bool(answer.culprits)
    return reasons, failures, named


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=500)
    parser.add_argument("--per-round", type=int, default=20)
    parser.add_argument("--system", choices=("dubov", "burstein"), help="only this system")
    parser.add_argument("--edition", choices=("2017", "2026"), help="only this edition")
    args = parser.parse_args()
    for system, edition in SYSTEMS:
        if args.system not in (None, system) or args.edition not in (None, edition):
            continue
        started = time.perf_counter()
        reasons, failures, named = run(system, edition, range(args.tournaments), args.per_round)
        seconds = time.perf_counter() - started
        total = sum(reasons.values())
        print(f"{system} {edition}: {total} answers, {len(failures)} failures, {named} naming pairs, {seconds:.0f} s")
        print("  " + ", ".join(f"{reason} {count}" for reason, count in reasons.most_common()))
        for failure in failures[:10]:
            print("  FAIL " + failure)


if __name__ == "__main__":
    main()

"""``--why A,B``: why the round was not paired with A against B, and the best pairing that
pairs them; ``--explain``: the round explained player by player (the systems of
:data:`pairing.engine.explain.EXPLAINERS`, both editions)."""

from __future__ import annotations

import argparse
from typing import TextIO

from pairing.cli.common import UsageError, options_of, write_pairing
from pairing.engine import explain
from pairing.engine.state import Pairing, TournamentState


def parse_pair(text: str) -> tuple[int, int]:
    """``12,31`` as the two start numbers."""
    try:
        a, b = (int(part) for part in text.split(","))
    except ValueError:
        raise UsageError(f"--why {text}: give two start numbers, as --why 12,31") from None
    if a == b:
        raise UsageError(f"--why {text}: two different players")
    return a, b


def explained(args: argparse.Namespace, option: str) -> None:
    if not explain.explains(args.system):
        names = ", ".join(sorted(explain.EXPLAINERS))
        raise UsageError(
            f"{option} explains the pairings of these systems only: {names}; not the {args.system} system's"
        )


def run_explain(args: argparse.Namespace, state: TournamentState, pairing: Pairing, stdout: TextIO) -> None:
    """One line per player after the pairing: bracket, float, colour rule, PAB. The
    pairing is explained on the scores it was made with (the acceleration applied)."""
    explained(args, "--explain")
    explained_round = explain.explain_round(state, pairing, args.system, args.edition, options_of(args))
    for line in explain.describe_round(explained_round, args.system):
        stdout.write(line + "\n")


def run_why(args: argparse.Namespace, state: TournamentState, pairing: Pairing, stdout: TextIO) -> int:
    """The answer on the first line; when the pair is possible, the best pairing holding
    it below, written as ``-p`` writes a pairing."""
    explained(args, "--why")
    a, b = parse_pair(args.why)
    known = {p.id for p in state.players}
    for player in (a, b):
        if player not in known:
            raise UsageError(f"--why: no player {player} in the file")
    answer = explain.why_not(state, a, b, args.system, args.edition, options_of(args), pairing)
    stdout.write(explain.describe(answer, args.system) + "\n")
    if answer.forced is not None:
        write_pairing(answer.forced, stdout)
    return 0

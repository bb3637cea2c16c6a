"""``--why A,B``: why the round was not paired with A against B, and the best pairing that
pairs them; ``--explain``: the round explained player by player (the Dutch, Dubov and
Burstein systems, both editions; :data:`pairing.engine.explain.EXPLAINERS`)."""

from __future__ import annotations

import argparse
from typing import TextIO

from pairing.cli.common import UsageError, options_of, write_pairing
from pairing.engine.explain import EXPLAINERS, wording, wording_dubov_burstein
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


def explained_system(args: argparse.Namespace, option: str) -> str:
    if args.system not in EXPLAINERS:
        systems = ", ".join(sorted(EXPLAINERS))
        raise UsageError(f"{option} explains the pairings of the {systems} systems, not the {args.system} system's")
    return args.system


def run_explain(args: argparse.Namespace, state: TournamentState, pairing: Pairing, stdout: TextIO) -> None:
    """One line per player after the pairing: bracket, float, colour rule, PAB. The
    pairing is explained on the scores it was made with (the acceleration applied)."""
    system = explained_system(args, "--explain")
    explained = EXPLAINERS[system][0](state, pairing, args.edition, options_of(args))
    describe_round = wording.describe_round if system == "dutch" else wording_dubov_burstein.describe_round
    for line in describe_round(explained):  # type: ignore[arg-type]
        stdout.write(line + "\n")


def run_why(args: argparse.Namespace, state: TournamentState, pairing: Pairing, stdout: TextIO) -> int:
    """The answer on the first line; when the pair is possible, the best pairing holding
    it below, written as ``-p`` writes a pairing."""
    system = explained_system(args, "--why")
    a, b = parse_pair(args.why)
    known = {p.id for p in state.players}
    for player in (a, b):
        if player not in known:
            raise UsageError(f"--why: no player {player} in the file")
    answer = EXPLAINERS[system][1](state, a, b, args.edition, options_of(args), pairing)
    describe = wording.describe if system == "dutch" else wording_dubov_burstein.describe
    stdout.write(describe(answer) + "\n")  # type: ignore[arg-type]
    if answer.forced is not None:
        write_pairing(answer.forced, stdout)
    return 0

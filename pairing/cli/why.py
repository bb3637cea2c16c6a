"""``--why A,B``: why the round was not paired with A against B, and the best pairing that
pairs them (C.04.3 Dutch system, both editions)."""

from __future__ import annotations

import argparse
from typing import TextIO

from pairing.cli.common import UsageError, options_of, write_pairing
from pairing.engine.explain import why_not
from pairing.engine.explain.wording import describe
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


def run_why(args: argparse.Namespace, state: TournamentState, pairing: Pairing, stdout: TextIO) -> int:
    """The answer on the first line; when the pair is possible, the best pairing holding
    it below, written as ``-p`` writes a pairing."""
    if args.system != "dutch":
        raise UsageError(f"--why explains the Dutch system's pairings only, not the {args.system} system's")
    a, b = parse_pair(args.why)
    known = {p.id for p in state.players}
    for player in (a, b):
        if player not in known:
            raise UsageError(f"--why: no player {player} in the file")
    answer = why_not(state, a, b, args.edition, options_of(args), pairing)
    stdout.write(describe(answer) + "\n")
    if answer.forced is not None:
        write_pairing(answer.forced, stdout)
    return 0

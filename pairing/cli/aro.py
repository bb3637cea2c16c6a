"""``--aro``: the Dubov ARO list after a round."""

from __future__ import annotations

import argparse
from typing import TextIO

from pairing.cli.common import load_tournament
from pairing.engine.aro import aro_list
from pairing.engine.trf.state import state_for_round


def run_aro(args: argparse.Namespace, stdout: TextIO) -> int:
    """The ARO list after round R (default: the last round played), as ``pairing.engine.aro``
    computes it (C.04.4.1 A.6): one line per player in rank order, ``id score ARO name``."""
    t = load_tournament(args, pairing=False)
    state = state_for_round(t, args.round + 1 if args.round else None)
    for pid, name, score, value in aro_list(state):
        stdout.write(f"{pid} {score // 10}.{score % 10} {value} {name}".rstrip() + "\n")
    return 0

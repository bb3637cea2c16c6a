"""``-p``: pair the next round (or round R) of a TRF file and write it as the endorsed engines do."""

from __future__ import annotations

import argparse
from typing import TextIO

from pairing.cli.common import load_tournament, pair_state, resolve_system, write_pairing
from pairing.cli.why import run_explain, run_why
from pairing.engine.checker import check_round
from pairing.engine.state import PairingError
from pairing.engine.trf.state import state_for_round


def run_pair(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    t = load_tournament(args, pairing=True)
    note = resolve_system(args, t)
    if note:
        stderr.write(f"note: {note}\n")
    state = state_for_round(t, args.round)
    if t.total_rounds is not None and state.round_to_pair > t.total_rounds:
        # C.04.1.a: the number of rounds is declared beforehand (XXR / record 142)
        raise PairingError(
            f"round {state.round_to_pair} is beyond the {t.total_rounds} rounds the tournament declares (XXR/142)"
        )
    pairing = pair_state(state, args)
    for note in pairing.notes:
        stderr.write(f"note: {note}\n")
    for violation in check_round(state, pairing, args.system, args.edition):
        # The engine's answer is written as it is; the independent checker's doubts go to stderr.
        stderr.write(f"warning: round {state.round_to_pair}: the pairing breaks {violation}\n")
    if args.why:
        return run_why(args, state, pairing, stdout)
    if args.pair == "-":
        write_pairing(pairing, stdout)
    else:
        with open(args.pair, "w", encoding="utf-8") as out:
            write_pairing(pairing, out)
    if args.explain:
        run_explain(args, state, pairing, stdout)
    return 0

"""What every command of the tool shares: exit codes, the system and options, the engine call."""

from __future__ import annotations

import argparse
from typing import TextIO

from pairing.engine import PairingOptions, editions, pair
from pairing.engine.common.editions import CURRENT_EDITION
from pairing.engine.state import Pairing, TournamentState
from pairing.engine.trf import TrfTournament
from pairing.engine.trf.state import acceleration_of, edition_named, pairing_rows, system_of

EXIT_DIFFERENCE = 1
EXIT_INPUT = 2
EXIT_UNPAIRABLE = 3


class UsageError(Exception):
    pass


def write_pairing(pairing: Pairing, out: TextIO) -> None:
    rows = pairing_rows(pairing)
    out.write(f"{len(rows)}\n")
    for white, black in rows:
        out.write(f"{white} {black}\n")


def resolve_system(args: argparse.Namespace, t: TrfTournament | None) -> str | None:
    """A flag wins; else the file's record 192 (TRF-2026); else Dutch, no acceleration, and
    the rules in force today. Returns a note when the edition was not named anywhere."""
    if args.system is None:
        args.system = (system_of(t) if t else None) or "dutch"
    if args.acceleration is None:
        args.acceleration = (acceleration_of(t) if t else None) or "none"
    if args.edition is None:
        args.edition = edition_named(t) if t else None
        if args.edition is None:
            known = editions(args.system)
            args.edition = CURRENT_EDITION if CURRENT_EDITION in known else known[-1]
            if args.edition != CURRENT_EDITION:
                return (
                    f"no --edition given and no record 192 naming one: the {args.system} system implements "
                    f"only the {', '.join(known)} edition of its rules; paired by the {args.edition} edition"
                )
            return (
                f"no --edition given and no record 192 naming one: paired by the rules in force "
                f"today ({CURRENT_EDITION} edition); give --edition 2017 for the rules in force until 31 January 2026"
            )
    return None


def options_of(args: argparse.Namespace) -> PairingOptions:
    return PairingOptions(args.acceleration, args.group_a_min, args.group_c_below)


def pair_state(state: TournamentState, args: argparse.Namespace) -> Pairing:
    """pairing.engine.pair applies the acceleration (once, for every system)."""
    return pair(state, args.system, args.edition, options_of(args))


def resolve_input(args: argparse.Namespace, option: str) -> None:
    value = getattr(args, option)
    if isinstance(value, str):
        if args.input and args.input != value:
            raise UsageError(f"two input files given: {args.input} and {value}")
        args.input = value
    if not args.input:
        raise UsageError(f"--{option} needs an input TRF file")

"""What every command of the tool shares: exit codes, the system and options, the engine call."""

from __future__ import annotations

import argparse
import dataclasses
from typing import TextIO

from pairing.engine import PairingOptions, editions, pair
from pairing.engine.common.editions import CURRENT_EDITION
from pairing.engine.state import Colour, Pairing, TournamentState
from pairing.engine.trf import TrfError, TrfTournament, read_trf
from pairing.engine.trf.state import acceleration_of, edition_named, initial_colour_of, pairing_rows, system_of

EXIT_DIFFERENCE = 1
EXIT_INPUT = 2
EXIT_UNPAIRABLE = 3


class UsageError(Exception):
    pass


class InputError(Exception):
    """The input file cannot be paired or checked as it is: the message says what it lacks."""


def load_tournament(args: argparse.Namespace, path: str | None = None, *, pairing: bool) -> TrfTournament:
    """Read the TRF file *path* (default: the input) as the endorsed engines do, or refuse it.

    A file without a player record is not a tournament (random bytes or another format).
    To pair a round (*pairing*), the total number of rounds must be known (XXR or record
    142, else ``--rounds``): C.04.3 treats the last round apart. So must the initial colour
    (XXC white1/black1 or record 152, else ``--initial-colour``) unless a round with colours
    shows it (TRF-2026 record 152). bbpPairings refuses both alike ("The total number of
    rounds in the tournament must be specified", "Please configure the initial piece
    colors"). To check a finished file, its last round is the last one and its first
    round's colours tell the initial colour, as bbpPairings reads it.
    """
    t = read_trf(path or args.input)
    if not t.players:
        raise TrfError(1, 1, "no player record (001): not a TRF tournament")
    rounds, colour = getattr(args, "rounds", None), getattr(args, "initial_colour", None)
    if t.total_rounds is not None and rounds is not None and rounds != t.total_rounds:
        raise UsageError(f"--rounds {rounds} contradicts the {t.total_rounds} rounds the file declares")
    if t.total_rounds is None:
        if rounds is None and pairing:
            raise InputError(
                "the file does not declare the number of rounds (XXR or record 142): add one, or give --rounds N"
            )
        total = rounds or t.rounds_in_file
        if total < t.rounds_in_file:
            raise UsageError(f"--rounds {total}: the file already records {t.rounds_in_file} rounds")
        t = dataclasses.replace(t, xx_rounds=total)
    if t.initial_colour is None:
        shown = any(b.opponent is not None and b.colour in "wb" for p in t.players for b in p.rounds)
        if colour:
            t = dataclasses.replace(t, xx_config=(*t.xx_config, f"{colour}1"))
        elif shown:
            # Fixed now from the whole file: a round cut from it may no longer show it.
            word = "white1" if initial_colour_of(t) is Colour.WHITE else "black1"
            t = dataclasses.replace(t, xx_config=(*t.xx_config, word))
        elif pairing:
            raise InputError(
                "the file does not state the initial colour (XXC white1/black1 or record 152) and no round "
                "shows it: add one, or give --initial-colour white|black"
            )
    return t


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

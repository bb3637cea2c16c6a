"""The command-line pairing tool, with the conventions of the FIDE-endorsed engines.

    python -m pairing --dutch INPUT.trf -p [OUTPUT]      pair the next round
    python -m pairing --dutch --check INPUT.trf          re-pair every round, report differences
    python -m pairing --dutch --generate OUT.trf --seed 7 --players 40 --rounds 9
    python -m pairing --dutch --acceleration baku INPUT.trf -p     accelerated (C.04.5.1)
    python -m pairing --acceleration progressive --group-a-min 2100 --group-c-below 1700 INPUT.trf -p
    python -m pairing --aro INPUT.trf                    ARO list (C.04.4.1 A.6)
    python -m pairing --team INPUT.trf -p                teams, C.04.6 (see pairing.cli.team)
    python -m pairing --team INPUT.trf --standings       team standings, C.07 11-13
    python -m pairing --dutch INPUT.trf -p --why 12,31   why 12 and 31 are not paired together
    python -m pairing --dutch INPUT.trf -p --explain     the pairing, then one line per player

With ``--why A,B`` the first line is the answer, citing the article; when the pair is
possible, the best pairing holding it follows, written as ``-p`` writes a pairing.

The pairing output has the number of pairs on the first line (the PAB row counted),
then one ``white black`` row per board by start number, the PAB as ``N 0``.

Exit status: 0 done; 1 --check found a difference (a round or the standings); 2 unreadable or malformed input
(``file:line:column: message``) or bad arguments; 3 the round cannot be paired.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from pairing.cli.aro import run_aro
from pairing.cli.check import run_check
from pairing.cli.common import EXIT_INPUT, EXIT_UNPAIRABLE, InputError, UsageError, resolve_input
from pairing.cli.generate import read_config, run_generate
from pairing.cli.pair import run_pair
from pairing.cli.parser import build_parser
from pairing.cli.team import run_team
from pairing.engine.acceleration import AccelerationError
from pairing.engine.state import PairingError
from pairing.engine.trf import TrfError

__all__ = ["main"]


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    ap = build_parser()
    args = ap.parse_args(argv)
    if getattr(args, "config", None):
        try:
            settings = read_config(args.config)
        except (UsageError, OSError) as exc:
            stderr.write(f"python -m pairing: {exc}\n")
            return EXIT_INPUT
        known = {action.dest for action in ap._actions}
        unknown = sorted(set(settings) - known)
        if unknown:
            stderr.write(f"python -m pairing: {args.config}: unknown settings {', '.join(unknown)}\n")
            return EXIT_INPUT
        for key, value in settings.items():
            if isinstance(value, list):
                settings[key] = ",".join(str(v) for v in value)
        ap.set_defaults(**settings)  # the file's values become defaults: the command line wins
        args = ap.parse_args(argv)
    modes = [m for m in ("pair", "check", "generate", "aro") if getattr(args, m)]
    try:
        if len(modes) > 1:
            raise UsageError("choose one of -p, --check, --generate, --aro")
        if not modes:
            if not args.input:
                ap.print_help(stdout)
                return 0
            args.pair = "-"  # like the endorsed engines, a lone input file is paired
            modes = ["pair"]
        mode = modes[0]
        if (args.why or args.explain) and mode != "pair":
            raise UsageError("--why and --explain explain a round being paired: use them with -p")
        if args.standings and args.system != "team":
            raise UsageError("--standings prints team standings: use it with --team (players: --check verifies them)")
        if args.system == "team" and mode in ("pair", "check", "generate"):
            return run_team(args, mode, stdout)
        if mode == "generate":
            return run_generate(args, stdout)
        if mode == "check":
            resolve_input(args, "check")
            return run_check(args, stdout, stderr)
        if mode == "aro":
            resolve_input(args, "aro")
            return run_aro(args, stdout)
        if not args.input:
            raise UsageError("-p needs an input TRF file")
        return run_pair(args, stdout, stderr)
    except TrfError as exc:
        stderr.write(f"{args.input}:{exc.line}:{exc.column}: {exc.message}\n")
        return EXIT_INPUT
    except InputError as exc:
        stderr.write(f"{args.input}: {exc}\n")
        return EXIT_INPUT
    except (AccelerationError, UsageError, OSError) as exc:  # AccelerationError before PairingError, its base
        stderr.write(f"python -m pairing: {exc}\n")
        return EXIT_INPUT
    except PairingError as exc:
        stderr.write(f"cannot pair: {exc}\n")
        return EXIT_UNPAIRABLE

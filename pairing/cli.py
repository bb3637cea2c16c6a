"""The command-line pairing tool, with the conventions of the FIDE-endorsed engines.

    python -m pairing --dutch INPUT.trf -p [OUTPUT]      pair the next round
    python -m pairing --dutch --check INPUT.trf          re-pair every round, report differences
    python -m pairing --dutch --generate OUT.trf --seed 7 --players 40 --rounds 9
    python -m pairing --dutch --acceleration baku INPUT.trf -p     accelerated (C.04.5.1)
    python -m pairing --acceleration progressive --group-a-min 2100 --group-c-below 1700 INPUT.trf -p
    python -m pairing --aro INPUT.trf                    ARO list (when pairing.engine.aro exists)

The pairing output has the number of pairs on the first line (the PAB row counted),
then one ``white black`` row per board by start number, the PAB as ``N 0``.

Exit status: 0 done; 1 --check found a difference; 2 unreadable or malformed input
(``file:line:column: message``) or bad arguments; 3 the round cannot be paired.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from pairing.engine import SYSTEMS, PairingOptions, pair
from pairing.engine.acceleration import METHODS, AccelerationError, AccelerationSpec
from pairing.engine.checker import check_round
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Pairing, PairingError, TournamentState
from pairing.engine.trf import TrfError, TrfTournament, read_trf, write_trf
from pairing.engine.trf_state import (
    acceleration_of,
    cut,
    pairing_rows,
    recorded_pairing,
    state_for_round,
    system_of,
)

EXIT_DIFFERENCE = 1
EXIT_INPUT = 2
EXIT_UNPAIRABLE = 3
ACCELERATIONS = METHODS


class UsageError(Exception):
    pass


class EngineUnavailable(PairingError):
    """The chosen system's engine is not part of this build."""


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m pairing",
        description="FIDE Swiss pairing engine: reads TRF16 (with XXR/XXC/XXA/XXP/XXS/XXZ) "
        "and TRF-2026, writes pairings like the FIDE-endorsed engines.",
        epilog="Exit status: 0 ok; 1 --check found differences; 2 bad input or arguments; 3 no valid pairing exists.",
    )
    systems = ap.add_mutually_exclusive_group()
    for system in SYSTEMS:
        systems.add_argument(
            f"--{system}",
            dest="system",
            action="store_const",
            const=system,
            help=f"pair with the {system.capitalize()} system"
            + (" (the default, unless record 192 of the file names another)" if system == "dutch" else ""),
        )
    ap.set_defaults(system=None)
    ap.add_argument("input", nargs="?", help="the tournament, a TRF file")
    ap.add_argument(
        "-p",
        "--pair",
        nargs="?",
        const="-",
        metavar="OUTPUT",
        help="pair the next round; write to OUTPUT (standard output when omitted)",
    )
    ap.add_argument(
        "-c",
        "--check",
        nargs="?",
        const=True,
        metavar="INPUT",
        help="re-pair every round of INPUT (a file, or every *.trf of a folder) and report the rounds that differ",
    )
    ap.add_argument(
        "--expected",
        metavar="JSON",
        help="with --check: compare with these expected pairings (default: expected-pairings.json beside INPUT)",
    )
    ap.add_argument("--generate", metavar="OUTPUT", help="write a random tournament paired by the engine")
    ap.add_argument(
        "--aro",
        nargs="?",
        const=True,
        metavar="INPUT",
        help="print each player's average rating of opponents (C.04.4.1 A.6)",
    )
    ap.add_argument(
        "--acceleration",
        choices=ACCELERATIONS,
        default=None,
        help="accelerated pairings: Baku (C.04.5.1), progressive, or Burstein's own (C.04.4.2 3.3); "
        "the virtual points are computed and replace the file's XXA/250 ones (default: none, i.e. the "
        "file's XXA/250 points if any, or Baku when record 192 ends in _BAKU and the file gives none)",
    )
    defaults = AccelerationSpec()
    ap.add_argument(
        "--group-a-min",
        type=int,
        default=defaults.group_a_min,
        metavar="RATING",
        help=f"progressive acceleration: group A is rating >= RATING (default {defaults.group_a_min})",
    )
    ap.add_argument(
        "--group-c-below",
        type=int,
        default=defaults.group_c_below,
        metavar="RATING",
        help=f"progressive acceleration: group C is rating < RATING (default {defaults.group_c_below})",
    )
    ap.add_argument(
        "--round",
        type=int,
        metavar="R",
        help="with -p: pair round R of INPUT (default: the next); with --aro: AROs after round R",
    )
    gen = ap.add_argument_group("generator (--generate)")
    gen.add_argument("--seed", type=int, default=0)
    gen.add_argument("--players", type=int, default=30)
    gen.add_argument("--rounds", type=int, default=7)
    gen.add_argument("--draw-rate", type=float, default=0.3)
    gen.add_argument("--forfeit-rate", type=float, default=0.02)
    gen.add_argument("--bye-rate", type=float, default=0.03, help="requested byes (H, Z, F) per player and round")
    gen.add_argument("--withdraw-rate", type=float, default=0.01, help="withdrawals per player and round")
    gen.add_argument("--late-rate", type=float, default=0.05, help="share of late entries")
    gen.add_argument("--rating-high", type=int, default=2600)
    gen.add_argument("--rating-low", type=int, default=1400)
    gen.add_argument("--initial-colour", choices=("white", "black"), help="default: drawn by lot from the seed")
    gen.add_argument(
        "--trf26",
        action="store_true",
        help="also write the TRF-2026 records (142, 152, 162, 240, 250 from the XXA lines, 260)",
    )
    return ap


def write_pairing(pairing: Pairing, out: TextIO) -> None:
    rows = pairing_rows(pairing)
    out.write(f"{len(rows)}\n")
    for white, black in rows:
        out.write(f"{white} {black}\n")


def resolve_system(args: argparse.Namespace, t: TrfTournament | None) -> None:
    """A flag wins; else the file's record 192 (TRF-2026); else Dutch, no acceleration."""
    if args.system is None:
        args.system = (system_of(t) if t else None) or "dutch"
    if args.acceleration is None:
        args.acceleration = (acceleration_of(t) if t else None) or "none"


def _spec(args: argparse.Namespace) -> AccelerationSpec:
    return AccelerationSpec(args.acceleration, args.group_a_min, args.group_c_below)


def _options(args: argparse.Namespace) -> PairingOptions:
    """pairing.engine.pair applies the acceleration (once, for every system)."""
    return PairingOptions(args.acceleration, args.group_a_min, args.group_c_below)


def _pair(state: TournamentState, args: argparse.Namespace) -> Pairing:
    try:
        return pair(state, args.system, options=_options(args))
    except ImportError as exc:
        raise EngineUnavailable(f"the {args.system} system is not available in this build ({exc})") from exc


def run_pair(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    t = read_trf(args.input)
    resolve_system(args, t)
    state = state_for_round(t, args.round)
    if t.total_rounds is not None and state.round_to_pair > t.total_rounds:
        # C.04.1.a: the number of rounds is declared beforehand (XXR / record 142)
        raise PairingError(
            f"round {state.round_to_pair} is beyond the {t.total_rounds} rounds the tournament declares (XXR/142)"
        )
    pairing = _pair(state, args)
    for note in pairing.notes:
        stderr.write(f"note: {note}\n")
    for violation in check_round(state, pairing, args.system):
        # The engine's answer is written as it is; the independent checker's doubts go to stderr.
        stderr.write(f"warning: round {state.round_to_pair}: the pairing breaks {violation}\n")
    if args.pair == "-":
        write_pairing(pairing, stdout)
    else:
        with open(args.pair, "w", encoding="utf-8") as out:
            write_pairing(pairing, out)
    return 0


def expected_pairings(path: Path, explicit: str | None) -> dict[str, list[list[int]]] | None:
    """Rounds of *path* in an expected-pairings JSON: ``{file name: {round: [[white, black]...]}}``.

    Given with ``--expected``, or found beside the file as ``expected-pairings.json`` (as the
    shared replay tool does). None when there is none or it does not list the file.
    """
    source = Path(explicit) if explicit else path.parent / "expected-pairings.json"
    if not source.exists():
        if explicit:
            raise UsageError(f"{explicit}: no such file")
        return None
    try:
        table = json.loads(source.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise UsageError(f"{source}: not a JSON table of expected pairings ({exc})") from exc
    return table.get(path.name)


def check_rounds(
    t: TrfTournament,
    args: argparse.Namespace,
    out: TextIO,
    expected: dict[str, list[list[int]]] | None = None,
    prefix: str = "",
) -> tuple[int, int]:
    """Re-pair every recorded round from the rounds before it; print each difference.

    The engine's pairing is compared with the round as recorded, or with *expected* for
    the rounds it lists; the recorded pairing is also checked against the basic rules.
    Returns (rounds that agree, rounds checked).
    """
    args = argparse.Namespace(**vars(args))  # the system may come from this file's record 192
    resolve_system(args, t)
    agree = total = 0
    for rnd in range(1, t.rounds_in_file + 1):
        recorded = recorded_pairing(t, rnd)
        if not recorded.boards and recorded.bye is None:
            continue
        total += 1
        state = state_for_round(cut(t, rnd), rnd)
        notes = [str(v) for v in check_round(state, recorded, args.system)]
        for note in notes:
            out.write(f"{prefix}round {rnd}: the recorded pairing breaks {note}\n")
        try:
            produced = _pair(state, args)
        except EngineUnavailable:
            raise
        except PairingError as exc:
            out.write(f"{prefix}round {rnd}: the engine finds no pairing: {exc}\n")
            continue
        if expected and str(rnd) in expected:
            want = {(int(w), int(b)) for w, b in expected[str(rnd)]}
        else:
            want = set(pairing_rows(recorded))
        got = set(pairing_rows(produced))
        if want == got and not notes:
            agree += 1
        elif want != got:
            out.write(
                f"{prefix}round {rnd}: expected but missing {sorted(want - got)}; "
                f"produced instead {sorted(got - want)}\n"
            )
    return agree, total


def check_tournament(
    t: TrfTournament, args: argparse.Namespace, out: TextIO, expected: dict[str, list[list[int]]] | None = None
) -> int:
    agree, total = check_rounds(t, args, out, expected)
    out.write(f"agree {agree} of {total} rounds\n")
    return 0 if agree == total else EXIT_DIFFERENCE


def run_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """--check on one file, or on every ``*.trf`` of a folder (like the shared replay tool)."""
    source = Path(args.input)
    if not source.is_dir():
        expected = expected_pairings(source, args.expected)
        if expected:
            out.write(f"comparing with the expected pairings of {args.expected or 'expected-pairings.json'}\n")
        return check_tournament(read_trf(source), args, out, expected)
    files = sorted(source.glob("*.trf"))
    agree = total = 0
    malformed = False
    for path in files:
        try:
            t = read_trf(path)
        except TrfError as exc:
            err.write(f"{path}:{exc.line}:{exc.column}: {exc.message}\n")
            malformed = True
            continue
        a, n = check_rounds(t, args, out, expected_pairings(path, args.expected), prefix=f"{path.name} ")
        agree, total = agree + a, total + n
    out.write(f"agree {agree} of {total} rounds ({len(files)} tournaments)\n")
    if malformed:
        return EXIT_INPUT
    return 0 if agree == total and total else EXIT_DIFFERENCE


def run_generate(args: argparse.Namespace, stdout: TextIO) -> int:
    resolve_system(args, None)
    try:
        config = GeneratorConfig(
            players=args.players,
            rounds=args.rounds,
            draw_rate=args.draw_rate,
            forfeit_rate=args.forfeit_rate,
            bye_rate=args.bye_rate,
            withdraw_rate=args.withdraw_rate,
            late_rate=args.late_rate,
            rating_high=args.rating_high,
            rating_low=args.rating_low,
            initial_colour={"white": "w", "black": "b"}.get(args.initial_colour or ""),
            name=f"Random tournament, seed {args.seed}, {args.system}",
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    # The generator applies the acceleration itself (to write the XXA lines), so each
    # round's state reaches the engine with its virtual points and no option to redo them.
    plain = argparse.Namespace(**{**vars(args), "acceleration": "none"})
    spec = _spec(args) if args.acceleration != "none" else None
    t = generate(config, args.seed, lambda state: _pair(state, plain), acceleration=spec)
    Path(args.generate).write_text(write_trf(t, trf26=args.trf26), encoding="utf-8")
    stdout.write(f"{args.generate}: {len(t.players)} players, {config.rounds} rounds, seed {args.seed}\n")
    return 0


def run_aro(args: argparse.Namespace, stdout: TextIO) -> int:
    """The Dubov ARO list after round R (default: the last round played).

    ARO is computed where the rule lives, ``pairing.engine.aro`` (C.04.4.1 A.6); this
    prints its ``aro_list(state)``: one line per player in rank order, ``id score ARO name``.
    """
    try:
        aro = importlib.import_module("pairing.engine.aro")
    except ModuleNotFoundError as exc:
        raise UsageError("ARO is not available in this build (pairing.engine.aro is missing)") from exc
    t = read_trf(args.input)
    state = state_for_round(t, args.round + 1 if args.round else None)
    if hasattr(aro, "aro_list"):
        for pid, name, score, value in aro.aro_list(state):
            stdout.write(f"{pid} {score // 10}.{score % 10} {value} {name}".rstrip() + "\n")
    elif hasattr(aro, "aros"):
        for pid, value in sorted(aro.aros(state).items()):
            stdout.write(f"{pid} {value}\n")
    else:
        raise UsageError("pairing.engine.aro has neither aro_list(state) nor aros(state)")
    return 0


def _resolve_input(args: argparse.Namespace, option: str) -> None:
    value = getattr(args, option)
    if isinstance(value, str):
        if args.input and args.input != value:
            raise UsageError(f"two input files given: {args.input} and {value}")
        args.input = value
    if not args.input:
        raise UsageError(f"--{option} needs an input TRF file")


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    ap = build_parser()
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
        if mode == "generate":
            return run_generate(args, stdout)
        if mode == "check":
            _resolve_input(args, "check")
            return run_check(args, stdout, stderr)
        if mode == "aro":
            _resolve_input(args, "aro")
            return run_aro(args, stdout)
        if not args.input:
            raise UsageError("-p needs an input TRF file")
        return run_pair(args, stdout, stderr)
    except TrfError as exc:
        stderr.write(f"{args.input}:{exc.line}:{exc.column}: {exc.message}\n")
        return EXIT_INPUT
    except AccelerationError as exc:
        stderr.write(f"python -m pairing: {exc}\n")
        return EXIT_INPUT
    except PairingError as exc:
        stderr.write(f"cannot pair: {exc}\n")
        return EXIT_UNPAIRABLE
    except UsageError as exc:
        stderr.write(f"python -m pairing: {exc}\n")
        return EXIT_INPUT
    except OSError as exc:
        stderr.write(f"python -m pairing: {exc}\n")
        return EXIT_INPUT

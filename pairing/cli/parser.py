"""The command line of ``python -m pairing``: systems, modes, acceleration, generator settings."""

from __future__ import annotations

import argparse

from pairing.engine import SYSTEMS
from pairing.engine.acceleration import METHODS, AccelerationSpec
from pairing.engine.common.editions import CURRENT_EDITION, KNOWN_EDITIONS


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m pairing",
        description="FIDE Swiss pairing engine: reads TRF16 (with XXR/XXC/XXA/XXP/XXS/XXZ) "
        "and TRF-2026, writes pairings like the FIDE-endorsed engines.",
        epilog="Exit status: 0 ok; 1 --check found differences (rounds or standings); 2 bad input or arguments; "
        "3 no valid pairing exists.",
    )
    systems = ap.add_mutually_exclusive_group()
    for system in SYSTEMS:
        systems.add_argument(
            f"--{system.replace('_', '-')}",
            dest="system",
            action="store_const",
            const=system,
            help=f"pair with the {system.replace('_', '-').title()} system"
            + (" (the default, unless record 192 of the file names another)" if system == "dutch" else ""),
        )
    systems.add_argument(
        "--team",
        dest="system",
        action="store_const",
        const="team",
        help="pair teams with the Swiss Team Pairing System (C.04.6 2026) from a TRF-2026 team file",
    )
    ap.set_defaults(system=None)
    ap.add_argument("input", nargs="?", help="the tournament, a TRF file")
    ap.add_argument(
        "--edition",
        choices=KNOWN_EDITIONS,
        default=None,
        help="the edition of the rules: 2017 for the texts in force until 31 January 2026, 2026 for "
        "those applied from 1 February 2026 (default: the one record 192 of the file names, else "
        f"{CURRENT_EDITION}, the rules in force today, with a note on standard error)",
    )
    ap.add_argument(
        "-p",
        "--pair",
        nargs="?",
        const="-",
        metavar="OUTPUT",
        help="pair the next round; write to OUTPUT (standard output when omitted)",
    )
    ap.add_argument(
        "--why",
        metavar="A,B",
        help="with -p (Dutch, Dubov, Burstein, Lim or Double-Swiss system): why players A and B (start numbers) "
        "are not paired "
        "together, the article that forbids it or the first criterion the best pairing holding them worsens, and that "
        "pairing below the answer",
    )
    ap.add_argument(
        "--explain",
        action="store_true",
        help="with -p (Dutch, Dubov, Burstein, Lim or Double-Swiss system): after the pairing, one line per player: "
        "the bracket he "
        "was paired in, whether he floated and why, the colour rule that gave his colour, and why the PAB went "
        "where it went",
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
    ap.add_argument(
        "--no-standings",
        action="store_true",
        help="with --check: re-pair the rounds only; do not verify the points, ranks and tie-break values",
    )
    ap.add_argument(
        "--standings",
        action="store_true",
        help="with --team: print the team standings after the file's rounds, by the primary score then the "
        "file's tie-break list (record 212, else 202) or --tiebreaks; with --team --check the file's 310 points "
        "and ranks and its ###TBV values are verified unless --no-standings",
    )
    ap.add_argument(
        "--tiebreak-edition",
        choices=("2024", "2026"),
        help="with --check: the C.07 edition of the tie-breaks (default: the one in force on the file's start "
        "date, record 042: the 2026 amendment from 1 March 2026)",
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
        choices=[m for m in METHODS if m != "custom"],  # custom ranges come from the file's records 250
        default=None,
        help="accelerated pairings: Baku (C.04.5.1), progressive, or Burstein's own (C.04.4.2 3.3); "
        "the virtual points are computed and replace the file's XXA/250 ones (default: none, i.e. the "
        "file's XXA/250 points if any, or Baku when record 192 ends in _BAKU and the file gives none)",
    )
    defaults = AccelerationSpec()
    for flag, default, group in (
        ("--group-a-min", defaults.group_a_min, "group A is rating >= RATING"),
        ("--group-c-below", defaults.group_c_below, "group C is rating < RATING"),
    ):
        ap.add_argument(
            flag,
            type=int,
            default=default,
            metavar="RATING",
            help=f"progressive acceleration: {group} (default {default})",
        )
    ap.add_argument(
        "--round",
        type=int,
        metavar="R",
        help="with -p: pair round R of INPUT (default: the next); with --aro: AROs after round R",
    )
    gen = ap.add_argument_group("generator (--generate)")
    gen.add_argument("--seed", type=int, default=0)
    gen.add_argument("--players", type=int, default=30, help="players (teams with --team)")
    gen.add_argument("--boards", type=int, default=4, help="with --team: boards per match")
    gen.add_argument(
        "--rounds",
        type=int,
        help="rounds to generate (default 7); with -p/--check: the total number of rounds when the file "
        "declares none (XXR/142)",
    )
    gen.add_argument(
        "--config",
        metavar="FILE",
        help="generator settings from a JSON or TOML file (keys as the options' names, - or _); "
        "options given on the command line win",
    )
    gen.add_argument("--draw-rate", type=float, default=0.3)
    gen.add_argument("--forfeit-rate", type=float, default=0.02)
    gen.add_argument("--bye-rate", type=float, default=0.03, help="requested byes (H, Z, F) per player and round")
    gen.add_argument("--withdraw-rate", type=float, default=0.01, help="withdrawals per player and round")
    gen.add_argument("--late-rate", type=float, default=0.05, help="share of late entries")
    for event, what in (
        ("forfeit", "forfeits"),
        ("bye", "requested byes"),
        ("withdraw", "withdrawals"),
        ("late", "late entries"),
    ):
        gen.add_argument(
            f"--{event}-count",
            type=int,
            metavar="N",
            help=f"exactly N {what} over the tournament (at most, where the field is too small), instead of the rate",
        )
    gen.add_argument(
        "--bye-kinds",
        default="0.6,0.3,0.1",
        metavar="H,Z,F",
        help="weights of requested half-, zero- and full-point byes (default 0.6,0.3,0.1)",
    )
    gen.add_argument("--unrated-rate", type=float, default=0.0, help="share of unrated players (default 0)")
    gen.add_argument(
        "--expectation",
        choices=("fide", "logistic"),
        default="fide",
        help="results: fide = the expected score of the rating regulations' table 8.1.2 kept with the draw "
        "rate (default); logistic = draws at the draw rate, then a win by the logistic Elo curve",
    )
    gen.add_argument(
        "--scoring",
        default="",
        metavar="CODE=POINTS,...",
        help="points per result, XXS codes (W D for wins and draws; WW BW WD BD WL BL FW FL PAB HPB FPB ZPB): "
        "e.g. W=3,D=1; written as XXS and, in TRF-2026, record 162",
    )
    gen.add_argument(
        "--tiebreaks",
        default="",
        metavar="CODES",
        help="C.07 tie-break list, e.g. BH/C1,BH,SB,DE: written to records 202 and 212 with the values "
        "(###TBV comment lines); the rank column follows it",
    )
    gen.add_argument("--start-date", default="", metavar="YYYY/MM/DD", help="record 042: names the C.07 edition")
    gen.add_argument("--rating-high", type=int, default=2600)
    gen.add_argument("--rating-low", type=int, default=1400)
    gen.add_argument(
        "--initial-colour",
        choices=("white", "black"),
        help="default: drawn by lot from the seed; with -p: the colour of the first player in round 1 "
        "when the file states none (XXC white1/black1, record 152) and no round shows it",
    )
    gen.add_argument(
        "--trf26",
        action="store_true",
        help="also write the TRF-2026 records (142, 152, 162, 240, 250 from the XXA lines, 260)",
    )
    return ap

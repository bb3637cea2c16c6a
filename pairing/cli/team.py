"""``python -m pairing --team``: the Swiss Team Pairing System (C.04.6 2026) on TRF-2026
team files (records 001 and 310, with 142, 152, 192, 352, 240, 300, 320, 330, 260; see
:mod:`pairing.engine.team.trf`).

    python -m pairing --team FILE -p [OUTPUT]     pair the next round (the PAB as ``N 0``)
    python -m pairing --team --check FILE         re-pair every round, report differences
    python -m pairing --team --generate OUT --seed 7 --players 20 --rounds 9 [--boards 4]

``--players`` counts teams here. The output is the endorsed engines': the number of rows,
then ``white black`` by team pairing number, White meaning board 1's White (art. 1.6.1).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from pairing.cli.common import EXIT_DIFFERENCE, UsageError
from pairing.engine.team import pair_round
from pairing.engine.team.checker import check_team_pairing
from pairing.engine.team.generator import TeamEventConfig, generate_team_event
from pairing.engine.team.model import TeamPairing
from pairing.engine.team.trf import TeamFile, TeamTrfError, read_team_trf, write_team_trf


def _read(path: str) -> TeamFile:
    try:
        return read_team_trf(Path(path).read_text(encoding="utf-8", errors="replace"))
    except TeamTrfError as exc:
        raise UsageError(f"{path}: {exc}") from None


def _write(pairing: TeamPairing, out: TextIO) -> None:
    rows = [(m.white, m.black) for m in pairing.matches]
    if pairing.bye is not None:
        rows.append((pairing.bye, 0))
    out.write(f"{len(rows)}\n")
    for white, black in rows:
        out.write(f"{white} {black}\n")


def run_team(args: argparse.Namespace, mode: str, stdout: TextIO) -> int:
    if mode == "generate":
        config = TeamEventConfig(teams=args.players, boards=args.boards, rounds=args.rounds or 7)
        event = generate_team_event(config, args.seed)
        text = write_team_trf(event)
        if args.generate == "-":
            stdout.write(text)
        else:
            Path(args.generate).write_text(text, encoding="utf-8")
        return 0
    path = args.input if mode == "pair" or args.check is True else args.check
    if not path:
        raise UsageError("--team needs an input TRF file")
    team_file = _read(path)
    if mode == "check":
        differing = 0
        for number in range(1, team_file.played_rounds + 1):
            found = check_team_pairing(team_file.round(number), team_file.pairing(number))
            for violation in found:
                stdout.write(f"round {number}: {violation}\n")
            differing += bool(found)
        stdout.write(f"{team_file.played_rounds} rounds checked, {differing} differ\n")
        return EXIT_DIFFERENCE if differing else 0
    number = args.round or team_file.played_rounds + 1
    if team_file.total_rounds and number > team_file.total_rounds:
        raise UsageError(f"round {number} of an event of {team_file.total_rounds} rounds (record 142)")
    if not team_file.total_rounds:
        raise UsageError("the file does not declare the number of rounds (record 142): C.04.6 needs it")
    pairing = pair_round(team_file.round(number))
    if args.pair in (None, "-"):
        _write(pairing, stdout)
    else:
        with open(args.pair, "w", encoding="utf-8") as out:
            _write(pairing, out)
    return 0

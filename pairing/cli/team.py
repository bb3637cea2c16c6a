"""``python -m pairing --team``: the Swiss Team Pairing System (C.04.6 2026) and the C.07
team tie-breaks on TRF-2026 team files (records 001 and 310 or 013, with 142, 152, 162,
192, 352, 362, 240, 250, 260, 299, 300, 320, 330, 802; see :mod:`pairing.engine.team.trf`).

    python -m pairing --team FILE -p [OUTPUT]     pair the next round (the PAB as ``N 0``)
    python -m pairing --team FILE --standings [--tiebreaks EDE,BC]   the team standings
    python -m pairing --team --check FILE         re-pair every round, verify the standings
    python -m pairing --team FILE -p --explain    the pairing, then one line per team: its bracket,
                                                  how it floated and why, its board-1 colour rule, the PAB
    python -m pairing --team FILE -p --why 3,8    why teams 3 and 8 do not meet, then the best pairing
                                                  that pairs them (when there is one)
    python -m pairing --team --generate OUT --seed 7 --players 20 --rounds 9 [--boards 4]
                      [--tiebreaks EDE,BC --start-date 2026/04/01]

``--players`` counts teams here. The pairing output is the endorsed engines': the number of
rows, then ``white black`` by team pairing number, White meaning board 1's White (art. 1.6.1).
The standings are ranked by the primary score (record 192), then the tie-break list of
``--tiebreaks``, else of the file's record 212 (else 202); the C.07 edition is the one in
force on record 042's date unless ``--tiebreak-edition`` names it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from pairing.cli.common import EXIT_DIFFERENCE, UsageError
from pairing.engine.explain.team_round import explain_team_round
from pairing.engine.explain.team_why_not import why_not_team
from pairing.engine.explain.wording_team import describe_team_round, describe_why_not
from pairing.engine.team import pair_round
from pairing.engine.team.checker import check_team_pairing
from pairing.engine.team.generator import TeamEventConfig, generate_team_event
from pairing.engine.team.model import TeamPairing, TeamRound
from pairing.engine.team.standings import (
    standings_lines,
    team_codes,
    tiebreak_list,
    verify_team_standings,
    write_team_trf,
)
from pairing.engine.team.trf import TeamFile, TeamTrfError, WriteOptions, read_team_trf
from pairing.engine.tiebreaks.codes import TieBreakCodeError
from pairing.engine.tiebreaks.teams import parse_team


def _read(args: argparse.Namespace, path: str) -> TeamFile:
    args.input = path  # a malformed record is reported as ``path:line:column: message``
    try:
        return read_team_trf(Path(path).read_text(encoding="utf-8", errors="replace"))
    except TeamTrfError as exc:
        raise UsageError(f"{path}: {exc}") from None


def _codes(text: str) -> tuple[str, ...]:
    codes = team_codes(text)
    for code in codes:
        try:
            parse_team(code)
        except TieBreakCodeError as exc:
            raise UsageError(str(exc)) from None
    return codes


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
        options = WriteOptions(tiebreaks=_codes(args.tiebreaks or ""), start_date=args.start_date or "")
        text = write_team_trf(event, options=options)
        if args.generate == "-":
            stdout.write(text)
        else:
            Path(args.generate).write_text(text, encoding="utf-8")
        return 0
    path = args.input if mode == "pair" or args.check is True else args.check
    if not path:
        raise UsageError("--team needs an input TRF file")
    team_file = _read(args, path)
    if getattr(args, "standings", False) and mode == "pair":
        listed = tiebreak_list(team_file)
        codes = _codes(args.tiebreaks) if args.tiebreaks else listed[1] if listed else ()
        for line in standings_lines(team_file, codes, args.tiebreak_edition):
            stdout.write(line + "\n")
        return 0
    if mode == "check":
        differing = 0
        for number in range(1, team_file.played_rounds + 1):
            found = check_team_pairing(team_file.round(number), team_file.pairing(number))
            for violation in found:
                stdout.write(f"round {number}: {violation}\n")
            differing += bool(found)
        stdout.write(f"{team_file.played_rounds} rounds checked, {differing} differ\n")
        wrong = 0
        if not args.no_standings:
            check = verify_team_standings(team_file, args.tiebreak_edition)
            for disagreement in check.disagreements:
                stdout.write(f"standings: {disagreement}\n")
            for note in check.notes:
                stdout.write(f"standings: {note}\n")
            wrong = len(check.disagreements)
            if wrong:
                stdout.write(f"standings: {wrong} disagreements\n")
        return EXIT_DIFFERENCE if differing or wrong else 0
    number = args.round or team_file.played_rounds + 1
    if team_file.total_rounds and number > team_file.total_rounds:
        raise UsageError(f"round {number} of an event of {team_file.total_rounds} rounds (record 142)")
    if not team_file.total_rounds:
        raise UsageError("the file does not declare the number of rounds (record 142): C.04.6 needs it")
    round_ = team_file.round(number)
    pairing = pair_round(round_)
    if args.why:
        before = {tpn: results[: number - 1] for tpn, results in team_file.histories.items()}
        return _why(args.why, round_, pairing, before, stdout)
    if args.pair in (None, "-"):
        _write(pairing, stdout)
    else:
        with open(args.pair, "w", encoding="utf-8") as out:
            _write(pairing, out)
    if args.explain:
        # the TRF reader keeps scores in tenths
        for line in describe_team_round(explain_team_round(round_, pairing), scale=10):
            stdout.write(line + "\n")
    return 0


def _why(text: str, round_: TeamRound, pairing: TeamPairing, histories: dict, stdout: TextIO) -> int:
    """The answer on the first line; when the pair is possible, the best pairing holding
    it below, written as ``-p`` writes a pairing."""
    try:
        a, b = (int(part) for part in text.split(","))
    except ValueError:
        raise UsageError(f"--why {text}: give two team pairing numbers, as --why 3,8") from None
    if a == b:
        raise UsageError(f"--why {text}: two different teams")
    known = {t.tpn for t in round_.teams}
    for tpn in (a, b):
        if tpn not in known:
            raise UsageError(f"--why: team {tpn} is not paired in round {round_.round_to_pair}")
    answer = why_not_team(round_, a, b, pairing, histories)
    stdout.write(describe_why_not(answer, scale=10) + "\n")
    if answer.forced is not None:
        _write(answer.forced, stdout)
    return 0

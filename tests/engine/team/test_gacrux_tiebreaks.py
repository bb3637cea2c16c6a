"""The C.07 team tie-breaks of a written team file against gacrux's tie-break checker (the
FIDE technical commission's, test-only): the same file, every team, every code both compute.

Agreed on generated events with PABs, forfeits, F/H/Z byes and either primary score. The
one difference is pinned below and adjudicated from the text: the board count of a
pairing-allocated bye (docs/team.md, "Team tie-breaks from a file").
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from pairing.engine.team import PrimaryScore
from pairing.engine.team.generator import TeamEventConfig, generate_team_event
from pairing.engine.team.history import RoundKind
from pairing.engine.team.standings import standings_of, team_table, write_team_trf
from pairing.engine.team.trf import WriteOptions, read_team_trf
from pairing.engine.tiebreaks.teams import parse_team, team_values
from tests.engine.team.events import random_config

gacrux_checker = pytest.importorskip("gacrux.tiebreakchecker")

EVENTS = int(os.environ.get("TEAM_GACRUX_TIEBREAK_EVENTS", "300"))
# Every code both programs compute with the same meaning. WIN and WON name a team score:
# on the match points they agree; what gacrux counts under a game-point primary is not
# compared (docs/team.md).
CODES = (
    "MPVGP", "BH", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "SSSC", "PS", "KS", "AOB",
    "BH:MP", "BH:GP", "SB:MP", "SB:GP", "WIN:MP", "WON:MP", "BC",
)  # fmt: skip


def gacrux_values(path: Path, codes: tuple[str, ...], rounds: int) -> dict[int, dict[str, str]]:
    """gacrux's values for *codes* after *rounds* rounds: team -> code -> printed value."""
    out = path.with_suffix(".txt")
    argv = ["tiebreakchecker", "-i", str(path), "-o", str(out), "-F", "txt", "-d", "B", "-s", "-n", str(rounds)]
    saved = sys.argv
    sys.argv = [*argv, "-t", *codes]
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            gacrux_checker.tiebreakchecker().common_main()
    finally:
        sys.argv = saved
    if not out.exists():
        return {}
    lines = out.read_text().splitlines()
    head = lines[0].split()
    return {
        int(w[0]): dict(zip(head[2:], w[2:], strict=True))
        for w in (x.split() for x in lines[1:])
        if w[:1] and w[0].isdigit()
    }


def agrees(ours: object, printed: str) -> bool:
    if ours is None:
        return printed in ("-0", "None")
    return abs(Fraction(ours) - Fraction(Decimal(printed))) <= Fraction(1, 200)  # gacrux prints hundredths


def had_pab(team_file, team: int) -> bool:
    return any(r.kind is RoundKind.PAB for r in team_file.histories[team][: team_file.played_rounds])


@pytest.mark.slow
def test_gacrux_computes_the_team_tie_breaks_of_written_files_as_we_do(tmp_path: Path) -> None:
    compared = failed = 0
    differences = []
    for seed in range(EVENTS):
        event = generate_team_event(random_config(seed, most_teams=12, most_rounds=7, forfeit_rate=0.05), seed)
        if not event.rounds:
            continue
        path = tmp_path / f"{seed}.trf"
        path.write_text(write_team_trf(event, options=WriteOptions(start_date="2026/04/01")))
        team_file = read_team_trf(path.read_text())
        table = team_table(team_file)
        theirs = gacrux_values(path, CODES, len(event.rounds))
        if len(theirs) != len(team_file.teams):
            failed += 1  # gacrux could not read or rank this file
            continue
        for code in CODES:
            for team, value in team_values(table, parse_team(code)).items():
                if code == "BC" and had_pab(team_file, team):
                    continue  # pinned below
                compared += 1
                if not agrees(value, theirs[team][code]):
                    differences.append((seed, team, code, str(value), theirs[team][code]))
    assert not differences, differences[:10]
    assert failed <= EVENTS // 50
    assert compared > 20 * EVENTS


RANKED_LISTS = (
    ("EDE",), ("EDE", "BH"), ("MPVGP", "EDE", "SB"), ("EDEC",), ("EDET",), ("EDEBT",), ("EDEBB",), ("BH", "SB", "EDE"),
)  # fmt: skip


@pytest.mark.slow
def test_gacrux_ranks_written_files_by_the_direct_encounter_lists_as_we_do(tmp_path: Path) -> None:
    """gacrux prints places, not values, for the direct encounters: the rankings are compared."""
    compared = 0
    for seed in range(EVENTS // 3):
        event = generate_team_event(random_config(seed, most_teams=12, most_rounds=7, forfeit_rate=0.05), seed)
        if not event.rounds:
            continue
        path = tmp_path / f"{seed}.trf"
        path.write_text(write_team_trf(event, options=WriteOptions(start_date="2026/04/01")))
        team_file = read_team_trf(path.read_text())
        for codes in RANKED_LISTS:
            if len(gacrux_values(path, ("PTS", *codes), len(event.rounds))) != len(team_file.teams):
                continue
            rows = path.with_suffix(".txt").read_text().splitlines()[1:]
            theirs = {int(w[0]): int(w[1]) for w in (x.split() for x in rows) if w[:1] and w[0].isdigit()}
            assert {r.team: r.rank for r in standings_of(team_file, codes)} == theirs, (seed, codes)
            compared += 1
    assert compared > len(RANKED_LISTS) * EVENTS // 4


def test_gacrux_scores_each_board_of_a_pab_as_a_won_game_in_the_board_count(tmp_path: Path) -> None:
    """C.07 12.2 sums, board by board, the game points the team scored there; a PAB gives the
    team a drawn match's game points (C.04.6 1.4; record 320: 2.0 of 4 boards here). We
    share those points evenly among the boards (½ on each), so BC and GP count the same
    points; gacrux scores every board of the PAB as a won game (record 162's P, "same as
    W": 1 on each), four points on a team given two. Adjudicated: ours, by 1.4 and 12.2."""
    config = TeamEventConfig(
        teams=5, boards=4, rounds=3, forfeit_rate=0.0, absent_rate=0.0, primary=PrimaryScore.MATCH_POINTS
    )
    event = generate_team_event(config, 2)
    path = tmp_path / "pab.trf"
    path.write_text(write_team_trf(event, options=WriteOptions(start_date="2026/04/01")))
    team_file = read_team_trf(path.read_text())
    pab_team = event.rounds[0].pairing.bye
    assert pab_team is not None
    ours = team_values(team_table(team_file), parse_team("BC"))[pab_team]
    theirs = Fraction(Decimal(gacrux_values(path, ("BC",), 3)[pab_team]["BC"]))
    assert theirs - ours == sum(Fraction(1, 2) * board for board in range(1, 5))  # ½ more on boards 1-4

"""The TRF-2026 team records: written and read back they pair every round as the event was
paired; gacrux's own TRF reader pairs the written file's next round as we do; the command
line pairs and checks team files."""

from __future__ import annotations

import dataclasses
import io
import subprocess
import sys

import pytest

from pairing.cli import main
from pairing.engine.team import ColourPreferences, PrimaryScore, pair_round
from pairing.engine.team.generator import TeamEventConfig, generate_team_event
from pairing.engine.team.standings import write_team_trf
from pairing.engine.team.trf import options_of, read_team_trf, type_code
from tests.engine.team.events import random_config


def config(seed: int, **extra) -> TeamEventConfig:
    return random_config(seed, most_teams=14, most_rounds=9, forfeit_rate=0.06, **extra)


def test_record_192_round_trip() -> None:
    for preferences in ColourPreferences:
        for primary in PrimaryScore:
            for secondary in (True, False):
                assert options_of(type_code(preferences, primary, secondary)) == (preferences, primary, secondary)
    assert options_of("FIDE_TEAM") == (ColourPreferences.TYPE_A, PrimaryScore.MATCH_POINTS, True)
    assert options_of("FIDE_TEAM_BAKU")[0] is ColourPreferences.TYPE_A


def test_written_files_read_back_pair_every_round_as_the_event_was_paired() -> None:
    rounds = 0
    for seed in range(150):
        event = generate_team_event(config(seed), seed)
        team_file = read_team_trf(write_team_trf(event))
        for played in event.rounds:
            ours, read = pair_round(played.round), pair_round(team_file.round(played.number))
            assert (ours.matches, ours.bye) == (read.matches, read.bye), (seed, played.number)
            assert {(m.white, m.black) for m in team_file.pairing(played.number).matches} == {
                (m.white, m.black) for m in played.pairing.matches
            }
            rounds += 1
    assert rounds > 500


@pytest.mark.slow
def test_gacrux_reads_the_written_file_and_pairs_the_next_round_as_we_do(tmp_path) -> None:
    pytest.importorskip("gacrux")
    compared = 0
    for seed in range(25):
        event = generate_team_event(config(seed, absent_rate=0.0, half_bye_rate=0.0, full_bye_rate=0.0), seed)
        if len(event.rounds) < 2:
            continue
        before = dataclasses.replace(event, rounds=event.rounds[:-1])
        path = tmp_path / f"{seed}.trf"
        path.write_text(write_team_trf(before))
        run = subprocess.run(
            [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-dT"],
            capture_output=True,
            text=True,
            check=False,
        )
        rows = [tuple(map(int, line.split())) for line in run.stdout.split("\n")[1:] if line.strip()]
        pairing = event.rounds[-1].pairing
        expected = {(m.white, m.black) for m in pairing.matches} | ({(pairing.bye, 0)} if pairing.bye else set())
        assert set(rows) == expected, seed
        compared += 1
    assert compared >= 20


def test_the_command_line_pairs_and_checks_a_team_file(tmp_path) -> None:
    path = tmp_path / "team.trf"
    out = io.StringIO()
    assert main(["--team", "--generate", str(path), "--seed", "3", "--players", "11", "--rounds", "6"], out) == 0
    out = io.StringIO()
    assert main(["--team", "--check", str(path)], out) == 0
    assert out.getvalue().endswith("6 rounds checked, 0 differ\n")
    out = io.StringIO()
    assert main(["--team", str(path), "-p", "--round", "6"], out) == 0
    rows = out.getvalue().split("\n")
    assert rows[0] == "6" and rows[6].endswith(" 0")
    err = io.StringIO()
    assert main(["--team", str(path), "-p"], io.StringIO(), err) == 2  # a seventh round of six
    # with the other initial colour (art. 4.1) round one's colours are all wrong
    text = path.read_text()
    flipped = text.replace("152 W", "152 b") if "152 W" in text else text.replace("152 B", "152 W")
    path.write_text(flipped.replace("152 b", "152 B"))
    out = io.StringIO()
    assert main(["--team", "--check", str(path)], out) == 1
    assert "round 1: C.04.6 4:" in out.getvalue()

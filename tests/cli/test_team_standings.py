"""python -m pairing --team: the team standings from a file (--standings), their check
(--check), the tie-break list written by --generate, and a malformed team record reported as
``file:line:column: message``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import pairing.cli as cli


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


GENERATE = ("--team", "--seed", "5", "--players", "9", "--rounds", "5", "--start-date", "2026/04/01")


@pytest.fixture
def generated(tmp_path: Path) -> Path:
    path = tmp_path / "teams.trf"
    assert run(*GENERATE, "--tiebreaks", "EDE,BC,BH:GP", "--generate", str(path))[0] == 0
    return path


def test_generate_writes_the_list_the_ranks_and_the_values(generated: Path) -> None:
    text = generated.read_text()
    assert "202 EDE,BC,BH:GP\n212 PTS,EDE,BC,BH:GP\n" in text
    assert "###TBV SNO      PTS      EDE       BC    BH:GP\n" in text
    ranks = [int(line[68:71]) for line in text.splitlines() if line.startswith("310")]
    assert sorted(ranks)[0] == 1 and len(ranks) == 9


def test_standings_print_the_files_list(generated: Path) -> None:
    code, out, err = run("--team", str(generated), "--standings")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["Rank", "TPN", "MP", "EDE", "BC", "BH:GP", "Team"]
    assert len(lines) == 10 and lines[1].split()[0] == "1"
    ranks = {int(line[68:71]) for line in generated.read_text().splitlines() if line.startswith("310")}
    assert {int(line.split()[0]) for line in lines[1:]} == ranks


def test_standings_take_another_list_from_the_command_line(generated: Path) -> None:
    code, out, _ = run("--team", str(generated), "--standings", "--tiebreaks", "GP,SB")
    assert code == 0 and out.splitlines()[0].split() == ["Rank", "TPN", "MP", "GP", "SB", "Team"]
    code, _, err = run("--team", str(generated), "--standings", "--tiebreaks", "GP,XYZ")
    assert code == 2 and "XYZ" in err


def test_check_verifies_the_standings_and_reports_a_wrong_value(generated: Path) -> None:
    code, out, _ = run("--team", "--check", str(generated))
    assert (code, out) == (0, "5 rounds checked, 0 differ\n")
    lines = generated.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("###TBV") and line.split()[1] == "4")
    words = lines[k].split()
    lines[k] = lines[k].replace(f" {words[4]}", f" {float(words[4]) + 10:.1f}", 1)
    generated.write_text("\n".join(lines) + "\n")
    code, out, _ = run("--team", "--check", str(generated))
    assert code == 1
    assert f"standings: team 4 BC: the file has {float(words[4]) + 10:.1f}, computed {words[4]}\n" in out
    assert out.endswith("standings: 1 disagreements\n")
    assert run("--team", "--check", str(generated), "--no-standings")[0] == 0


def test_a_malformed_team_record_names_file_line_and_column(generated: Path) -> None:
    lines = generated.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("330") or line.startswith("320"))
    lines[k] = lines[k][:4] + "x" + lines[k][5:]
    generated.write_text("\n".join(lines) + "\n")
    code, _, err = run("--team", "--check", str(generated))
    assert code == 2
    assert err.startswith(f"{generated}:{k + 1}:5: ")


def test_standings_are_for_team_files(generated: Path) -> None:
    code, _, err = run(str(generated), "--standings")
    assert code == 2 and "--team" in err

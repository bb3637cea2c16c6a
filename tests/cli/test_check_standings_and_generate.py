"""python -m pairing --check verifies the standings; --generate takes every setting, and a config file."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import pairing.cli as cli
from pairing.engine.trf import read_trf


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


GENERATE = (
    "--dutch", "--edition", "2026", "--seed", "5", "--players", "16", "--rounds", "6",
    "--tiebreaks", "BH/C1,BH,SB,DE,WIN", "--start-date", "2026/04/01",
)  # fmt: skip


@pytest.fixture
def generated(tmp_path: Path) -> Path:
    path = tmp_path / "t.trf"
    assert run(*GENERATE, "--generate", str(path), "--trf26")[0] == 0
    return path


def test_a_generated_file_checks_clean_rounds_and_standings(generated: Path) -> None:
    assert run("--check", str(generated)) == (0, "agree 6 of 6 rounds\n", "")


def test_a_standings_disagreement_is_printed_with_the_player_and_the_code_and_exits_1(generated: Path) -> None:
    lines = generated.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("###TBV") and line.split()[1] == "3")
    words = lines[k].split()
    words[4] = "99.0"  # player 3's Buchholz
    lines[k] = " ".join(words)
    generated.write_text("\n".join(lines) + "\n")
    code, out, _ = run("--check", str(generated))
    assert code == 1
    first, *rest = out.splitlines()
    assert first.startswith("standings: player 3 BH: the file has 99.0, computed ")
    assert rest == ["standings: 1 disagreements", "agree 6 of 6 rounds"]
    assert run("--check", "--no-standings", str(generated))[0] == 0


def test_a_wrong_rank_in_a_folder_check_names_the_file(generated: Path) -> None:
    text = generated.read_text().splitlines()
    k = next(i for i, line in enumerate(text) if line.startswith("001    1 "))
    rank = text[k][85:89]
    text[k] = text[k][:85] + f"{16:>4}" + text[k][89:]
    generated.write_text("\n".join(text) + "\n")
    code, out, _ = run("--check", str(generated.parent))
    assert code == 1 and rank.strip() != "16"
    assert out.splitlines()[0].startswith("t.trf standings: player 1 ")
    assert out.splitlines()[-1] == "agree 6 of 6 rounds (1 tournaments)"


@pytest.mark.parametrize("suffix", [".json", ".toml"])
def test_settings_come_from_a_config_file_and_the_command_line_wins(tmp_path: Path, suffix: str) -> None:
    settings = {"players": 14, "rounds": 5, "tiebreaks": ["BH", "SB"], "unrated-rate": 0.2, "bye_count": 2}
    config = tmp_path / f"settings{suffix}"
    if suffix == ".json":
        config.write_text(json.dumps(settings))
    else:
        config.write_text('players = 14\nrounds = 5\ntiebreaks = ["BH", "SB"]\nunrated-rate = 0.2\nbye_count = 2\n')
    out = tmp_path / "t.trf"
    argv = ("--dubov", "--edition", "2026", "--generate", str(out), "--config", str(config), "--players", "12")
    assert run(*argv)[0] == 0
    t = read_trf(out)
    assert len(t.players) == 12 and t.xx_rounds == 5  # the command line's 12 wins over the file's 14
    assert "212 PTS BH SB" in t.other_records and any(p.rating is None for p in t.players)
    assert run("--check", str(out))[0] == 0


def test_a_config_file_with_an_unknown_setting_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "bad.json"
    config.write_text('{"playerz": 3}')
    code, _, err = run("--generate", str(tmp_path / "t.trf"), "--config", str(config))
    assert code == 2 and "unknown settings playerz" in err


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein", "lim"])
@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_every_system_and_edition_generates_files_its_checker_accepts(tmp_path: Path, system: str, edition: str):
    out = tmp_path / "t.trf"
    argv = ["--generate", str(out), "--seed", "3", "--players", "14", "--rounds", "5", "--tiebreaks", "BH/C1,SB"]
    assert run(f"--{system}", "--edition", edition, *argv, "--unrated-rate", "0.1", "--scoring", "W=1,D=0.5")[0] == 0
    assert read_trf(out).type_192 == f"FIDE_{system.upper()}_{edition}"
    assert run("--check", str(out)) == (0, "agree 5 of 5 rounds\n", "")


@pytest.mark.parametrize(
    ("edition", "points"),
    [
        # C.04.7 1.4, 7 rounds: 4 accelerated rounds, a win's points in the first 2, half in the next 2.
        ("2026", (10, 10, 5, 5, 0, 0, 0)),
        # C.04.5.1: 1 point before rounds 1-3, 0.5 before rounds 4-5, whatever the length.
        ("2017", (10, 10, 10, 5, 5, 0, 0)),
    ],
)
def test_a_generated_baku_event_carries_its_editions_virtual_points(tmp_path: Path, edition: str, points) -> None:
    out = tmp_path / "t.trf"
    argv = ["--generate", str(out), "--seed", "2", "--players", "16", "--rounds", "7", "--late-rate", "0"]
    assert run("--dutch", "--edition", edition, "--acceleration", "baku", *argv)[0] == 0
    t = read_trf(out)
    assert t.type_192 == f"FIDE_DUTCH_{edition}_BAKU"
    virtual = dict(t.xx_acceleration)
    assert [virtual.get(k) for k in range(1, 9)] == [points] * 8  # group A: the first 2 x ceil(16/4)
    assert all(k not in virtual for k in range(9, 17))
    assert run("--check", str(out)) == (0, "agree 7 of 7 rounds\n", "")

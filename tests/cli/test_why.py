"""python -m pairing -p --why A,B: the answer on the first line, the forced pairing below."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_cli import FIXTURES, cut_file, rows, run

DUBOV = FIXTURES / "dubov-seed-example.trf"


@pytest.mark.parametrize(("edition", "rule"), [("2017", "C.5"), ("2026", "C6")])
def test_why_names_the_criterion_and_shows_the_forced_pairing(tmp_path: Path, edition: str, rule: str) -> None:
    code, out, err = run("--dutch", "--edition", edition, str(cut_file(tmp_path, 5)), "-p", "--why", "1,11")
    assert (code, err) == (0, "")
    first, rest = out.split("\n", 1)
    assert first == (
        f"Pairing 1-11 makes the round worse: in bracket 2 (3 points), 1 pair fewer: more players float down ({rule})."
    )
    assert (1, 11) in rows(rest) or (11, 1) in rows(rest)


def test_why_cites_the_round_they_met(tmp_path: Path) -> None:
    code, out, _ = run("--dutch", "--edition", "2017", str(cut_file(tmp_path, 5)), "-p", "--why", "5,1")
    assert code == 0
    assert out == "5 and 1 met in round 2: two players shall not meet twice (C.1).\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--edition", "2017", "--why", "1"), "give two start numbers"),
        (("--edition", "2017", "--why", "3,3"), "two different players"),
        (("--edition", "2017", "--why", "1,99"), "no player 99"),
    ],
)
def test_why_refuses_what_it_cannot_answer(tmp_path: Path, argv: tuple[str, ...], message: str) -> None:
    code, out, err = run(str(cut_file(tmp_path, 5)), "-p", *argv)
    assert code == 2 and out == "" and message in err


def test_why_belongs_to_pairing(tmp_path: Path) -> None:
    code, _, err = run("--check", str(cut_file(tmp_path, 5)), "--why", "1,2")
    assert code == 2 and "use them with -p" in err


def test_explain_follows_the_pairing_with_one_line_per_player(tmp_path: Path) -> None:
    code, out, err = run("--dutch", "--edition", "2026", str(cut_file(tmp_path, 2)), "-p", "--explain")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    count = int(lines[0])
    explained = lines[1 + count :]
    assert rows("\n".join(lines[: 1 + count]) + "\n")
    assert len(explained) == 13 and all("paired in bracket" in line for line in explained)
    assert explained[-1].startswith("14 (0 points)") and "(C2, C5, C9)" in explained[-1]


def test_why_and_explain_for_the_lim_system(tmp_path: Path) -> None:
    code, out, err = run("--lim", "--edition", "2026", str(cut_file(tmp_path, 5)), "-p", "--why", "5,1")
    assert (code, err) == (0, "")
    assert out == "5 and 1 met in round 2: they are not compatible (2.1).\n"
    code, out, err = run("--lim", "--edition", "2017", str(cut_file(tmp_path, 5)), "-p", "--why", "1,4")
    assert (code, err) == (0, "")
    first, rest = out.split("\n", 1)
    assert first == (
        "The Lim procedure pairs scoregroup by scoregroup; with 1-4 it first differs in scoregroup 2 (3 points), "
        "where 2 more players cannot be paired in it and float (2.3)."
    )
    assert (1, 4) in rows(rest) or (4, 1) in rows(rest)
    code, out, err = run("--lim", "--edition", "2026", str(cut_file(tmp_path, 5)), "-p", "--explain")
    assert (code, err) == (0, "")
    assert sum("paired in scoregroup" in line for line in out.splitlines()) == 14


@pytest.mark.parametrize(("edition", "rule"), [("2017", "C.10"), ("2026", "[C10]")])
def test_why_answers_for_the_dubov_system(tmp_path: Path, edition: str, rule: str) -> None:
    code, out, err = run("--dubov", "--edition", edition, str(cut_file(tmp_path, 3, DUBOV)), "-p", "--why", "3,7")
    assert (code, err) == (0, "")
    first, rest = out.split("\n", 1)
    assert first == (
        "Pairing 3-7 makes the round worse: in bracket 2 (1.5 points), "
        f"1 more upfloater upfloated in the previous round ({rule})."
    )
    assert (3, 7) in rows(rest) or (7, 3) in rows(rest)


@pytest.mark.parametrize("system", ["--dubov", "--burstein"])
def test_explain_answers_for_the_dubov_and_burstein_systems(tmp_path: Path, system: str) -> None:
    code, out, err = run(system, "--edition", "2017", str(cut_file(tmp_path, 5, DUBOV)), "-p", "--explain")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    explained = lines[1 + int(lines[0]) :]
    assert len(explained) == 13 and sum("pairing-allocated bye" in line for line in explained) == 1

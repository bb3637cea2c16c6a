"""python -m pairing --double-swiss FILE -p --why A,B and --explain (C.04.5 2026): a match of
a generated Double-Swiss event (two TRF columns per match), explained on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.engine import explain
from tests.cli.test_cli import rows, run


def event(tmp_path: Path) -> Path:
    path = tmp_path / "double.trf"
    code, _, _ = run("--double-swiss", "--generate", str(path), "--players", "11", "--rounds", "4", "--seed", "3")
    assert code == 0
    return path


def test_why_answers_for_a_double_swiss_match(tmp_path: Path) -> None:
    path = event(tmp_path)  # match 4 opens in column 7
    code, out, _ = run("--double-swiss", "--edition", "2026", str(path), "-p", "--round", "7", "--why", "3,4")
    assert code == 0
    first, rest = out.split("\n", 1)
    assert first == (
        "The best pairing with 3-4 first differs in bracket 1 (5 points), where it is as good by every criterion; "
        "the engine's upfloaters (3) come before these (7) in the order of the sets (3.5.4)."
    )
    assert (3, 4) in rows(rest) or (4, 3) in rows(rest)
    code, out, _ = run("--double-swiss", "--edition", "2026", str(path), "-p", "--round", "7", "--why", "10,11")
    assert (code, out) == (
        0,
        "10 and 11 played each other in match 3, not forfeited in both games: they shall not meet again ([C1]).\n",
    )


def test_explain_follows_a_double_swiss_pairing_with_one_line_per_player(tmp_path: Path) -> None:
    code, out, _ = run("--double-swiss", "--edition", "2026", str(event(tmp_path)), "-p", "--round", "7", "--explain")
    assert code == 0
    lines = out.splitlines()
    count = int(lines[0])
    explained = lines[1 + count :]
    assert len(explained) == 2 * count and all("paired in bracket" in line for line in explained)
    assert explained[0].startswith("10 (5 points): paired in bracket 1 (5 points); meets 3 (3.5 points), an upfloater")
    assert "in game 1" in explained[0]


def test_a_system_without_an_explainer_is_refused_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explain, "EXPLAINERS", {"dutch": explain.EXPLAINERS["dutch"]})
    path = str(event(tmp_path))
    code, out, err = run("--double-swiss", "--edition", "2026", path, "-p", "--round", "7", "--why", "1,2")
    assert (code, out) == (2, "") and "explains the pairings of these systems only: dutch" in err

"""python -m pairing --team FILE -p --explain / --why A,B: the team round explained team by
team, and why two teams do not meet (C.04.6 2026)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_cli import rows, run


@pytest.fixture
def event(tmp_path: Path) -> str:
    path = tmp_path / "teams.trf"
    code, _, err = run("--team", "--generate", str(path), "--seed", "7", "--players", "13", "--rounds", "7")
    assert (code, err) == (0, "")
    return str(path)


def test_explain_writes_the_pairing_then_a_line_per_team(event: str) -> None:
    code, out, err = run("--team", event, "-p", "--round", "5", "--explain")
    assert (code, err) == (0, "")
    pairing = out.split("\n")[: 1 + 7]
    assert rows("\n".join(pairing) + "\n")[-1] == (9, 0)
    lines = out.split("\n")[8:-1]
    assert len(lines) == 13
    assert lines[3] == (
        "Team 8 (5 match points): paired in bracket 1 (6 match points); meets 4 (6 match points), a higher score: it "
        "is an upfloater; its bracket's scoregroup has an odd number of teams and takes one upfloater, the fewest "
        "(C4, 2.3.1); the upfloaters of the highest scores available (C5, 2.3.2); its set of upfloaters is the first "
        "legal one in the order of 3.5.3-3.5.4; White on board 1: the team with the lower colour difference has "
        "White (4.3.5; type A preferences, 1.7.1)."
    )
    assert lines[-1].startswith("Team 9 (1 match point): receives the pairing-allocated-bye")
    assert lines[-1].endswith("it comes before 6, who has a higher score (3.4.2).")


def test_why_names_the_criterion_and_shows_the_forced_pairing(event: str) -> None:
    code, out, err = run("--team", event, "-p", "--round", "5", "--why", "1,9")
    assert (code, err) == (0, "")
    first, rest = out.split("\n", 1)
    assert first == (
        "With 1-9 paired, the pairing first differs at the pairing-allocated-bye, where it would go to 6 (2 match "
        "points) instead of 9 (1 match point): the lowest score first (3.4.2)."
    )
    forced = rows(rest)
    assert (1, 9) in forced and (6, 0) in forced


def test_why_names_the_round_two_teams_met(event: str) -> None:
    code, out, _ = run("--team", event, "-p", "--round", "5", "--why", "1,4")
    assert (code, out) == (0, "Teams 1 and 4 met in round 3: two teams shall not meet twice (C1, 2.1.1).\n")


def test_why_of_a_pair_made(event: str) -> None:
    code, out, _ = run("--team", event, "-p", "--round", "5", "--why", "2,1")
    assert (code, out) == (0, "Teams 2 and 1 are paired together in this round.\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--why", "1"), "give two team pairing numbers"),
        (("--why", "3,3"), "two different teams"),
        (("--why", "1,99"), "team 99 is not paired in round 5"),
    ],
)
def test_why_refuses_what_it_cannot_answer(event: str, argv: tuple[str, ...], message: str) -> None:
    code, out, err = run("--team", event, "-p", "--round", "5", *argv)
    assert code == 2 and out == "" and message in err

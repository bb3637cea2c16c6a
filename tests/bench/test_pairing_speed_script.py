"""bench/pairing_speed.py runs, both histories, on sizes small enough for the suite. It
prints figures and asserts none: the speed targets are read from its output, never
from a timed test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "pairing_speed.py"


def run(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def test_greedy_history_prints_one_line_per_size() -> None:
    lines = run("--sizes", "20", "40", "--round", "4", "--edition", "2026")
    assert lines[0].split()[:8] == ["system", "edition", "players", "seed", "round", "seconds", "cpu-s", "peak"]
    assert [line.split()[:5] for line in lines[1:]] == [
        ["dutch", "2026", "20", "1", "4"],
        ["dutch", "2026", "40", "1", "4"],
    ]


def test_every_system_and_edition_gets_its_line() -> None:
    lines = run("--system", "all", "--sizes", "12", "--round", "2")
    assert {tuple(line.split()[:2]) for line in lines[1:]} == {
        (system, edition) for system in ("dutch", "dubov", "burstein", "lim") for edition in ("2017", "2026")
    }


def test_engine_history_prints_every_round() -> None:
    lines = run("--history", "engine", "--sizes", "30", "--round", "3", "--late", "0.05", "--edition", "2017")
    assert [line.split()[2:5] for line in lines[1:]] == [["30", "1", "1"], ["30", "1", "2"], ["30", "1", "3"]]


def test_a_range_of_rounds_gets_one_line_each() -> None:
    lines = run("--sizes", "20", "--round", "2-3,5", "--edition", "2017")
    assert [line.split()[4] for line in lines[1:]] == ["2", "3", "5"]


def test_engine_history_prints_the_rounds_listed() -> None:
    lines = run("--history", "engine", "--sizes", "30", "--round", "2,4", "--edition", "2026")
    assert [line.split()[2:5] for line in lines[1:]] == [["30", "1", "2"], ["30", "1", "4"]]


def test_cpu_seconds_are_printed_beside_the_wall_seconds() -> None:
    lines = run("--sizes", "20", "--round", "3", "--edition", "2026")
    wall, cpu = (float(field) for field in lines[1].split()[5:7])
    assert cpu >= 0 and wall >= 0

"""python -m pairing: pairing, --check, --generate, --aro, errors and exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import pairing.cli as cli
import pairing.cli.common as cli_common
from pairing.engine import PairingOptions
from pairing.engine.state import Board, Pairing, PairingError, TournamentState
from pairing.engine.trf import read_trf, write_trf
from pairing.engine.trf.state import cut

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "trf"
DUTCH = FIXTURES / "dutch-seed-example.trf"
EXPECTED = json.loads((FIXTURES / "expected-pairings.json").read_text())["dutch-seed-example.trf"]
CHECK_TOOL = ROOT.parent / "shared" / "tools" / "check_pairings.py"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def rows(text: str) -> list[tuple[int, int]]:
    lines = text.split("\n")
    count = int(lines[0])
    pairs = [tuple(map(int, line.split())) for line in lines[1 : 1 + count]]
    assert len(pairs) == count and lines[1 + count :] == [""]
    return pairs  # type: ignore[return-value]


def cut_file(tmp_path: Path, rnd: int, source: Path = DUTCH) -> Path:
    path = tmp_path / f"round{rnd}.trf"
    path.write_text(write_trf(cut(read_trf(source), rnd)))
    return path


@pytest.mark.parametrize("rnd", range(1, 7))
def test_it_pairs_each_round_of_the_dutch_example_to_stdout(tmp_path: Path, rnd: int) -> None:
    code, out, err = run("--dutch", "--edition", "2017", str(cut_file(tmp_path, rnd)), "-p")
    assert (code, err) == (0, "")
    assert sorted(rows(out)) == sorted(map(tuple, EXPECTED[str(rnd)]))


def test_the_bye_row_comes_last_and_counts_as_a_pair(tmp_path: Path) -> None:
    code, out, _ = run("--dutch", "--edition", "2017", str(cut_file(tmp_path, 2)), "-p")
    assert code == 0
    assert out.splitlines()[0] == "7" and out.splitlines()[-1] == "14 0"
    assert out.splitlines()[1] == "5 1"  # board 1 first (C.04.2.D.9)


def test_it_writes_the_output_file(tmp_path: Path) -> None:
    output = tmp_path / "out.txt"
    code, out, _ = run("--dutch", "--edition", "2017", str(cut_file(tmp_path, 3)), "-p", str(output))
    assert (code, out) == (0, "")
    assert sorted(rows(output.read_text())) == sorted(map(tuple, EXPECTED["3"]))


def test_a_lone_input_file_is_paired_and_dutch_is_the_default(tmp_path: Path) -> None:
    code, out, _ = run("--edition", "2017", str(cut_file(tmp_path, 4)))
    assert code == 0 and sorted(rows(out)) == sorted(map(tuple, EXPECTED["4"]))


def test_round_option_pairs_a_given_round_of_a_complete_file() -> None:
    code, out, _ = run("--dutch", "--edition", "2017", str(DUTCH), "--round", "5", "-p")
    assert code == 0 and sorted(rows(out)) == sorted(map(tuple, EXPECTED["5"]))


def test_a_finished_tournament_has_no_next_round() -> None:
    code, out, err = run("--dutch", str(DUTCH), "-p")
    assert (code, out) == (3, "")
    assert "round 7 is beyond the 6 rounds" in err


def test_check_finds_no_difference_in_the_dutch_example() -> None:
    code, out, _ = run("--dutch", "--edition", "2017", "--check", str(DUTCH))
    assert code == 0
    assert out == "comparing with the expected pairings of expected-pairings.json\nagree 6 of 6 rounds\n"


def test_check_compares_with_expected_pairings_when_they_are_given(tmp_path: Path) -> None:
    dubov = tmp_path / "dubov-seed-example.trf"
    dubov.write_text((FIXTURES / "dubov-seed-example.trf").read_text())
    pytest.importorskip("pairing.engine.dubov")
    # The file records round 4 as the seed played it; the rules give 7-10 and 11-13 (vectors README).
    code, out, _ = run("--dubov", "--check", str(dubov))
    assert code == 1
    assert "round 4: expected but missing [(7, 11), (13, 10)]; produced instead [(7, 10), (11, 13)]" in out
    code, out, _ = run("--dubov", "--check", str(dubov), "--expected", str(FIXTURES / "expected-pairings.json"))
    assert code == 0 and out.endswith("agree 6 of 6 rounds\n")


def test_check_walks_a_folder_of_tournaments() -> None:
    code, out, _ = run("--dutch", "--edition", "2017", "--check", str(FIXTURES / "corpus" / "dutch-2017-baku"))
    assert code == 0
    assert out.splitlines()[-1].endswith("rounds (11 tournaments)")
    agreed, of = out.split()[1], out.split()[3]
    assert agreed == of


def test_a_folder_check_names_the_malformed_file_and_goes_on(tmp_path: Path) -> None:
    (tmp_path / "a.trf").write_text(DUTCH.read_text())
    (tmp_path / "b.trf").write_text(DUTCH.read_text().replace("   8 w 1", "   8 w ?", 1))
    code, out, err = run("--edition", "2017", "--check", str(tmp_path))
    assert code == 2
    assert err.startswith(f"{tmp_path / 'b.trf'}:12:99: unknown result code '?'")
    assert out.splitlines()[-1] == "agree 6 of 6 rounds (2 tournaments)"


def test_check_refuses_a_missing_expected_file(tmp_path: Path) -> None:
    code, _, err = run("--check", str(DUTCH), "--expected", str(tmp_path / "none.json"))
    assert code == 2 and "none.json" in err


def test_check_accepts_the_input_before_the_flag() -> None:
    assert run("--dutch", "--edition", "2017", str(DUTCH), "--check")[0] == 0


def test_check_reports_a_round_altered_by_hand(tmp_path: Path) -> None:
    # Round 6 (columns 142-149), board 1-6: give player 6 the White the rules gave player 1.
    blocks = {1: "   6 b 1", 6: "   1 w 0"}
    altered = []
    for line in DUTCH.read_text().splitlines():
        if line.startswith("001") and int(line[4:8]) in blocks:
            line = line[:141] + blocks[int(line[4:8])]
        altered.append(line)
    path = tmp_path / "altered.trf"
    path.write_text("\n".join(altered) + "\n")
    code, out, _ = run("--dutch", "--check", str(path))
    assert code == 1
    assert out.splitlines() == [
        "round 6: expected but missing [(6, 1)]; produced instead [(1, 6)]",
        "agree 5 of 6 rounds",
    ]


def test_check_reports_a_recorded_rematch(tmp_path: Path) -> None:
    t = read_trf(DUTCH)
    lines = DUTCH.read_text().splitlines()
    # Round 2: make 1 meet 8 again (they met in round 1) and 5 meet 11 instead.
    repl = {1: "   8 b 0", 8: "   1 w 1", 5: "  11 w 1", 11: "   5 b 0"}
    out_lines = []
    for line in lines:
        if line.startswith("001"):
            start = int(line[4:8])
            if start in repl:
                line = line[:101] + repl[start] + line[109:]
        out_lines.append(line)
    path = tmp_path / "rematch.trf"
    path.write_text("\n".join(out_lines) + "\n")
    assert read_trf(path).player(1).rounds[1].opponent == 8 and t.player(1).rounds[1].opponent == 5
    code, out, _ = run("--check", str(path))
    assert code == 1
    assert "round 2: the recorded pairing breaks C.04.1.b: players 8 and 1 have already played each other" in out


def test_a_malformed_file_names_file_line_and_column_and_exits_2(tmp_path: Path) -> None:
    text = DUTCH.read_text().splitlines()
    text[13] = text[13][:98] + "x" + text[13][99:]  # line 14 = player 3, round 1 result
    path = tmp_path / "bad.trf"
    path.write_text("\n".join(text) + "\n")
    code, out, err = run("--dutch", str(path), "-p")
    assert (code, out) == (2, "")
    assert err.startswith(f"{path}:14:99: unknown result code 'x'")


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    code, _, err = run("--dutch", str(tmp_path / "nothing.trf"), "-p")
    assert code == 2 and "nothing.trf" in err


def test_an_unpairable_round_prints_the_reason_and_exits_3(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(
        state: TournamentState, system: str, edition: str | None = None, options: PairingOptions | None = None
    ) -> Pairing:
        raise PairingError("every pairing repeats a game (C.04.1.b)")

    monkeypatch.setattr(cli_common, "pair", refuse)
    code, out, err = run("--dutch", "--edition", "2017", str(cut_file(tmp_path, 2)), "-p")
    assert (code, out) == (3, "")
    assert err == "cannot pair: every pairing repeats a game (C.04.1.b)\n"


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein", "lim"])
@pytest.mark.parametrize("acceleration", ["none", "baku", "progressive", "burstein"])
def test_the_system_and_acceleration_reach_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str, acceleration: str
) -> None:
    seen = {}

    def fake(
        state: TournamentState, system: str, edition: str | None = None, options: PairingOptions | None = None
    ) -> Pairing:
        seen.update(system=system, edition=edition, options=options, round=state.round_to_pair)
        return Pairing((Board(1, 2),), None)

    monkeypatch.setattr(cli_common, "pair", fake)
    code, out, _ = run(f"--{system}", str(cut_file(tmp_path, 3)), "-p", "--acceleration", acceleration)
    assert code == 0 and out == "1\n1 2\n"
    # With no --edition and no record 192, the rules in force today (every system has them)
    edition = "2026"
    assert seen == {
        "system": system,
        "edition": edition,
        "options": PairingOptions(acceleration=acceleration),
        "round": 3,
    }


def test_without_a_flag_record_192_chooses_the_system(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = []

    def fake(
        state: TournamentState, system: str, edition: str | None = None, options: PairingOptions | None = None
    ) -> Pairing:
        seen.append((system, options.acceleration if options else None))
        return Pairing((Board(1, 2),), None)

    monkeypatch.setattr(cli_common, "pair", fake)
    path = tmp_path / "dubov.trf"
    path.write_text("192 FIDE_DUBOV_BAKU\n" + cut_file(tmp_path, 2).read_text())
    assert run(str(path), "-p")[0] == 0
    assert run("--lim", str(path), "-p", "--acceleration", "none")[0] == 0
    assert run(str(cut_file(tmp_path, 2)), "-p")[0] == 0
    assert seen == [("dubov", "baku"), ("lim", "none"), ("dutch", "none")]


def test_a_pairing_that_breaks_a_rule_is_written_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rematch(
        state: TournamentState, system: str, edition: str | None = None, options: PairingOptions | None = None
    ) -> Pairing:
        return Pairing((Board(1, 8),), None)  # 1 and 8 met in round 1; everyone else left out

    monkeypatch.setattr(cli_common, "pair", rematch)
    code, out, err = run("--dutch", "--edition", "2017", str(cut_file(tmp_path, 2)), "-p")
    assert (code, out) == (0, "1\n1 8\n")
    assert "warning: round 2: the pairing breaks C.04.1.b: players 1 and 8 have already played each other" in err
    assert "neither paired nor given the bye" in err


def test_an_unknown_acceleration_is_refused() -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["--acceleration", "fast", str(DUTCH)], stdout=io.StringIO(), stderr=io.StringIO())
    assert info.value.code == 2


def test_two_modes_at_once_are_refused() -> None:
    code, _, err = run("--dutch", str(DUTCH), "-p", "--check")
    assert code == 2 and "choose one" in err


def test_generate_writes_a_tournament_the_engine_reproduces(tmp_path: Path) -> None:
    generator_settings = (
        *("--seed", "5", "--players", "15", "--rounds", "5"),
        *("--draw-rate", "0.3", "--forfeit-rate", "0.05", "--bye-rate", "0.05"),
        *("--withdraw-rate", "0.02", "--late-rate", "0.1"),
    )
    output = tmp_path / "random.trf"
    code, out, _ = run("--dutch", "--edition", "2026", "--generate", str(output), *generator_settings)
    assert code == 0 and str(output) in out
    t = read_trf(output)
    assert len(t.players) == 15 and t.total_rounds == 5 and t.initial_colour in ("w", "b")
    assert run("--dutch", "--edition", "2026", "--check", str(output)) == (0, "agree 5 of 5 rounds\n", "")
    again = tmp_path / "again.trf"
    run("--dutch", "--edition", "2026", "--generate", str(again), *generator_settings)
    assert again.read_text() == output.read_text()


def test_generate_refuses_a_rate_above_one(tmp_path: Path) -> None:
    code, _, err = run("--generate", str(tmp_path / "x.trf"), "--draw-rate", "2")
    assert code == 2 and "draw-rate" in err


def test_aro_prints_id_score_aro_and_name_in_rank_order() -> None:
    code, out, _ = run("--aro", str(DUTCH))
    assert code == 0
    assert out.splitlines()[:3] == ["1 4.5 2300 Alice", "2 4.5 2325 Bruno", "5 4.5 2308 Elisa"]
    assert len(out.splitlines()) == 14


def test_aro_of_the_dubov_example_after_each_round() -> None:
    expected = json.loads((FIXTURES / "expected-aro.json").read_text())["dubov-seed-example.trf"]
    for rnd, table in expected.items():
        code, out, _ = run("--aro", str(FIXTURES / "dubov-seed-example.trf"), "--round", rnd)
        assert code == 0
        printed = {int(line.split()[0]): int(line.split()[2]) for line in out.splitlines()}
        assert printed == {int(k): v for k, v in table.items()}, rnd


def test_help_lists_the_modes() -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["--help"], stdout=io.StringIO())
    assert info.value.code == 0
    code, out, _ = run()
    assert code == 0 and "--generate" in out and "--check" in out


def test_python_dash_m_pairing_runs_as_a_program(tmp_path: Path) -> None:
    output = tmp_path / "out.txt"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pairing",
            "--dutch",
            "--edition",
            "2017",
            str(cut_file(tmp_path, 6)),
            "-p",
            str(output),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(rows(output.read_text())) == sorted(map(tuple, EXPECTED["6"]))


@pytest.mark.skipif(not CHECK_TOOL.exists(), reason="../shared/tools/check_pairings.py is not beside the project")
def test_the_shared_replay_tool_agrees_through_the_cli() -> None:
    files = [str(DUTCH)] + [str(p) for p in sorted(FIXTURES.glob("corpus/dutch-2017/*.trf"))[:1]]
    done = subprocess.run(
        [
            sys.executable,
            str(CHECK_TOOL),
            "--engine",
            f"{sys.executable} -m pairing --dutch --edition 2017",
            *files,
            "--jobs",
            "2",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    assert done.stdout.splitlines()[-1].startswith("agree ")


def _record_editions(monkeypatch: pytest.MonkeyPatch) -> list[str | None]:
    seen: list[str | None] = []

    def fake(
        state: TournamentState, system: str, edition: str | None = None, options: PairingOptions | None = None
    ) -> Pairing:
        seen.append(edition)
        return Pairing((Board(1, 2),), None)

    monkeypatch.setattr(cli_common, "pair", fake)
    return seen


def test_without_edition_nor_record_192_it_pairs_by_the_rules_in_force_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _record_editions(monkeypatch)
    code, _, err = run("--dutch", str(cut_file(tmp_path, 2)), "-p")
    assert code == 0 and seen == ["2026"]
    assert err.startswith("note: no --edition given and no record 192 naming one: paired by the rules in force today")


def test_the_edition_flag_wins_over_record_192_and_says_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _record_editions(monkeypatch)
    path = tmp_path / "named.trf"
    path.write_text("192 FIDE_DUTCH_2026\n" + cut_file(tmp_path, 2).read_text())
    for argv in (("--edition", "2017", str(path), "-p"), (str(path), "-p")):
        code, out, err = run(*argv)
        assert (code, out) == (0, "1\n1 2\n") and "note:" not in err
    assert seen == ["2017", "2026"]


@pytest.mark.parametrize(
    ("record", "start", "edition"),
    [
        ("FIDE_DUTCH_2017", "2026/05/01", "2017"),
        ("FIDE_DUTCH_2017_BAKU", "", "2017"),
        ("FIDE_DUTCH_2026", "2025/05/01", "2026"),
        ("FIDE_DUTCH", "2026/01/31", "2017"),  # the code without a year: the rules in force at the start
        ("FIDE_DUTCH", "2026/02/01", "2026"),
        ("FIDE_DUTCH", "01.12.2025", "2017"),
    ],
)
def test_record_192_names_the_edition(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: str, start: str, edition: str
) -> None:
    seen = _record_editions(monkeypatch)
    path = tmp_path / "named.trf"
    body = "\n".join(line for line in cut_file(tmp_path, 2).read_text().splitlines() if not line.startswith("042"))
    path.write_text(f"192 {record}\n" + (f"042 {start}\n" if start else "") + body + "\n")
    code, _, err = run(str(path), "-p")
    assert (code, seen) == (0, [edition]) and "note:" not in err


def test_lim_pairs_by_the_rules_in_force_today_unless_told(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _record_editions(monkeypatch)
    code, _, err = run("--lim", str(cut_file(tmp_path, 2)), "-p")
    assert code == 0 and seen == ["2026"]
    assert "paired by the rules in force today (2026 edition)" in err
    code, _, err = run("--lim", str(cut_file(tmp_path, 2)), "-p", "--edition", "2017")
    assert (code, seen[-1]) == (0, "2017") and "note:" not in err


def test_check_notes_the_edition_once_for_a_folder(tmp_path: Path) -> None:
    for name in ("a.trf", "b.trf"):
        (tmp_path / name).write_text(DUTCH.read_text())
    _, _, err = run("--dutch", "--check", str(tmp_path))
    assert err.count("note: no --edition given") == 1

"""python -m pairing on files as other programs write them: any line end, a byte-order
mark, no round count or initial colour, rounds beyond the count, and files that are not
TRF at all. Every unreadable file exits 2 with a message; nothing is paired by guessing."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine.trf import read_trf, write_trf
from pairing.engine.trf.state import cut
from tests.cli.test_cli import DUTCH, EXPECTED, rows, run

TEXT = DUTCH.read_text(encoding="utf-8")


def _file(tmp_path: Path, text: str | bytes, name: str = "t.trf") -> str:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_bytes(text.encode("utf-8"))
    else:
        path.write_bytes(text)
    return str(path)


def _without(text: str, *tags: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith(tags))


def _cut_text(rnd: int) -> str:
    return write_trf(cut(read_trf(DUTCH), rnd))


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"], ids=["CR", "CRLF", "LF"])
def test_every_line_end_reads_the_same(tmp_path: Path, end: str) -> None:
    path = _file(tmp_path, _cut_text(4).replace("\n", end))
    code, out, err = run(path, "-p", "--edition", "2026")
    assert (code, err) == (0, "")
    assert sorted(rows(out)) == sorted(map(tuple, EXPECTED["4"]))
    code, out, _ = run("--check", _file(tmp_path, TEXT.replace("\n", end), "all.trf"))
    assert (code, out.splitlines()[-1]) == (0, "agree 6 of 6 rounds")


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    code, out, _ = run("--check", _file(tmp_path, b"\xef\xbb\xbf" + TEXT.encode()))
    assert (code, out.splitlines()[-1]) == (0, "agree 6 of 6 rounds")
    latin = b"\xef\xbb\xbf" + TEXT.replace("Alice", "Al\xefce").encode("latin-1")  # not UTF-8 after the mark
    assert read_trf(_file(tmp_path, latin, "latin.trf")).players[0].name == "Al\xefce"


@pytest.mark.parametrize("mode", [["-p"], ["--check"], ["--aro"]])
def test_random_bytes_are_refused_not_read_as_an_empty_tournament(tmp_path: Path, mode: list[str]) -> None:
    path = _file(tmp_path, bytes(range(256)) * 16)
    code, out, err = run(path, *mode)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:1:1: control character U+0000")


@pytest.mark.parametrize("mode", [["-p"], ["--check"], ["--aro"]])
def test_a_text_without_players_is_refused(tmp_path: Path, mode: list[str]) -> None:
    path = _file(tmp_path, "name,rating\nRossi,2000\n", "players.csv")
    code, out, err = run(path, *mode)
    assert (code, out) == (2, "")
    assert err == f"{path}:1:1: no player record (001): not a TRF tournament\n"


def test_a_folder_is_not_a_file_to_pair(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path), "-p")
    assert code == 2 and "Is a directory" in err


def test_without_a_round_count_pairing_is_refused_unless_given(tmp_path: Path) -> None:
    path = _file(tmp_path, _without(_cut_text(6), "XXR", "142"))
    code, out, err = run(path, "-p")
    assert (code, out) == (2, "")
    assert err == (
        f"{path}: the file does not declare the number of rounds (XXR or record 142): add one, or give --rounds N\n"
    )
    code, out, err = run(path, "-p", "--rounds", "6", "--edition", "2026")
    assert (code, err) == (0, "")
    assert sorted(rows(out)) == sorted(map(tuple, EXPECTED["6"]))
    assert run(path, "-p", "--rounds", "4")[0] == 2  # fewer than the rounds already played


def test_check_of_a_file_without_a_round_count_takes_its_last_round_as_the_last(tmp_path: Path) -> None:
    code, out, _ = run("--check", _file(tmp_path, _without(TEXT, "XXR")))
    assert (code, out.splitlines()[-1]) == (0, "agree 6 of 6 rounds")


def test_without_an_initial_colour_round_one_is_refused_unless_given(tmp_path: Path) -> None:
    path = _file(tmp_path, _without(_cut_text(1), "XXC", "152"))
    code, out, err = run(path, "-p")
    assert (code, out) == (2, "")
    assert "does not state the initial colour (XXC white1/black1 or record 152)" in err
    white = run(path, "-p", "--initial-colour", "white")
    black = run(path, "-p", "--initial-colour", "black")
    assert white[0] == black[0] == 0
    assert sorted(rows(white[1])) == sorted(map(tuple, EXPECTED["1"]))
    assert sorted(rows(black[1])) == sorted((b, w) if b else (w, b) for w, b in rows(white[1]))


def test_a_later_round_tells_the_initial_colour(tmp_path: Path) -> None:
    code, out, _ = run(_file(tmp_path, _without(_cut_text(3), "XXC", "152")), "-p")
    assert code == 0 and sorted(rows(out)) == sorted(map(tuple, EXPECTED["3"]))
    code, out, _ = run("--check", _file(tmp_path, _without(TEXT, "XXC", "152"), "all.trf"))
    assert (code, out.splitlines()[-1]) == (0, "agree 6 of 6 rounds")


def test_rounds_beyond_the_declared_count_are_refused(tmp_path: Path) -> None:
    path = _file(tmp_path, TEXT.replace("XXR 6", "XXR 5"))
    for mode in ("-p", "--check", "--aro"):
        code, out, err = run(path, mode)
        assert (code, out) == (2, "")
        assert err.startswith(f"{path}:") and "round 6 is beyond the 5 rounds the file declares (XXR/142)" in err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_file_with_its_byte_order_mark_is_read(tmp_path: Path, encoding: str) -> None:
    bom = {"utf-16": b"", "utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[encoding]
    code, out, _ = run("--check", _file(tmp_path, bom + TEXT.replace("\n", "\r\n").encode(encoding)))
    assert (code, out.splitlines()[-1]) == (0, "agree 6 of 6 rounds")


_EDITS = st.lists(
    st.tuples(st.integers(0, len(TEXT) - 1), st.integers(0, 12), st.text(alphabet=" 0123456789wbWDL=+-UHFZ\r\n")),
    min_size=1,
    max_size=5,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=_EDITS)
def test_a_damaged_file_gets_an_exit_status_never_a_traceback(
    tmp_path: Path, edits: list[tuple[int, int, str]]
) -> None:
    text = TEXT
    for at, removed, insert in edits:
        text = text[:at] + insert + text[at + removed :]
    path = _file(tmp_path, text)
    for mode in ("-p", "--check", "--aro"):
        code, _out, err = run(path, mode)
        assert code in (0, 1, 2, 3)
        assert code != 2 or err.strip()  # a message, never silence

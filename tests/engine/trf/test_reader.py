"""The TRF reader: every TRF16 record and engine extension, encodings, and errors with line and column."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.trf import (
    TrfError,
    TrfRound,
    parse_trf,
    read_trf,
    write_trf,
)
from tests.engine.trf.lines import FIXTURES, SEED, player_record, trf_error


def test_it_reads_the_player_record_columns() -> None:
    t = read_trf(SEED)
    carla = t.player(3)
    assert (carla.start, carla.sex, carla.title, carla.name) == (3, "m", "WGM", "Carla")
    assert (carla.rating, carla.federation, carla.points, carla.rank) == (2400, "ITA", 30, 7)
    assert carla.rounds[0] == TrfRound(10, "w", "1")
    oscar = t.player(12)
    assert oscar.rounds[1] == TrfRound(None, "-", "Z")
    assert oscar.rounds[1].is_announced_absence
    assert (t.player(14).rounds[1].opponent, t.player(14).rounds[1].result) == (None, "U")  # the PAB
    assert t.player(6).rounds[2] == TrfRound(11, "b", "+")
    assert t.player(11).rounds[2] == TrfRound(6, "w", "-")


def test_it_reads_the_header_records() -> None:
    t = read_trf(SEED)
    assert t.name == "Dutch worked example (seed 002)"
    assert (t.city, t.federation, t.start_date, t.end_date) == ("Seed example", "ITA", "2026/01/01", "2026/01/06")
    assert (t.player_count, t.rated_count, t.team_count) == (14, 14, 0)
    assert t.tournament_type == "Individual: Swiss-System"
    assert t.chief_arbiter == "Seed example arbiter"
    assert t.time_control == "90'/40+30'+30\""
    assert (t.xx_rounds, t.xx_config, t.total_rounds, t.initial_colour) == (6, ("white1",), 6, "w")
    assert t.rounds_in_file == 6


def test_it_reads_deputies_and_round_dates() -> None:
    text = "112 Deputy One\n112 Deputy Two\n" + "132".ljust(91) + "26/01/01  26/01/02  26/01/03\n"
    t = parse_trf(text)
    assert t.deputy_arbiters == ("Deputy One", "Deputy Two")
    assert t.round_dates == ("26/01/01", "26/01/02", "26/01/03")
    assert parse_trf(write_trf(t)) == t
    assert write_trf(t).splitlines()[2][91:99] == "26/01/01"


def test_it_reads_the_engine_extensions() -> None:
    text = (
        "\n".join(
            [
                player_record(1),
                player_record(2),
                player_record(3),
                player_record(4),
                "XXR 9",
                "XXC rank black1",
                "XXA    1  1.0  1.0  0.5",
                "XXA    2  1.0",
                "XXP 1 2 3",
                "XXP 2 4",
                "XXS W=3 D=1",
                "XXS PAB=1.5 FL=-1",
                "XXZ 3 4",
                "BBW  3.0",
                "BBU  1.5",
            ]
        )
        + "\n"
    )
    t = parse_trf(text)
    assert t.total_rounds == 9 and t.initial_colour == "b"
    assert t.xx_config == ("rank", "black1")
    assert t.xx_acceleration == ((1, (10, 10, 5)), (2, (10,)))
    assert t.xx_forbidden == ((1, 2, 3), (2, 4))
    assert t.xx_scoring == (("W", 30), ("D", 10), ("PAB", 15), ("FL", -10))
    assert t.xx_absent == (3, 4)
    assert t.bb_scoring == (("BBW", 30), ("BBU", 15))
    assert parse_trf(write_trf(t)) == t
    assert "XXA    1  1.0  1.0  0.5" in write_trf(t)


def test_xxa_values_sit_in_fixed_columns_and_blanks_are_zero() -> None:
    t = parse_trf(player_record(1) + "\nXXA    1  1.0       0.5\n")
    assert t.xx_acceleration == ((1, (10, 0, 5)),)
    err = trf_error(player_record(1) + "\nXXA 1 1.0 1.0\n")
    assert err.line == 2 and err.column in (5, 9)


def test_letter_codes_are_case_insensitive() -> None:
    t = parse_trf(player_record(1, "     2 W d") + "\n" + player_record(2, "     1 b d") + "\n")
    assert t.player(1).rounds[0] == TrfRound(2, "w", "D")


def test_a_cr_lf_file_with_a_bom_reads_like_any_other(tmp_path: Path) -> None:
    path = tmp_path / "windows.trf"
    path.write_bytes(b"\xef\xbb\xbf" + SEED.read_text().replace("\n", "\r\n").encode())
    assert read_trf(path) == read_trf(SEED)


def test_a_latin1_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "latin1.trf"
    path.write_bytes(player_record(1).replace("Player 1 ", "Müller   ").encode("latin-1") + b"\n")
    assert read_trf(path).player(1).name == "Müller"


# ------------------------------------------------------------------ errors


def test_a_bad_start_number_names_its_line_and_column() -> None:
    err = trf_error("012 Test\n" + player_record(1) + "\n001   x2 m\n")
    assert (err.line, err.column) == (3, 7)
    assert "start number" in err.message
    assert str(err).startswith("3:7: ")


def test_a_bad_rating_names_its_column() -> None:
    line = player_record(1)
    err = trf_error(line[:48] + "2O00" + line[52:] + "\n")
    assert (err.line, err.column) == (1, 49)
    assert "rating" in err.message


def test_bad_points_name_column_81() -> None:
    err = trf_error(player_record(1, points="1,5 ") + "\n")
    assert (err.line, err.column) == (1, 81)


def test_an_unknown_result_code_names_column_99_of_round_1() -> None:
    err = trf_error(player_record(1, "     2 w x") + "\n" + player_record(2, "     1 b 0") + "\n")
    assert (err.line, err.column) == (1, 99)
    assert "unknown result code" in err.message


def test_an_unknown_result_code_in_round_3_names_column_119() -> None:
    blocks = "  0000 - Z  0000 - Z     2 w ?"
    err = trf_error(player_record(1, blocks) + "\n" + player_record(2, "  0000 - Z  0000 - Z     1 b 0") + "\n")
    assert (err.line, err.column) == (1, 119)


def test_a_bad_colour_names_column_97() -> None:
    err = trf_error(player_record(1, "     2 x 1") + "\n" + player_record(2, "     1 b 0") + "\n")
    assert (err.line, err.column) == (1, 97)


def test_a_block_shifted_by_one_column_is_refused() -> None:
    err = trf_error(player_record(1, "      2 w 1") + "\n" + player_record(2, "     1 b 0") + "\n")
    assert err.line == 1 and err.column in (96, 97, 98, 99, 100)


def test_a_bad_opponent_number_names_column_92() -> None:
    err = trf_error(player_record(1, "  00a2 w 1") + "\n")
    assert (err.line, err.column) == (1, 92)
    assert "opponent" in err.message


def test_a_truncated_round_block_is_an_error() -> None:
    err = trf_error(player_record(1, "     2 w 1     3") + "\n" + player_record(2, "     1 b 0") + "\n")
    assert err.line == 1 and err.column == 106
    assert "truncated" in err.message


def test_a_truncated_player_line_is_an_error() -> None:
    err = trf_error("012 Test\n001   \n")
    assert (err.line, err.column) == (2, 5)
    assert "missing start number" in err.message


def test_a_duplicate_start_number_is_an_error() -> None:
    err = trf_error(player_record(1) + "\n" + player_record(2) + "\n" + player_record(1) + "\n")
    assert (err.line, err.column) == (3, 5)
    assert "line 1" in err.message


def test_an_opponent_without_a_record_is_an_error() -> None:
    err = trf_error(player_record(1, "     9 w 1") + "\n")
    assert (err.line, err.column) == (1, 92)


def test_opponents_must_name_each_other() -> None:
    text = player_record(1, "     2 w 1") + "\n" + player_record(2, "     3 b 0") + "\n"
    err = trf_error(text + player_record(3, "     2 w 1") + "\n")
    assert err.line == 1 and "2's record shows 3" in err.message


def test_both_players_with_white_is_an_error() -> None:
    err = trf_error(player_record(1, "     2 w 1") + "\n" + player_record(2, "     1 w 0") + "\n")
    assert (err.line, err.column) == (1, 97)


def test_a_bye_code_with_an_opponent_is_an_error() -> None:
    err = trf_error(player_record(1, "     2 w U") + "\n" + player_record(2, "     1 b 0") + "\n")
    assert (err.line, err.column) == (1, 99)


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("XXR nine", 5),
        ("XXA    x  1.0", 8),
        ("XXA    1  1,0", 11),
        ("XXP 1 b", 7),
        ("XXS W3", 5),
        ("XXS W=x", 7),
        ("142 many", 5),
        ("152 X", 5),
        ("162  Q 1.0", 6),
        ("240 Q 001    1", 5),
        ("260 0x1 002    1    2", 5),
        ("062 fourteen", 5),
    ],
)
def test_malformed_extension_and_header_records_name_their_column(line: str, column: int) -> None:
    err = trf_error(player_record(1) + "\n" + line + "\n")
    assert (err.line, err.column) == (2, column)


MUTATIONS = "0123456789 -+=wbWBDLHFUZXx.\t:aA#\n\r\x0b²é"


FUZZ_SOURCES = [SEED.read_text(), (FIXTURES / "dubov-seed-example.trf").read_text()]


@settings(max_examples=300, deadline=None)
@given(
    source=st.sampled_from(FUZZ_SOURCES),
    edits=st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from("sdi"), st.sampled_from(MUTATIONS)),
        min_size=1,
        max_size=3,
    ),
)
def test_any_damaged_file_reads_or_fails_with_a_line_and_column(source: str, edits: list) -> None:
    text = list(source)
    for where, how, char in edits:
        k = int(where * len(text))
        if how == "s":
            text[k] = char
        elif how == "d":
            del text[k]
        else:
            text.insert(k, char)
    try:
        t = parse_trf("".join(text))
    except TrfError as err:
        assert err.line >= 1 and err.column >= 1
        return
    assert parse_trf(write_trf(t)) == t
    parse_trf(write_trf(t, trf26=True))


def test_a_control_character_is_refused_with_its_line_and_column() -> None:
    with pytest.raises(TrfError) as error:
        parse_trf("012 Open\n001    1 m    Rossi\x1b[2J\n")
    assert (error.value.line, error.value.column) == (2, 20)
    assert "control character U+001B" in error.value.message

"""Every number a TRF gives is bounded by what the format can hold, and every player a
record names has a 001 record: a refusal names the line and the column, never a crash."""

from __future__ import annotations

import pytest

from pairing.engine.trf import parse_trf
from tests.engine.trf.lines import player_record, trf_error

TWO = player_record(1) + "\n" + player_record(2) + "\n"
FORTY_DIGITS = "9" * 40


@pytest.mark.parametrize(
    ("record", "column", "words"),
    [
        (f"142 {FORTY_DIGITS}", 5, "number of rounds in record 142"),
        ("142 1000", 5, "1 to 999"),
        ("142 0", 5, "1 to 999"),
        ("XXR 32768", 5, "1 to 999"),
        (f"XXR {FORTY_DIGITS}", 5, "out of range"),
        (f"062 {FORTY_DIGITS}", 5, "count in record 062"),
        (f"XXP 1 {FORTY_DIGITS}", 7, "player id in XXP"),
        (f"XXZ {FORTY_DIGITS}", 5, "player id in XXZ"),
        (f"XXS W={FORTY_DIGITS}", 7, "XXS value"),
        ("XXS W=100", 7, "at most 99.9"),
        (f"BBW {FORTY_DIGITS}", 5, "BBW points"),
    ],
)
def test_a_number_beyond_what_the_format_holds_is_refused_where_it_stands(record, column, words) -> None:
    error = trf_error(record + "\n" + TWO)
    assert (error.line, error.column) == (1, column) and words in error.message


def test_the_largest_round_count_is_read() -> None:
    assert parse_trf("142 999\n" + TWO).rounds_142 == 999
    assert parse_trf("XXR 999\n" + TWO).xx_rounds == 999


def _record_299(points: str, rest: str = "  002    1") -> str:
    """Points from column 14 (as written, whatever their width), then *rest*."""
    return "299" + " " * 10 + points + rest


@pytest.mark.parametrize(
    ("record", "column"),
    [
        (_record_299("9999.9"), 18),  # the points run into the blanks before the round
        (_record_299("-9999.9"), 18),
        (_record_299("9999"), 14),  # 9999 points in the four columns
        (_record_299("-999"), 14),
    ],
)
def test_record_299_points_beyond_a_game_are_refused(record, column) -> None:
    error = trf_error(TWO + record + "\n")
    assert (error.line, error.column) == (3, column)


def test_record_299_points_of_a_penalty_are_read() -> None:
    (record,) = parse_trf(TWO + _record_299("-1.0") + "\n").abnormal_299
    assert (record.points, record.round, record.players) == (-10, 2, (1,))


@pytest.mark.parametrize(
    ("record", "column", "tag"),
    [
        ("240 H 001    1   99", 16, "240"),
        ("250       1.0 001 002    1   99", 28, "250"),
        ("250       1.0 001 002   99   99", 23, "250"),
        ("260 001 003    1   42", 18, "260"),
        (_record_299(" 1.0", "  002   99"), 24, "299"),
        ("ITA   77 m    Name                              1500", 5, "national rating ITA"),
    ],
)
def test_a_record_naming_a_player_without_a_001_record_is_refused(record, column, tag) -> None:
    error = trf_error(TWO + record + "\n")
    assert (error.line, error.column) == (3, column)
    assert f"record {tag} names player" in error.message and "no 001 record" in error.message


def test_a_record_naming_the_players_of_the_file_is_read() -> None:
    t = parse_trf(TWO + "250       1.0 001 002    1    2\n260 001 003    1    2\n")
    assert t.accelerations_250[0].last_player == 2 and t.prohibited_260[0].players == (1, 2)


@pytest.mark.parametrize(
    ("record", "column"),
    [("250       1.0 003 002    1    2", 19), ("250       1.0 001 002    2    1", 28), ("260 003 001    1    2", 9)],
)
def test_a_range_that_ends_before_it_starts_is_refused(record, column) -> None:
    error = trf_error(TWO + record + "\n")
    assert (error.line, error.column) == (3, column) and "before the first" in error.message


def test_the_reader_says_where_it_found_each_record() -> None:
    t = parse_trf("012 Open\n142 9\n192 FIDE_DUTCH_2026\n" + TWO + "XXS W=3.0 D=1.0\n")
    assert t.positions["012"] == (1, 5) and t.positions["142"] == (2, 5) and t.positions["192"] == (3, 5)
    assert t.positions["001 2"] == (5, 1)
    assert t.positions["XXS 1"] == (6, 13)

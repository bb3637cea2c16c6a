"""The TRF reader and writer: round trips, every record type, and errors with line and column."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.trf import (
    TrfAcceleratedRounds,
    TrfBye,
    TrfError,
    TrfPlayer,
    TrfProhibited,
    TrfRound,
    TrfTournament,
    parse_trf,
    player_line,
    read_trf,
    resolve_xxs,
    write_trf,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
ALL_FILES = sorted(FIXTURES.glob("*.trf")) + sorted(FIXTURES.glob("corpus/*/*.trf"))
SEED = FIXTURES / "dutch-seed-example.trf"


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", ALL_FILES, ids=_name)
def test_every_fixture_round_trips(path: Path) -> None:
    t = read_trf(path)
    assert parse_trf(write_trf(t)) == t
    assert parse_trf(write_trf(t, trf26=True)).players == t.players


@pytest.mark.parametrize("path", ALL_FILES, ids=_name)
def test_canonical_files_are_written_back_byte_for_byte(path: Path) -> None:
    # Some engines leave a blank line before XXR; the writer drops blank lines.
    text = "".join(line for line in path.read_text().splitlines(keepends=True) if line.strip())
    assert write_trf(parse_trf(text)) == text


def test_trf26_output_is_stable_once_written() -> None:
    once = write_trf(read_trf(SEED), trf26=True)
    assert write_trf(parse_trf(once), trf26=True) == once


def test_the_fixture_set_is_the_promised_one() -> None:
    assert len(list(FIXTURES.glob("corpus/dutch-2017/*.trf"))) >= 25
    assert len(list(FIXTURES.glob("corpus/dutch-2017-baku/*.trf"))) >= 6


def test_it_reads_the_player_record_columns() -> None:
    t = read_trf(SEED)
    carla = t.player(3)
    assert (carla.start, carla.sex, carla.title, carla.name) == (3, "m", "WGM", "Carla")
    assert (carla.rating, carla.federation, carla.points, carla.rank) == (2400, "ITA", 30, 7)
    assert carla.rounds[0] == TrfRound(10, "w", "1")
    oscar = t.player(12)
    assert oscar.rounds[1] == TrfRound(None, "-", "Z")
    assert oscar.rounds[1].is_announced_absence
    assert t.player(14).rounds[1].is_pairing_bye
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


def _line(start: int, blocks: str = "", points: str = " 0.0") -> str:
    head = f"001 {start:4d} m    Player {start:<26} 2000 ITA     1234567 2000/01/01 {points} {start:4d}"
    return head + blocks


def test_it_reads_the_engine_extensions() -> None:
    text = (
        "\n".join(
            [
                _line(1),
                _line(2),
                _line(3),
                _line(4),
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
    t = parse_trf(_line(1) + "\nXXA    1  1.0       0.5\n")
    assert t.xx_acceleration == ((1, (10, 0, 5)),)
    err = _error(_line(1) + "\nXXA 1 1.0 1.0\n")
    assert err.line == 2 and err.column in (5, 9)


def test_xxs_shortcuts_apply_in_order() -> None:
    # JaVaFo AUM: the later item overrides the earlier one.
    later = resolve_xxs((("PAB", 30), ("FPB", 0), ("W", 30)))
    assert later["FPB"] == 30 and later["WW"] == 30 and later["PAB"] == 30
    earlier = resolve_xxs((("W", 30), ("FPB", 0)))
    assert earlier["FPB"] == 0 and earlier["FW"] == 30
    assert resolve_xxs(())["PAB"] == 10


def test_it_reads_the_trf2026_records() -> None:
    text = (
        "\n".join(
            [
                "012 TRF-2026 tournament",
                "142 9",
                "152 B",
                "162  W 3.0    D 1.0    L 0.0    P 1.0",
                "192 FIDE_DUTCH_2025_BAKU",
                _line(1),
                _line(2),
                _line(3),
                "240 H 003    1    2",
                "240 Z 004    3",
                "250       1.0 001 003    1    2",
                "260 001 002    1    3",
                "### RR1 RRL PPP1",
                "DAT 0001 EMAIL someone@example.org",
            ]
        )
        + "\n"
    )
    t = parse_trf(text)
    assert (t.rounds_142, t.total_rounds) == (9, 9)
    assert (t.initial_colour_152, t.initial_colour) == ("B", "b")
    assert t.scoring_162 == (("W", 30), ("D", 10), ("L", 0), ("P", 10))
    assert t.type_192 == "FIDE_DUTCH_2025_BAKU"
    assert t.byes_240 == (TrfBye("H", 3, (1, 2)), TrfBye("Z", 4, (3,)))
    assert t.accelerations_250 == (TrfAcceleratedRounds(10, 1, 3, 1, 2),)
    assert t.prohibited_260 == (TrfProhibited(1, 2, (1, 3)),)
    assert t.other_records == ("### RR1 RRL PPP1", "DAT 0001 EMAIL someone@example.org")
    assert parse_trf(write_trf(t)) == t


def test_trf26_output_adds_the_2026_records_from_their_trf16_counterparts() -> None:
    t = parse_trf(
        "\n".join(
            [
                _line(1, "  0000 - H     2 w 1"),
                _line(2, "  0000 - Z     1 b 0"),
                _line(3, "  0000 - F  0000 - U"),
                "XXR 5",
                "XXC black1",
                "XXS W=3 D=1",
                "XXA    1  1.0  1.0",
                "XXA    2  1.0  1.0",
                "XXP 2 3",
            ]
        )
        + "\n"
    )
    again = parse_trf(write_trf(t, trf26=True))
    assert again.rounds_142 == 5 and again.initial_colour_152 == "B"
    assert dict(again.scoring_162) == {"W": 30, "D": 10, "P": 10}  # XXS's PAB stays 1.0
    assert again.byes_240 == (TrfBye("F", 1, (3,)), TrfBye("H", 1, (1,)), TrfBye("Z", 1, (2,)))
    assert again.accelerations_250 == (TrfAcceleratedRounds(10, 1, 2, 1, 2),)
    assert again.prohibited_260 == (TrfProhibited(1, 5, (2, 3)),)
    assert again.xx_rounds == 5  # the TRF16 lines stay
    assert "XXR" not in write_trf(TrfTournament(players=t.players, rounds_142=5))


def test_the_writer_lays_out_the_player_record_by_columns() -> None:
    p = TrfPlayer(
        start=7,
        sex="w",
        title="WGM",
        name="Rossi, Anna",
        rating=2345,
        federation="ITA",
        fide_id="1234567",
        birth="1990/05/06",
        points=115,
        rank=3,
        rounds=(TrfRound(12, "b", "="), TrfRound(None, "-", "H"), TrfRound(None, " ", " "), TrfRound(3, "w", "+")),
    )
    line = player_line(p)
    assert line[0:3] == "001" and line[4:8] == "   7" and line[9] == "w" and line[10:13] == "WGM"
    assert line[14:25] == "Rossi, Anna" and line[48:52] == "2345" and line[53:56] == "ITA"
    assert line[57:68] == "    1234567" and line[69:79] == "1990/05/06" and line[80:84] == "11.5"
    assert line[85:89] == "   3"
    assert line[91:99] == "  12 b =" and line[101:109] == "0000 - H" and line[111:119] == "        "
    assert line[121:129] == "   3 w +"
    t = parse_trf(
        line
        + "\n"
        + _line(3, "".join("  " + " " * 8 for _ in range(3)) + "     7 b -")
        + "\n"
        + _line(12, "     7 w =")
        + "\n"
    )
    assert t.player(7) == p


def test_points_of_100_and_more_are_written_as_whole_points() -> None:
    p = TrfPlayer(start=1, points=1230)
    assert player_line(p)[80:84] == " 123"
    assert parse_trf(player_line(p) + "\n").player(1).points == 1230
    with pytest.raises(ValueError):
        player_line(TrfPlayer(start=1, points=1235))


def test_letter_codes_are_case_insensitive() -> None:
    t = parse_trf(_line(1, "     2 W d") + "\n" + _line(2, "     1 b d") + "\n")
    assert t.player(1).rounds[0] == TrfRound(2, "w", "D")


def test_a_cr_lf_file_with_a_bom_reads_like_any_other(tmp_path: Path) -> None:
    path = tmp_path / "windows.trf"
    path.write_bytes(b"\xef\xbb\xbf" + SEED.read_text().replace("\n", "\r\n").encode())
    assert read_trf(path) == read_trf(SEED)


def test_a_latin1_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "latin1.trf"
    path.write_bytes(_line(1).replace("Player 1 ", "Müller   ").encode("latin-1") + b"\n")
    assert read_trf(path).player(1).name == "Müller"


# ------------------------------------------------------------------ errors


def _error(text: str) -> TrfError:
    with pytest.raises(TrfError) as info:
        parse_trf(text)
    return info.value


def test_a_bad_start_number_names_its_line_and_column() -> None:
    err = _error("012 Test\n" + _line(1) + "\n001   x2 m\n")
    assert (err.line, err.column) == (3, 7)
    assert "start number" in err.message
    assert str(err).startswith("3:7: ")


def test_a_bad_rating_names_its_column() -> None:
    line = _line(1)
    err = _error(line[:48] + "2O00" + line[52:] + "\n")
    assert (err.line, err.column) == (1, 49)
    assert "rating" in err.message


def test_bad_points_name_column_81() -> None:
    err = _error(_line(1, points="1,5 ") + "\n")
    assert (err.line, err.column) == (1, 81)


def test_an_unknown_result_code_names_column_99_of_round_1() -> None:
    err = _error(_line(1, "     2 w x") + "\n" + _line(2, "     1 b 0") + "\n")
    assert (err.line, err.column) == (1, 99)
    assert "unknown result code" in err.message


def test_an_unknown_result_code_in_round_3_names_column_119() -> None:
    blocks = "  0000 - Z  0000 - Z     2 w ?"
    err = _error(_line(1, blocks) + "\n" + _line(2, "  0000 - Z  0000 - Z     1 b 0") + "\n")
    assert (err.line, err.column) == (1, 119)


def test_a_bad_colour_names_column_97() -> None:
    err = _error(_line(1, "     2 x 1") + "\n" + _line(2, "     1 b 0") + "\n")
    assert (err.line, err.column) == (1, 97)


def test_a_block_shifted_by_one_column_is_refused() -> None:
    err = _error(_line(1, "      2 w 1") + "\n" + _line(2, "     1 b 0") + "\n")
    assert err.line == 1 and err.column in (96, 97, 98, 99, 100)


def test_a_bad_opponent_number_names_column_92() -> None:
    err = _error(_line(1, "  00a2 w 1") + "\n")
    assert (err.line, err.column) == (1, 92)
    assert "opponent" in err.message


def test_a_truncated_round_block_is_an_error() -> None:
    err = _error(_line(1, "     2 w 1     3") + "\n" + _line(2, "     1 b 0") + "\n")
    assert err.line == 1 and err.column == 106
    assert "truncated" in err.message


def test_a_truncated_player_line_is_an_error() -> None:
    err = _error("012 Test\n001   \n")
    assert (err.line, err.column) == (2, 5)
    assert "missing start number" in err.message


def test_a_duplicate_start_number_is_an_error() -> None:
    err = _error(_line(1) + "\n" + _line(2) + "\n" + _line(1) + "\n")
    assert (err.line, err.column) == (3, 5)
    assert "line 1" in err.message


def test_an_opponent_without_a_record_is_an_error() -> None:
    err = _error(_line(1, "     9 w 1") + "\n")
    assert (err.line, err.column) == (1, 92)


def test_opponents_must_name_each_other() -> None:
    err = _error(_line(1, "     2 w 1") + "\n" + _line(2, "     3 b 0") + "\n" + _line(3, "     2 w 1") + "\n")
    assert err.line == 1 and "2's record shows 3" in err.message


def test_both_players_with_white_is_an_error() -> None:
    err = _error(_line(1, "     2 w 1") + "\n" + _line(2, "     1 w 0") + "\n")
    assert (err.line, err.column) == (1, 97)


def test_a_bye_code_with_an_opponent_is_an_error() -> None:
    err = _error(_line(1, "     2 w U") + "\n" + _line(2, "     1 b 0") + "\n")
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
    err = _error(_line(1) + "\n" + line + "\n")
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


def test_unknown_records_are_kept_verbatim_in_order() -> None:
    text = "012 T\n" + _line(1) + "\nNRS    1 m    National Name\n### a comment\n"
    t = parse_trf(text)
    assert t.other_records == ("NRS    1 m    National Name", "### a comment")
    assert write_trf(t) == text


def _random_tournament(rng: random.Random) -> TrfTournament:
    """Any tournament the format can hold: fields at their widths, consistent round blocks."""
    count = rng.randint(1, 12)
    starts = rng.sample(range(1, 10000), count)
    text = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ,.-'éüß"
    rounds: dict[int, list[TrfRound]] = {s: [] for s in starts}
    for _ in range(rng.randint(0, 6)):
        order = starts[:]
        rng.shuffle(order)
        while len(order) >= 2 and rng.random() < 0.85:
            a, b = order.pop(), order.pop()
            ra, rb = rng.choice(
                [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"), ("W", "L"), ("D", "D")]
            )
            ca = rng.choice("wb")
            rounds[a].append(TrfRound(b, ca, ra))
            rounds[b].append(TrfRound(a, "b" if ca == "w" else "w", rb))
        for s in order:
            rounds[s].append(rng.choice([TrfRound(None, "-", c) for c in "UHFZ"] + [TrfRound(None, " ", " ")]))
    players = []
    for s in starts:
        blocks = rounds[s]
        while blocks and blocks[-1].is_blank:
            blocks.pop()
        name = "".join(rng.choice(text) for _ in range(rng.randint(0, 33))).strip()
        players.append(
            TrfPlayer(
                start=s,
                name=name,
                sex=rng.choice(["", "m", "w"]),
                title=rng.choice(["", "GM", "WGM", "CM"]),
                rating=rng.choice([None, rng.randint(0, 9999)]),
                federation=rng.choice(["", "ITA", "NOR"]),
                fide_id=rng.choice(["", str(rng.randint(1, 10**11 - 1))]),
                birth=rng.choice(["", "1999/12/31", "2001"]),
                points=rng.choice([None, rng.randint(0, 999)]),
                rank=rng.choice([None, rng.randint(1, 9999)]),
                rounds=tuple(blocks),
            )
        )
    return TrfTournament(
        players=tuple(players),
        name=rng.choice(["", "Open A"]),
        player_count=rng.choice([None, count]),
        deputy_arbiters=tuple(rng.sample(["Ann", "Bo", "Cy"], rng.randint(0, 2))),
        round_dates=tuple(rng.sample(["26/01/01", "26/01/02", "26/01/03"], rng.randint(0, 3))),
        xx_rounds=rng.choice([None, 9]),
        xx_config=tuple(rng.sample(["rank", "white1"], rng.randint(0, 2))),
        xx_acceleration=tuple(
            (s, tuple(rng.choice([0, 5, 10]) for _ in range(rng.randint(1, 5))))
            for s in starts[: rng.randint(0, count)]
        ),
        xx_forbidden=tuple(tuple(rng.sample(starts, 2)) for _ in range(rng.randint(0, 2))) if count > 1 else (),
        xx_scoring=tuple((c, rng.randint(-10, 30)) for c in rng.sample(["W", "D", "PAB", "FL"], rng.randint(0, 3))),
        xx_absent=tuple(starts[: rng.randint(0, 2)]),
        rounds_142=rng.choice([None, 9]),
        initial_colour_152=rng.choice(["", "W", "B"]),
        scoring_162=tuple((c, rng.randint(0, 30)) for c in rng.sample("WDLAP", rng.randint(0, 3))),
        type_192=rng.choice(["", "FIDE_DUTCH_2025"]),
        byes_240=tuple(
            TrfBye(rng.choice("FHZ"), rng.randint(1, 9), tuple(rng.sample(starts, 1))) for _ in range(rng.randint(0, 2))
        ),
        accelerations_250=tuple(TrfAcceleratedRounds(10, 1, 2, 1, 4) for _ in range(rng.randint(0, 1))),
        prohibited_260=tuple(
            TrfProhibited(1, 3, tuple(rng.sample(starts, min(2, count)))) for _ in range(rng.randint(0, 1))
        ),
        other_records=tuple(
            rng.sample(["### ruler", "DAT 0001 EMAIL x@y.z", "NOR    1 m    Nordmann"], rng.randint(0, 2))
        ),
    )


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_any_tournament_the_format_can_hold_round_trips(seed: int) -> None:
    t = _random_tournament(random.Random(seed))
    assert parse_trf(write_trf(t)) == t
    again = parse_trf(write_trf(t, trf26=True))
    assert again.players == t.players and write_trf(again, trf26=True) == write_trf(again)

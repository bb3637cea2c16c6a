"""The TRF writer: round trips of every fixture and of any tournament the format can hold, and the column layout."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine import trf
from pairing.engine.trf import parse_trf, player_line, read_trf, write_trf
from tests.engine.trf.lines import ALL_FIXTURES, FIXTURES, fixture_name, player_record


@pytest.mark.parametrize("path", ALL_FIXTURES, ids=fixture_name)
def test_every_fixture_round_trips(path: Path) -> None:
    t = read_trf(path)
    assert parse_trf(write_trf(t)) == t
    assert parse_trf(write_trf(t, trf26=True)).players == t.players


# The 2026 corpus files carry record 092 after the player lines; the writer puts the
# tournament records first, so they round-trip (above) but are not byte for byte.
CANONICAL = [p for p in ALL_FIXTURES if p.parent.name != "dutch-2026"]


@pytest.mark.parametrize("path", CANONICAL, ids=fixture_name)
def test_canonical_files_are_written_back_byte_for_byte(path: Path) -> None:
    # Some engines leave a blank line before XXR; the writer drops blank lines.
    text = "".join(line for line in path.read_text().splitlines(keepends=True) if line.strip())
    assert write_trf(parse_trf(text)) == text


def test_the_fixture_set_is_the_promised_one() -> None:
    assert len(list(FIXTURES.glob("corpus/dutch-2017/*.trf"))) >= 25
    assert len(list(FIXTURES.glob("corpus/dutch-2017-baku/*.trf"))) >= 6


def test_the_writer_lays_out_the_player_record_by_columns() -> None:
    p = trf.TrfPlayer(
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
        rounds=(
            trf.TrfRound(12, "b", "="),
            trf.TrfRound(None, "-", "H"),
            trf.TrfRound(None, " ", " "),
            trf.TrfRound(3, "w", "+"),
        ),
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
        + player_record(3, "".join("  " + " " * 8 for _ in range(3)) + "     7 b -")
        + "\n"
        + player_record(12, "     7 w =")
        + "\n"
    )
    assert t.player(7) == p


def test_points_of_100_and_more_are_written_as_whole_points() -> None:
    p = trf.TrfPlayer(start=1, points=1230)
    assert player_line(p)[80:84] == " 123"
    assert parse_trf(player_line(p) + "\n").player(1).points == 1230
    with pytest.raises(ValueError):
        player_line(trf.TrfPlayer(start=1, points=1235))


def test_unknown_records_are_kept_verbatim_in_order() -> None:
    text = "012 T\n" + player_record(1) + "\nDAT 0001 EMAIL x@y.z\n### a comment\n"
    t = parse_trf(text)
    assert t.other_records == ("DAT 0001 EMAIL x@y.z", "### a comment")
    assert write_trf(t) == text


def _random_tournament(rng: random.Random) -> trf.TrfTournament:
    """Any tournament the format can hold: fields at their widths, consistent round blocks."""
    count = rng.randint(1, 12)
    starts = rng.sample(range(1, 10000), count)
    text = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ,.-'éüß"
    rounds: dict[int, list[trf.TrfRound]] = {s: [] for s in starts}
    for _ in range(rng.randint(0, 6)):
        order = starts[:]
        rng.shuffle(order)
        while len(order) >= 2 and rng.random() < 0.85:
            a, b = order.pop(), order.pop()
            ra, rb = rng.choice(
                [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"), ("W", "L"), ("D", "D")]
            )
            ca = rng.choice("wb")
            rounds[a].append(trf.TrfRound(b, ca, ra))
            rounds[b].append(trf.TrfRound(a, "b" if ca == "w" else "w", rb))
        for s in order:
            rounds[s].append(rng.choice([trf.TrfRound(None, "-", c) for c in "UHFZ"] + [trf.TrfRound(None, " ", " ")]))
    players = []
    for s in starts:
        blocks = rounds[s]
        while blocks and blocks[-1].is_blank:
            blocks.pop()
        name = "".join(rng.choice(text) for _ in range(rng.randint(0, 33))).strip()
        players.append(
            trf.TrfPlayer(
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
    return trf.TrfTournament(
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
            trf.TrfBye(rng.choice("FHZ"), rng.randint(1, 9), tuple(rng.sample(starts, 1)))
            for _ in range(rng.randint(0, 2))
        ),
        accelerations_250=tuple(
            trf.TrfAcceleratedRounds(10, 1, 2, min(starts), max(starts)) for _ in range(rng.randint(0, 1))
        ),
        prohibited_260=tuple(
            trf.TrfProhibited(1, 3, tuple(rng.sample(starts, min(2, count)))) for _ in range(rng.randint(0, 1))
        ),
        starting_rank_172=rng.choice([None, trf.TrfStartingRank("ITA", "FIDON")]),
        pairing_controller_182=rng.choice(["", "Arbiter"]),
        time_control_222=rng.choice(["", "5400+30", "W300-B240"]),
        abnormal_299=tuple(
            trf.TrfAbnormalPoints(rng.choice("WDLFHZ+- "), rng.randint(-10, 20), rng.choice([None, 0, 3]), (starts[0],))
            for _ in range(rng.randint(0, 2))
        ),
        national_ratings=tuple(
            trf.TrfNationalRating(
                rng.choice(["ITA", "NOR"]),
                s,
                rng.choice(["", "m"]),
                "",
                rng.choice(["", "Nordmann"]),
                rng.choice([None, 1850]),
                rng.choice(["", "TOS"]),
                rng.choice(["", "12345"]),
                "",
            )
            for s in starts[: rng.randint(0, 2)]
        ),
        other_records=tuple(rng.sample(["### ruler", "DAT 0001 EMAIL x@y.z"], rng.randint(0, 2))),
    )


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_any_tournament_the_format_can_hold_round_trips(seed: int) -> None:
    t = _random_tournament(random.Random(seed))
    assert parse_trf(write_trf(t)) == t
    again = parse_trf(write_trf(t, trf26=True))
    assert again.players == t.players and write_trf(again, trf26=True) == write_trf(again)


def test_a_newline_in_a_name_never_splits_a_record() -> None:
    t = trf.TrfTournament(name="Open\n001    9", players=(trf.TrfPlayer(start=1, name="Rossi\nMario\r"),))
    text = write_trf(t)
    assert text.count("\n") == 2
    back = parse_trf(text)
    assert (back.name, [p.name for p in back.players]) == ("Open 001    9", ["Rossi Mario"])

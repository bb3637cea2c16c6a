"""Every team record of TRF-2026 (and TRF16's 013): written and read back it gives the same
data, record by record (hypothesis) and event by event (the generator's events); a malformed
record names its line and column; records 250, 299, 362 and 162 change what the rounds are
worth as the docs say."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.team.generator import TeamEventConfig, generate_team_event
from pairing.engine.team.history import RoundKind
from pairing.engine.team.records import (
    ForfeitedMatch,
    OutOfOrder,
    SummaryRound,
    TeamEntry,
    TeamSummary,
    forfeit_330,
    forfeit_line,
    legacy_team_line,
    out_of_order_300,
    out_of_order_line,
    pab_320,
    pab_line,
    scoring_362,
    scoring_line,
    summary_802,
    summary_line,
    team_013,
    team_310,
    team_line,
)
from pairing.engine.team.standings import write_team_trf
from pairing.engine.team.trf import WriteOptions, read_team_trf
from pairing.engine.trf.records import RecordLine, TrfAbnormalPoints, TrfAcceleratedRounds, TrfError
from tests.engine.team.events import random_config

tenths = st.integers(min_value=0, max_value=9999)
signed = st.integers(min_value=-999, max_value=9999)
tpn = st.integers(min_value=1, max_value=999)
start = st.integers(min_value=1, max_value=9999)
name = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz -.'", max_size=32).map(str.strip)


def line(text: str, number: int = 1) -> RecordLine:
    return RecordLine(number, text)


# ---------------------------------------------------------------- record by record


@settings(max_examples=200, deadline=None)
@given(
    tpn,
    name.filter(bool),
    st.lists(start, min_size=1, max_size=14).map(tuple),
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", max_size=5),
    st.none() | st.integers(min_value=0, max_value=999999),
    st.none() | signed,
    st.none() | signed,
    st.none() | st.integers(min_value=1, max_value=999),
)
def test_record_310_round_trips(tpn, name, members, nickname, strength, mp, gp, rank) -> None:
    entry = TeamEntry(tpn, name, members, nickname, strength, mp, gp, rank)
    assert team_310(line(team_line(entry))) == entry


@settings(max_examples=100, deadline=None)
@given(name.filter(bool), st.lists(start, min_size=1, max_size=14).map(tuple), tpn)
def test_record_013_round_trips(name, members, number) -> None:
    assert team_013(line(legacy_team_line(TeamEntry(number, name, members))), number) == TeamEntry(
        number, name, members, legacy=True
    )


@settings(max_examples=100, deadline=None)
@given(st.integers(-99, 999), st.integers(-99, 999), st.integers(-99, 999))  # columns 7-10: -9.9 to 99.9
def test_record_362_round_trips(win, draw, loss) -> None:
    scoring = {"TW": win, "TD": draw, "TL": loss}
    assert scoring_362(line(scoring_line(scoring))) == scoring


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 999), st.integers(0, 999), st.lists(st.integers(0, 999), max_size=20).map(tuple))
def test_record_320_round_trips(match, game, teams) -> None:
    assert pab_320(line(pab_line(match, game, teams))) == (match, game, teams)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(("+-", "-+", "--")), st.integers(1, 999), tpn, tpn)
def test_record_330_round_trips(kind, rnd, white, black) -> None:
    f = ForfeitedMatch(kind, rnd, white, black)
    assert forfeit_330(line(forfeit_line(f))) == f


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 999), tpn, tpn, st.lists(st.integers(0, 9999), min_size=1, max_size=10).map(tuple))
def test_record_300_round_trips(rnd, team, opponent, players) -> None:
    o = OutOfOrder(rnd, team, opponent, players)
    assert out_of_order_300(line(out_of_order_line(o))) == o


summary_rounds = st.one_of(
    st.builds(
        SummaryRound,
        opponent=tpn,
        bye=st.just(""),
        colour=st.sampled_from(("w", "b", "")),
        game_points=st.none() | st.integers(0, 999),
        forfeit=st.booleans(),
    ),
    st.builds(
        SummaryRound,
        opponent=st.none(),
        bye=st.sampled_from(("PAB", "FPB", "HPB", "ZPB")),
        colour=st.just(""),
        game_points=st.none() | st.integers(0, 999),
        forfeit=st.just(False),
    ),
)


@settings(max_examples=200, deadline=None)
@given(
    tpn,
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", max_size=5),
    st.none() | signed,
    st.none() | signed,
    st.lists(summary_rounds, max_size=12).map(tuple),
)
def test_record_802_round_trips(tpn, nickname, mp, gp, rounds) -> None:
    summary = TeamSummary(tpn, nickname, mp, gp, rounds)
    assert summary_802(line(summary_line(summary))) == summary


def test_record_802_as_the_specification_example_sets_it() -> None:
    """The table puts round 1 at column 29, the example at 30: both read."""
    read = summary_802(line("802   3 GEO     19.0   32.5  FPB    4.0    16 w  2.5    11 b  2.5"))
    assert read == TeamSummary(
        3,
        "GEO",
        190,
        325,
        (SummaryRound(None, "FPB", "", 40), SummaryRound(16, "", "w", 25), SummaryRound(11, "", "b", 25)),
    )


# ---------------------------------------------------------------- malformed records


def corrupt(record: str, column: int, text: str) -> str:
    """*record* with *text* written from 1-based *column*."""
    record = record.ljust(column - 1 + len(text))
    return record[: column - 1] + text + record[column - 1 + len(text) :]


TEAM = team_line(TeamEntry(1, "Team", (1, 2), "T1", 1234, 20, 30, 1))
MALFORMED = [
    (corrupt(TEAM, 5, "00A"), 5, "team pairing number"),
    (corrupt(TEAM, 5, "  0"), 5, "0 is not allowed"),
    (corrupt(TEAM, 54, "X"), 54, "blank"),
    (corrupt(TEAM, 55, "   2.x"), 58, "match points"),
    (corrupt(TEAM, 79, "   x"), 82, "player id"),
    ("013                                     1", 5, "team's name"),
    ("362 TX 2.0", 5, "TW, TD or TL"),
    ("362 TW 2.x", 8, "match points for TW"),
    ("320 1.0", 10, "game points"),
    (corrupt(pab_line(10, 20, (1, 2)), 5, " x.0"), 6, "PAB match points"),
    (corrupt(pab_line(10, 20, (1, 2)), 19, "0x2"), 19, "PAB team of round 2"),
    (corrupt(forfeit_line(ForfeitedMatch("+-", 1, 1, 2)), 5, "++"), 5, "forfeit type"),
    (corrupt(forfeit_line(ForfeitedMatch("+-", 1, 1, 2)), 8, "0x1"), 8, "round number"),
    (corrupt(out_of_order_line(OutOfOrder(1, 2, 3, (1, 2))), 22, "00x2"), 22, "player of board 2"),
    ("352 WBXB", 7, "W or B"),
    ("802   1 T001     8.0   14.5   4 x  4.0", 33, "colour"),
    ("802   1 T001     8.0   14.5   4 w  4.0q", 39, "forfeit mark"),
    ("250 01.0 0x.0 001 003 0001 0002", 10, "game points"),
    ("299 Q   2.0   1.0  001 0001", 5, "abnormal"),
    ("240 H 0x3 0001", 7, "round"),
    ("192 FIDE_DUTCH", 5, "not a team code"),
]


@pytest.mark.parametrize(("record", "column", "words"), MALFORMED)
def test_a_malformed_record_names_its_line_and_column(record: str, column: int, words: str) -> None:
    text = write_team_trf(generate_team_event(TeamEventConfig(teams=4, boards=2, rounds=2), 1))
    lines = text.splitlines()
    lines.insert(3, record)
    with pytest.raises(TrfError) as caught:
        read_team_trf("\n".join(lines) + "\n")
    assert (caught.value.line, caught.value.column) == (4, column), caught.value
    assert words in caught.value.message


def test_a_record_naming_a_team_without_a_310_is_refused_where_it_names_it() -> None:
    text = write_team_trf(generate_team_event(TeamEventConfig(teams=4, boards=2, rounds=2), 1))
    with pytest.raises(TrfError) as caught:
        read_team_trf(text + "260 001 002    1    9\n")
    assert caught.value.column == 18 and "team 9" in caught.value.message


# ---------------------------------------------------------------- event by event


def _scaled(mp: int, scoring: dict[str, int]) -> int:
    return {2: scoring["TW"], 1: scoring["TD"], 0: scoring["TL"]}[mp]


@pytest.mark.parametrize("scoring", [{"TW": 20, "TD": 10, "TL": 0}, {"TW": 30, "TD": 10, "TL": 0}])
def test_generated_events_written_and_read_back_give_the_same_data(scoring: dict[str, int]) -> None:
    rounds = 0
    for seed in range(120):
        event = generate_team_event(random_config(seed, most_teams=12, most_rounds=8, forfeit_rate=0.08), seed)
        read = read_team_trf(write_team_trf(event, options=WriteOptions(match_scoring=scoring)))
        boards = event.config.boards
        assert read.boards == boards and read.played_rounds == len(event.rounds)
        assert read.match_scoring == scoring
        assert (read.preferences, read.primary, read.use_secondary) == (
            event.config.preferences,
            event.config.primary,
            event.config.use_secondary,
        )
        for t, history in event.histories.items():
            for got, want in zip(read.histories[t], history, strict=True):
                assert got.kind is want.kind, (seed, t)
                assert got.opponent == want.opponent
                assert got.game_points == want.game_points
                unscored = want.kind in (RoundKind.ZERO_BYE, RoundKind.DOUBLE_FORFEIT)
                assert got.match_points == (0 if unscored else _scaled(want.match_points, scoring))
                if want.kind is RoundKind.PLAYED:
                    assert got.colour is want.colour
            entry = read.teams[t]
            assert entry.match_points == sum(r.match_points for r in read.histories[t])
            assert entry.game_points == sum(r.game_points for r in history)
            assert entry.members == tuple((t - 1) * boards + b for b in range(1, boards + 1))
            summary = read.summaries[t]
            assert [r.opponent for r in summary.rounds] == [
                None
                if r.kind in (RoundKind.PAB, RoundKind.FULL_BYE, RoundKind.HALF_BYE, RoundKind.ZERO_BYE)
                else r.opponent
                for r in history
            ]
            assert [r.game_points for r in summary.rounds] == [r.game_points for r in history]
        for played in event.rounds:
            assert read.pab_teams[played.number - 1] == (played.pairing.bye or 0)
            for (white, black), results in played.boards.items():
                if results is None:
                    continue
                points = {"1": 10, "=": 5, "0": 0}
                assert read.board_points[white][played.number - 1] == tuple(points[b] for b in results)
                assert sum(read.board_points[black][played.number - 1]) == 10 * boards - sum(points[b] for b in results)
            rounds += 1
    assert rounds > 400


# ---------------------------------------------------------------- what the records change


def _small_event_text(**options) -> str:
    event = generate_team_event(TeamEventConfig(teams=6, boards=2, rounds=3, forfeit_rate=0.0, absent_rate=0.0), 4)
    return write_team_trf(event, options=WriteOptions(**options))


def test_records_250_and_299_read_back_as_written() -> None:
    accelerations = (TrfAcceleratedRounds(20, 1, 2, 1, 3, match_points=10),)
    abnormal = (TrfAbnormalPoints(" ", -10, 2, (4,), match_points=-20), TrfAbnormalPoints("W", None, 1, (1,), 30))
    read = read_team_trf(_small_event_text(accelerations=accelerations, abnormal=abnormal))
    assert read.accelerations == accelerations
    assert read.abnormal == abnormal


def test_record_250_adds_its_fictitious_points_to_the_scores_a_round_is_paired_on() -> None:
    plain = read_team_trf(_small_event_text())
    accelerated = read_team_trf(
        _small_event_text(accelerations=(TrfAcceleratedRounds(30, 2, 3, 1, 3, match_points=20),))
    )
    before = {t.tpn: t for t in plain.round(2).teams}
    for team in accelerated.round(2).teams:
        extra = (20, 30) if team.tpn <= 3 else (0, 0)
        assert (team.match_points, team.game_points) == (
            before[team.tpn].match_points + extra[0],
            before[team.tpn].game_points + extra[1],
        )
    assert accelerated.histories == plain.histories  # the standings do not see them


def test_record_299_replaces_the_points_of_its_type_and_adds_a_penalty() -> None:
    plain = read_team_trf(_small_event_text())
    winner = next(t for t, h in plain.histories.items() if h[0].kind is RoundKind.PLAYED and h[0].match_points == 20)
    loser = plain.histories[winner][0].opponent
    abnormal = (
        TrfAbnormalPoints("W", None, 1, (winner, loser), match_points=30),  # the loser did not win: unchanged
        TrfAbnormalPoints(" ", -10, 2, (loser,), match_points=-20),
    )
    read = read_team_trf(_small_event_text(abnormal=abnormal))
    assert read.histories[winner][0].match_points == 30
    assert read.histories[winner][0].game_points == plain.histories[winner][0].game_points
    assert read.histories[loser][0] == plain.histories[loser][0]
    assert read.histories[loser][1].match_points == plain.histories[loser][1].match_points - 20
    assert read.histories[loser][1].game_points == plain.histories[loser][1].game_points - 10


def test_records_362_and_162_set_the_scale_of_match_and_game_points() -> None:
    text = _small_event_text()
    lines = text.splitlines()
    lines.insert(1, "362 TW 3.0   TD 1.0   TL 0.0")
    lines.insert(1, "162  W 3.0    D 1.0")
    read = read_team_trf("\n".join(lines) + "\n")
    plain = read_team_trf(text)
    for t, history in read.histories.items():
        for got, was in zip(history, plain.histories[t], strict=True):
            if was.kind is RoundKind.PLAYED:
                assert got.match_points == {20: 30, 10: 10, 0: 0}[was.match_points]
                board = plain.board_points[t][history.index(got)]
                assert got.game_points == sum({10: 30, 5: 10, 0: 0}[p] for p in board)


def test_record_013_gives_the_teams_when_there_is_no_310() -> None:
    text = _small_event_text()
    lines = [x for x in text.splitlines() if not x.startswith("310")]
    lines += [legacy_team_line(TeamEntry(t, f"Old {t}", ((t - 1) * 2 + 1, (t - 1) * 2 + 2))) for t in range(1, 7)]
    read = read_team_trf("\n".join(lines) + "\n")
    plain = read_team_trf(text)
    assert read.histories == plain.histories
    assert read.teams[3] == TeamEntry(3, "Old 3", (5, 6), legacy=True)
    both = read_team_trf(text + legacy_team_line(TeamEntry(1, "Ignored", (1, 2))) + "\n")
    assert both.teams == plain.teams  # 310 replaces 013


def test_record_300_seats_the_boards_in_its_order() -> None:
    text = _small_event_text()
    plain = read_team_trf(text)
    t = next(t for t, h in plain.histories.items() if h[0].kind is RoundKind.PLAYED)
    opponent = plain.histories[t][0].opponent
    first, second = (t - 1) * 2 + 1, (t - 1) * 2 + 2
    read = read_team_trf(text + out_of_order_line(OutOfOrder(1, t, opponent, (second, first))) + "\n")
    assert read.board_points[t][0] == tuple(reversed(plain.board_points[t][0]))
    assert read.histories[t][0].colour is not plain.histories[t][0].colour


def test_record_801_is_recognised_and_skipped() -> None:
    text = _small_event_text()
    assert read_team_trf(text + "801   1 T001  anything at all\n").histories == read_team_trf(text).histories

"""The checker's second half: a file's points, ranks and tie-break values against C.07."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from pairing.engine import pair
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.standings_check import format_value, printed_agrees, verify_standings
from pairing.engine.trf import TrfTournament, parse_trf, read_trf, write_trf
from pairing.engine.trf.state import cut
from pairing.engine.trf.trf26 import tiebreak_codes, tiebreak_list

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "trf"
LIST = ("BH/C1", "BH", "SB", "DE", "WIN")


def generated(seed: int = 3, codes: tuple[str, ...] = LIST, **settings: object) -> TrfTournament:
    config = GeneratorConfig(
        players=18,
        rounds=6,
        bye_rate=0.06,
        forfeit_rate=0.05,
        late_rate=0.1,
        withdraw_rate=0.03,
        expectation="fide",
        tiebreaks=codes,
        start_date="2026/04/01",
        **settings,  # type: ignore[arg-type]
    )
    return parse_trf(write_trf(generate(config, seed, lambda state: pair(state, "dutch", "2026")), trf26=True))


def with_player(t: TrfTournament, start: int, **changes: object) -> TrfTournament:
    players = tuple(dataclasses.replace(p, **changes) if p.start == start else p for p in t.players)
    return dataclasses.replace(t, players=players)


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_generators_files_agree_with_their_standings(seed: int) -> None:
    result = verify_standings(generated(seed))
    assert result.disagreements == ()
    assert result.points_checked == result.ranks_checked == 18
    assert result.values_checked == 18 * (1 + len(LIST))  # PTS and every code of the list


def test_a_wrong_points_column_is_reported_with_the_player() -> None:
    t = generated()
    player = t.players[4]
    result = verify_standings(with_player(t, player.start, points=(player.points or 0) + 5))
    assert [(d.player, d.code) for d in result.disagreements] == [(player.start, "PTS")]


def test_a_wrong_rank_names_the_code_that_places_the_player() -> None:
    t = generated()
    first, second = sorted(t.players, key=lambda p: p.rank or 0)[:2]
    swapped = with_player(with_player(t, first.start, rank=second.rank), second.start, rank=first.rank)
    found = {d.player: d for d in verify_standings(swapped).disagreements}
    assert set(found) == {first.start, second.start}
    assert {d.code for d in found.values()} <= {"RANK", *LIST}
    assert found[first.start].recorded == f"rank {second.rank}"


def test_a_wrong_value_is_reported_with_its_code() -> None:
    t = generated()
    table = [r for r in t.other_records if r.startswith("###TBV")]
    line = table[3]
    words = line.split()
    words[3] = str(Fraction(words[3]) + 1)  # the BH/C1 column (after ###TBV, SNO and PTS)
    tampered = dataclasses.replace(t, other_records=tuple(" ".join(words) if r == line else r for r in t.other_records))
    result = verify_standings(tampered)
    assert [(d.player, d.code) for d in result.disagreements] == [(int(words[1]), "BH/C1")]


def test_ranks_of_players_level_on_the_whole_list_may_come_in_any_order() -> None:
    # C.07 2.1: a tie the list leaves is broken by the regulations (a lot, the starting rank).
    t = generated(codes=())
    by_rank = sorted(t.players, key=lambda p: p.rank or 0)
    level = next((a, b) for a, b in itertools.pairwise(by_rank) if a.points == b.points)  # level on points
    swapped = with_player(with_player(t, level[0].start, rank=level[1].rank), level[1].start, rank=level[0].rank)
    assert verify_standings(swapped).disagreements == ()


def test_a_file_without_a_list_is_checked_by_points_only() -> None:
    t = generated(codes=())
    assert tiebreak_list(t) is None
    low = max(t.players, key=lambda p: p.rank or 0)
    wrong = verify_standings(with_player(t, low.start, rank=1)).disagreements
    assert [(d.player, d.code) for d in wrong] == [(low.start, "RANK")]


def test_a_code_not_computed_here_ends_the_list_with_a_note() -> None:
    t = generated(codes=("BH",))
    t = dataclasses.replace(
        t, other_records=tuple("212 PTS XYZ BH" if r.startswith("212") else r for r in t.other_records)
    )
    result = verify_standings(t)
    assert result.unknown == ("XYZ", "BH") and result.codes == ()
    assert any("XYZ" in note for note in result.notes)


C07_2026 = ("FB/C1", "AOB", "AOB/F", "KS", "KS/L+1", "STD", "PTP", "APRO", "APPO", "RTNG", "EDE", "TPN")


@pytest.mark.parametrize("seed", range(1, 5))
def test_every_code_of_the_2026_text_is_written_and_checked(seed: int) -> None:
    # Records 202/212 carry the codes and the ###TBV table their values; the check reads both.
    t = generated(seed, C07_2026)
    assert tiebreak_list(t) == ("212", C07_2026)
    result = verify_standings(t)
    assert result.disagreements == () and result.unknown == ()
    assert result.values_checked == 18 * (1 + len(C07_2026))


@pytest.mark.parametrize(
    "text",
    ["BH/C1,BH,SB,DE", "BH/C1 BH SB DE", "BH C1,BH,SB,DE", "BH:C1 BH SB DE", "PTS BH/C1 BH SB DE", "bh/c1, bh , sb,de"],
)
def test_the_list_is_read_as_programs_write_it(text: str) -> None:
    codes = tiebreak_codes(text)
    assert [c for c in codes if c != "PTS"] == ["BH/C1", "BH", "SB", "DE"]


def test_values_are_compared_at_the_precision_they_are_printed_with() -> None:
    assert printed_agrees("21.5", Fraction(43, 2)) and printed_agrees("21.50", Fraction(43, 2))
    assert printed_agrees("21.8", Fraction(2175, 100))  # 21.75 printed with one decimal, rounded up
    assert printed_agrees("21.7", Fraction(2175, 100))  # ... or rounded half to even
    assert not printed_agrees("21.6", Fraction(2175, 100))
    assert printed_agrees("1834", 1834) and not printed_agrees("1835", 1834)
    assert printed_agrees("-", None) and not printed_agrees("0", None) and not printed_agrees("-", 0)
    assert (format_value(Fraction(43, 2)), format_value(Fraction(87, 4)), format_value(12), format_value(None)) == (
        "21.5",
        "21.75",
        "12",
        "-",
    )


def test_a_file_cut_before_a_round_has_its_ranks_left_unchecked() -> None:
    # A cut keeps the rank column of the file it comes from (as the shared replay tool writes it).
    t = generated()
    result = verify_standings(cut(t, 4))
    assert result.ranks_checked == 0 and result.disagreements == ()
    assert any("ranks not checked" in note for note in result.notes)


@pytest.mark.parametrize(
    "path",
    sorted((FIXTURES / "corpus").rglob("*.trf"))[::4] + sorted(FIXTURES.glob("*.trf")),
    ids=lambda p: p.name,
)
def test_no_false_alarm_on_files_other_programs_wrote(path: Path) -> None:
    # The corpus files were paired and written by the endorsed engine's tools; the seed
    # vectors by the rules' authors.
    assert verify_standings(read_trf(path)).disagreements == ()


def test_the_c07_edition_follows_the_start_date() -> None:
    assert verify_standings(generated()).edition == "2026"
    assert verify_standings(dataclasses.replace(generated(), start_date="2025/12/01")).edition == "2024"

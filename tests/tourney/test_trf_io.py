"""TRF in and out through manage.py import_trf / export_trf."""

from __future__ import annotations

import dataclasses
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from pairing.engine.trf import parse_trf, read_trf
from tourney.models import Bye, ByeKind, Game, Result, Round, RoundStatus, Tournament

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
SHARED_VECTORS = Path(__file__).resolve().parents[3] / "shared" / "vectors"
# The seed vectors (../shared/vectors when it is there, else their copies), plus a
# sample of generated tournaments with late entries, withdrawals, byes and forfeits.
VECTORS = (sorted(SHARED_VECTORS.glob("*.trf")) or sorted(FIXTURES.glob("*.trf"))) + sorted(
    (FIXTURES / "corpus" / "dutch-2017").glob("*.trf")
)[:6]


def _import(path: Path, *args: str) -> Tournament:
    call_command("import_trf", str(path), *args, stdout=StringIO())
    return Tournament.objects.latest("pk")


def _export(tournament: Tournament, tmp_path: Path) -> Path:
    out = tmp_path / f"export-{tournament.pk}.trf"
    call_command("export_trf", str(tournament.pk), "-o", str(out))
    return out


def _games(path: Path) -> dict[tuple[int, int], tuple[int | None, str, str]]:
    """(round, start) -> (opponent, colour, result) for every non-blank block."""
    return {
        (k, p.start): (block.opponent, block.colour, block.result)
        for p in read_trf(path).players
        for k, block in enumerate(p.rounds, start=1)
        if not block.is_blank
    }


def _players(path: Path) -> list[tuple]:
    return [
        (p.start, p.name, p.sex, p.title, p.rating, p.federation, p.fide_id, p.birth) for p in read_trf(path).players
    ]


@pytest.mark.parametrize("vector", VECTORS, ids=lambda p: p.stem)
def test_import_then_export_gives_back_players_pairings_colours_and_results(vector: Path, tmp_path: Path) -> None:
    exported = _export(_import(vector), tmp_path)
    assert _players(exported) == _players(vector)
    assert _games(exported) == _games(vector)
    original, again = read_trf(vector), read_trf(exported)
    assert (again.total_rounds, again.initial_colour) == (original.total_rounds, original.initial_colour)


@pytest.mark.parametrize("vector", VECTORS, ids=lambda p: p.stem)
def test_an_exported_file_imports_to_the_same_export(vector: Path, tmp_path: Path) -> None:
    first = _export(_import(vector), tmp_path)
    second = _export(_import(first, "--name", "again"), tmp_path)

    def body(path: Path) -> list[str]:
        return [line for line in path.read_text().splitlines() if not line.startswith("012")]

    assert body(first) == body(second)


def test_export_writes_the_trf26_records(fixtures_dir: Path, tmp_path: Path) -> None:
    text = _export(_import(fixtures_dir / "trf" / "dutch-seed-example.trf"), tmp_path).read_text()
    records = {line[:3] for line in text.splitlines()}
    assert {"XXR", "XXC", "142", "152", "162", "192", "240"} <= records
    assert "240 Z 002   12" in text.splitlines()
    assert parse_trf(text).rounds_142 == 6


def test_import_stores_games_byes_and_boards(fixtures_dir: Path) -> None:
    t = _import(fixtures_dir / "trf" / "dutch-seed-example.trf")
    assert t.rounds == 6 and t.players.count() == 14 and t.initial_colour == "white"
    assert t.round_set.filter(status=RoundStatus.CLOSED).count() == 6
    round2 = Round.objects.get(tournament=t, number=2)
    assert {(b.player.pairing_number, b.kind) for b in round2.byes.all()} == {
        (12, ByeKind.ZERO_POINT),
        (14, ByeKind.PAIRING_ALLOCATED),
    }
    forfeit = Game.objects.get(round__tournament=t, round__number=3, white__pairing_number=11)
    assert (forfeit.black.pairing_number, forfeit.result) == (6, Result.BLACK_WINS_FORFEIT)
    # C.04.2.D.9: round 1's boards follow the initial order of the higher-ranked player.
    assert list(
        Game.objects.filter(round__tournament=t, round__number=1).values_list("white__pairing_number", flat=True)
    ) == [1, 9, 3, 11, 5, 13, 7]


def test_a_malformed_file_names_line_and_column_and_writes_nothing(fixtures_dir: Path, tmp_path: Path) -> None:
    lines = (fixtures_dir / "trf" / "dutch-seed-example.trf").read_text().splitlines()
    line_no = next(k for k, line in enumerate(lines, start=1) if line.startswith("001    5"))
    lines[line_no - 1] = lines[line_no - 1][:48] + "23x0" + lines[line_no - 1][52:]  # rating, columns 49-52
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(CommandError, match=rf"bad\.trf:{line_no}:\d+: "):
        call_command("import_trf", str(bad), stdout=StringIO())
    assert not Tournament.objects.exists()


def test_a_result_the_two_players_disagree_on_is_refused_and_writes_nothing(fixtures_dir: Path, tmp_path: Path) -> None:
    text = (fixtures_dir / "trf" / "dutch-seed-example.trf").read_text()
    bad = tmp_path / "disagree.trf"
    bad.write_text(text.replace("     8 w 1     5 b 0", "     8 w 0     5 b 0", 1))  # both 1 and 8 lost
    with pytest.raises(CommandError, match="round 1: 1 \\(White\\) has '0' but 8 \\(Black\\) has '0'"):
        call_command("import_trf", str(bad), stdout=StringIO())
    assert not Tournament.objects.exists() and not Bye.objects.exists()


def test_load_demo_imports_the_demo_once() -> None:
    call_command("load_demo", stdout=StringIO())
    call_command("load_demo", stdout=StringIO())
    assert Tournament.objects.count() == 1
    assert Tournament.objects.get().players.count() == 14


def test_export_of_an_unknown_tournament_says_so() -> None:
    with pytest.raises(CommandError, match="no tournament with id 999"):
        call_command("export_trf", "999")


# ---------------------------------------------------------------- FIDE report


def _standings(tournament: Tournament) -> list[tuple]:
    from tourney.standings import tournament_standings

    table = tournament_standings(tournament).standings
    return [(row.rank, row.player_id, row.points, row.values) for row in table.rows]


def _import_text(text: str, tmp_path: Path, name: str) -> Tournament:
    path = tmp_path / f"{name}.trf"
    path.write_text(text)
    return _import(path, "--name", name)


@pytest.mark.parametrize("vector", VECTORS, ids=lambda p: p.stem)
def test_a_downloaded_trf26_reimports_to_the_same_tournament(vector: Path, tmp_path: Path) -> None:
    from tourney.trf_io import export_text

    original = _import(vector)
    original.tiebreaks = ["BH/C1", "BH", "SB", "DE", "WIN", "BWG", "ARO", "PS"]
    original.save(update_fields=["tiebreaks"])
    first = export_text(original, "trf26")
    again = _import_text(first, tmp_path, "again")
    assert again.tiebreaks == original.tiebreaks
    assert (again.rounds, again.initial_colour, again.pairing_system) == (
        original.rounds,
        original.initial_colour,
        original.pairing_system,
    )
    second = export_text(again, "trf26")
    assert _players(tmp_path / "again.trf") == [
        (p.start, p.name, p.sex, p.title, p.rating, p.federation, p.fide_id, p.birth) for p in parse_trf(second).players
    ]
    assert first.splitlines()[1:] == second.splitlines()[1:]  # all but the name: players, pairings, results, ranks
    assert _standings(again) == _standings(original)


def test_a_downloaded_trf16_keeps_players_pairings_results_and_tie_breaks(fixtures_dir: Path, tmp_path: Path) -> None:
    from tourney.trf_io import export_text

    original = _import(fixtures_dir / "trf" / "dutch-seed-example.trf")
    text = export_text(original, "trf16")
    records = {line[:3] for line in text.splitlines()}
    assert not records & {"142", "152", "162", "192", "202", "240"}
    assert {"001", "XXR", "XXC"} <= records
    again = _import_text(text, tmp_path, "again16")
    assert _games(tmp_path / "again16.trf") == _games(fixtures_dir / "trf" / "dutch-seed-example.trf")
    assert _standings(again) == _standings(original)


def test_the_report_carries_points_and_the_ranks_of_the_standings(fixtures_dir: Path) -> None:
    from tourney.trf_io import export_text

    t = _import(fixtures_dir / "trf" / "dutch-seed-example.trf")
    t.tiebreaks = ["BH/C1", "BH", "SB"]
    t.save(update_fields=["tiebreaks"])
    report = parse_trf(export_text(t, "trf26"))
    ranks = {p.start: (p.rank, p.points) for p in report.players}
    # After 6 rounds: 1, 2 and 5 have 4½; Buchholz Cut-1 18½, 19, 18½, then Buchholz 21½, 21, 19½.
    assert ranks[2] == (1, 45) and ranks[1] == (2, 45) and ranks[5] == (3, 45)
    assert sorted(rank for rank, _ in ranks.values()) == list(range(1, 15))
    assert "202 BH/C1 BH SB" in export_text(t, "trf26").splitlines()


def test_a_result_corrected_after_the_next_round_is_in_the_report(tmp_path: Path) -> None:
    from tests.builders import round_with, tournament
    from tourney.models import CorrectionPolicy
    from tourney.services.results import set_result
    from tourney.services.rounds import close_round
    from tourney.trf_io import export_text

    t = tournament(players=4, rounds=2, correction_policy=CorrectionPolicy.DEADLINE, correction_window_minutes=60)
    first = round_with(t, 1, "1-3 1-0, 2-4 =", status=RoundStatus.PUBLISHED)
    close_round(round_id=first.pk)
    second = round_with(t, 2, "4-1 *, 3-2 *", status=RoundStatus.PUBLISHED)  # round 2 paired and published
    assert second.games.count() == 2
    game = first.games.get(board=1)
    # C.04.2.D.8: within the announced deadline, the arbiter corrects round 1 (3 won, not 1).
    assert set_result(game_id=game.pk, result=Result.BLACK_WINS, reason="score sheets", confirmed=True)
    report = parse_trf(export_text(t, "trf16"))
    one, three = report.player(1), report.player(3)
    assert (one.rounds[0].result, three.rounds[0].result) == ("0", "1")
    assert (one.points, three.points) == (0, 10)
    assert three.rank == 1


def test_an_unknown_format_is_refused() -> None:
    from tests.builders import tournament
    from tourney.trf_io import export_text

    with pytest.raises(ValueError, match="unknown TRF format 'trf99'"):
        export_text(tournament(players=2, rounds=1), "trf99")


@pytest.mark.parametrize(
    ("type_192", "start", "system", "edition", "acceleration"),
    [
        ("FIDE_DUTCH_2017", "", "dutch", "2017", "none"),
        ("FIDE_DUTCH_2026", "2025/06/01", "dutch", "2026", "none"),  # the code wins over the date
        ("FIDE_DUTCH", "2026/01/31", "dutch", "2017", "none"),  # no year: the rules in force at the start
        ("FIDE_DUTCH", "2026/02/01", "dutch", "2026", "none"),
        ("FIDE_DUTCH_BAKU", "2026/03/01", "dutch", "2026", "baku"),
        ("FIDE_DUTCH_2017_BAKU", "", "dutch", "2017", "baku"),
        ("FIDE_DUBOV_2026", "", "dubov", "2026", "none"),
        ("FIDE_LIM_2026", "", "lim", "2026", "none"),
        ("", "2025/10/01", "dutch", "2017", "none"),  # no 192: dated by record 042
        ("", "", "dutch", "2026", "none"),  # undated: the rules in force today
    ],
)
def test_record_192_gives_the_system_the_edition_and_the_baku_acceleration(
    type_192: str, start: str, system: str, edition: str, acceleration: str
) -> None:
    from pairing.engine.trf import TrfTournament
    from tourney.trf_io import tournament_fields

    fields = tournament_fields(TrfTournament(type_192=type_192, start_date=start, xx_rounds=5))
    assert (fields["pairing_system"], fields["rules_edition"], fields["acceleration"]) == (
        system,
        edition,
        acceleration,
    )


SPEC_EXAMPLE = FIXTURES / "trf26" / "spec-example.trf"


def test_the_trf2026_records_come_back_from_the_database_as_the_file_gave_them(tmp_path: Path) -> None:
    """Import then export (TRF-2026): 172, 222, 250, 260, 299 and the national rating records
    are the file's; record 192 names the system and the edition."""
    source = read_trf(SPEC_EXAMPLE)
    tournament = _import(SPEC_EXAMPLE)
    assert (tournament.rules_edition, tournament.starting_rank_method, tournament.time_control_code) == (
        "2026",
        "ITA FIDON",
        "40/6000+30:900+30",
    )
    assert sorted(
        (p.player.pairing_number, p.other.pairing_number, p.first_round, p.last_round)
        for p in tournament.prohibited_pairings.all()
    ) == [(1, 2, 1, 5), (4, 5, 3, 5), (4, 6, 3, 5), (5, 6, 3, 5)]
    back = read_trf(_export(tournament, tmp_path))
    assert back.type_192 == "FIDE_DUTCH_2026"
    assert (back.starting_rank_172, back.time_control_222) == (source.starting_rank_172, source.time_control_222)
    assert back.accelerations_250 == source.accelerations_250
    assert back.abnormal_299 == source.abnormal_299
    assert back.national_ratings == source.national_ratings
    pairs = {frozenset(pair) for p in back.prohibited_260 for pair in [p.players]}
    assert pairs == {frozenset((1, 2)), frozenset((4, 5)), frozenset((4, 6)), frozenset((5, 6))}


def test_the_custom_acceleration_and_the_prohibited_pairs_reach_the_engine() -> None:
    from pairing import adapter

    tournament = _import(SPEC_EXAMPLE)
    rnd = tournament.round_set.get(number=3)
    state = adapter.state_for_round(rnd)
    assert (state.acceleration(1, 1), state.acceleration(2, 3), state.acceleration(4, 1)) == (10, 5, 0)
    assert state.forbidden == ((1, 2), (4, 5), (4, 6), (5, 6))
    assert adapter.state_for_round(tournament.round_set.get(number=2)).forbidden == ((1, 2),)


def test_a_baku_tournament_exports_its_192_code_with_the_edition(tmp_path: Path) -> None:
    from tests.builders import tournament as build

    t = build(players=4, rounds=5, acceleration="baku", rules_edition="2026")
    assert read_trf(_export(t, tmp_path)).type_192 == "FIDE_DUTCH_2026_BAKU"
    t.rules_edition, t.acceleration = "2017", "none"
    t.save()
    assert read_trf(_export(t, tmp_path)).type_192 == "FIDE_DUTCH_2017"


def test_trf16_output_says_prohibited_pairs_of_every_round_with_xxp_and_no_2026_record() -> None:
    from tourney.trf_io import export_text

    text = export_text(_import(SPEC_EXAMPLE), "trf16")
    t = parse_trf(text)
    assert t.xx_forbidden == ((1, 2),)  # 260 001 005 covers the 5 rounds; 3-5 cannot be said in TRF16
    assert not (t.type_192 or t.starting_rank_172 or t.national_ratings or t.abnormal_299 or t.prohibited_260)
    assert t.xx_acceleration == ((1, (10, 10, 5)), (2, (10, 10, 5)), (3, (10, 10, 5)))


def test_the_draft_type_code_option_writes_192_as_engines_released_before_ett26_read_it(tmp_path: Path) -> None:
    from tests.builders import tournament as build

    t = build(players=4, rounds=5, acceleration="baku", rules_edition="2026")
    out = tmp_path / "draft.trf"
    call_command("export_trf", str(t.pk), "-o", str(out), "--draft-type-code")
    back = read_trf(out)
    assert back.type_192 == "FIDE_DUTCH_2025_BAKU"
    from pairing.engine.trf import acceleration_of, system_of
    from pairing.engine.trf.state import edition_named

    # and our reader takes the draft's spelling for the 2026 texts
    assert (system_of(back), edition_named(back), acceleration_of(back)) == ("dutch", "2026", "baku")


def test_a_trf16_report_with_3_1_0_scoring_carries_bbppairings_points_beside_xxs() -> None:
    """bbpPairings reads record 162 and its BB lines, not XXS: without them it refuses
    the points of a 3-1-0 file."""
    from tests.builders import round_with, tournament
    from tourney.trf_io import export_text

    t = tournament(players=4, rounds=2, points_win=30, points_draw=10, points_forfeit_win=30, points_full_bye=30)
    t.points_pairing_bye, t.points_half_bye = 30, 10
    t.save()
    round_with(t, 1, "1-3 1-0, 2-4 =", status=RoundStatus.CLOSED)
    report = parse_trf(export_text(t, "trf16"))
    assert dict(report.bb_scoring) == {"BBW": 30, "BBD": 10, "BBL": 0, "BBZ": 0, "BBF": 0, "BBU": 30}
    assert dict(report.xx_scoring)["WW"] == 30
    assert (report.player(1).points, report.player(2).points) == (30, 10)
    from pairing.engine.trf import scoring_of

    without_xxs = scoring_of(dataclasses.replace(report, xx_scoring=()))
    assert (without_xxs.win, without_xxs.draw, without_xxs.pairing_bye) == (30, 10, 30)


def test_a_trf16_report_with_the_default_scoring_writes_no_scoring_line() -> None:
    from tests.builders import round_with, tournament
    from tourney.trf_io import export_text

    t = tournament(players=4, rounds=2)
    round_with(t, 1, "1-3 1-0, 2-4 =", status=RoundStatus.CLOSED)
    report = parse_trf(export_text(t, "trf16"))
    assert (report.bb_scoring, report.xx_scoring) == ((), ())

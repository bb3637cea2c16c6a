"""TRF in and out through manage.py import_trf / export_trf."""

from __future__ import annotations

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
    ("type_192", "edition"), [("FIDE_DUTCH_2017", "2017"), ("FIDE_DUTCH_BAKU", ""), ("FIDE_DUBOV", "")]
)
def test_record_192_keeps_only_an_edition_the_engines_know(type_192: str, edition: str) -> None:
    from pairing.engine.trf import TrfTournament
    from tourney.trf_io import tournament_fields

    fields = tournament_fields(TrfTournament(type_192=type_192, xx_rounds=5))
    assert fields["rules_edition"] == edition

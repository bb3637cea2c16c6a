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

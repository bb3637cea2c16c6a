"""A team event's TRF-2026 file imported as a new team tournament through the import job:
its players, teams, settings and rounds; the next round paired by the web as the command
line pairs the file; exported again, the same file; a malformed or inconsistent file
refused by its line and column or its board, nothing written."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model

from pairing.cli import main
from pairing.engine.team.trf import read_team_trf
from pairing.job import pair_round
from tests.team_builders import play_team_event, team_event
from tourney.models import (
    ImportJob,
    JobState,
    Lineup,
    MatchForfeit,
    Result,
    RoundStatus,
    TeamBye,
    TeamMatch,
    Tournament,
)
from tourney.services import teams
from tourney.services.import_jobs import run_import
from tourney.services.rounds import round_for
from tourney.services.team_import import create_team_tournament_from_trf, is_team_file
from tourney.trf_io import TrfImportError, export_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def user():
    return get_user_model().objects.create_user("importer", password="x")


@pytest.fixture
def played() -> Tournament:
    t = team_event(teams=5, members=5, rounds=5, tiebreaks=["EDE", "BC"], match_points_win=3)
    como, dolo = t.teams.get(name="Como"), t.teams.get(name="Dolo")
    teams.request_team_bye(tournament_id=t.pk, team_id=como.pk, round_number=3, kind="half")
    teams.prohibit_teams(tournament_id=t.pk, team_id=como.pk, other_id=dolo.pk)
    play_team_event(t, 3, forfeit_round=2)
    return t


def imported(text: str, user) -> Tournament:
    job = ImportJob.objects.create(created_by=user, data=text.encode("utf-8"))
    assert run_import(job.pk, "en") == JobState.SUCCEEDED, ImportJob.objects.get(pk=job.pk).error
    return ImportJob.objects.get(pk=job.pk).tournament


def test_the_import_job_makes_the_team_tournament_of_the_file(played, user) -> None:
    text = export_text(played)
    assert is_team_file(text)
    t = imported(text, user)
    assert t.is_team_event and t.rounds == 5 and t.team_boards == 4 and t.match_points_win == 3
    assert t.team_colour_preferences == played.team_colour_preferences
    assert list(t.tiebreaks) == ["EDE", "BC"]
    assert [(team.start_number, team.name) for team in t.teams.all()] == [
        (team.start_number, team.name) for team in played.teams.all()
    ]
    assert [m.player.name for m in teams.roster(t.teams.get(name="Bari"))] == [f"Bari {b}" for b in range(1, 6)]
    assert t.team_prohibitions.count() == 1
    assert TeamBye.objects.filter(round__tournament=t, kind="half", team__name="Como").exists()
    assert TeamMatch.objects.filter(round__tournament=t).exclude(forfeit=MatchForfeit.NONE).count() == 1
    assert TeamMatch.objects.filter(round__tournament=t, away__isnull=True).count() == 2  # rounds 1, 2 (Como away in 3)
    assert Lineup.objects.filter(round__tournament=t).count() == 3 * 4  # each team of each match, each round
    assert list(t.round_set.values_list("status", flat=True)) == [RoundStatus.CLOSED] * 3
    assert t.appointments.filter(user=user, role="organizer").exists()
    assert t.audit_entries.filter(action="import team TRF").exists()


def test_exported_imported_and_exported_again_the_file_is_the_same(played, user) -> None:
    first = export_text(played)
    again = export_text(imported(first, user))
    assert again == first


def test_the_next_round_is_paired_by_the_web_as_the_command_line_pairs_the_file(played, user, tmp_path) -> None:
    text = export_text(played)
    path = tmp_path / "team.trf"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert main(["--team", str(path), "-p"], stdout=out, stderr=io.StringIO()) == 0
    lines = out.getvalue().split("\n")
    cli = {tuple(int(n) for n in line.split()) for line in lines[1 : 1 + int(lines[0])]}
    t = imported(text, user)
    rnd = pair_round(round_id=round_for(t, 4).pk)
    assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
    web = {
        (m.home.start_number, m.away.start_number if m.away else 0)
        for m in rnd.team_matches.select_related("home", "away")
    }
    assert web == cli
    # And the whole event, imported and played on, still replays by the command line.
    teams_file = read_team_trf(export_text(t, public=False))
    assert teams_file.played_rounds == 4


def _refusal(text: str, user, language: str = "en") -> str:
    before = Tournament.objects.count()
    job = ImportJob.objects.create(created_by=user, data=text.encode("utf-8"))
    assert run_import(job.pk, language) == JobState.FAILED
    assert Tournament.objects.count() == before  # nothing written
    return ImportJob.objects.get(pk=job.pk).error


def test_a_malformed_team_record_is_refused_by_its_line_and_column(played, user) -> None:
    lines = export_text(played).splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("330 "))
    lines[k] = "330 ++" + lines[k][6:]
    error = _refusal("\n".join(lines) + "\n", user)
    assert f"line {k + 1}, column 5" in error and "forfeit type" in error
    error = _refusal("\n".join(lines) + "\n", user, "it")
    assert f"riga {k + 1}, colonna 5" in error


def test_boards_that_disagree_with_the_rosters_are_refused(played, user) -> None:
    lines = export_text(played).splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("310   1 "))
    # Team 1's first two players swapped on its roster: its boards no longer meet theirs.
    first, second = lines[k][73:77], lines[k][78:82]
    lines[k] = lines[k][:73] + second + " " + first + lines[k][82:]
    text = "\n".join(lines) + "\n"
    with pytest.raises(TrfImportError, match=r"round \d, board 1 of team \d: player \d+ does not meet board 1 of team"):
        create_team_tournament_from_trf(text=text, user=user)
    error = _refusal(text, user, "it")
    assert "scacchiera 1 della squadra" in error and "non incontra" in error


@pytest.mark.parametrize("seed", [3, 8])
def test_a_generated_team_file_is_imported_and_paired_on_as_the_command_line_pairs_it(seed, user, tmp_path) -> None:
    path = tmp_path / "generated.trf"
    args = ["--team", "--generate", str(path), "--seed", str(seed), "--players", "9", "--rounds", "5"]
    assert main(args, io.StringIO()) == 0
    # One round more than the generator played: the next round is to pair.
    text = path.read_text(encoding="utf-8").replace("\n142 5\n", "\n142 6\n")
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert main(["--team", str(path), "-p"], stdout=out, stderr=io.StringIO()) == 0
    lines = out.getvalue().split("\n")
    cli = {tuple(int(n) for n in line.split()) for line in lines[1 : 1 + int(lines[0])]}
    t = imported(text, user)
    assert t.round_set.count() == 5 and t.teams.count() == 9
    rnd = pair_round(round_id=round_for(t, 6).pk)
    assert rnd.status == RoundStatus.PAIRED, rnd.pairing_error
    web = {
        (m.home.start_number, m.away.start_number if m.away else 0)
        for m in rnd.team_matches.select_related("home", "away")
    }
    assert web == cli


def test_records_the_web_has_no_rows_for_are_refused_by_their_line(played, user) -> None:
    lines = export_text(played).splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("352 "))
    lines.insert(k + 1, "250       1.0 001 001    1    2")
    error = _refusal("\n".join(lines) + "\n", user)
    assert f"line {k + 2}: record 250 (accelerated rounds)" in error


def test_a_late_entry_a_withdrawal_a_full_point_bye_and_a_double_forfeit_export_again_the_same(user) -> None:
    t = team_event(teams=6, members=4, rounds=4, match_points_win=2)
    bari, como = t.teams.get(name="Bari"), t.teams.get(name="Como")
    teams.request_team_bye(tournament_id=t.pk, team_id=como.pk, round_number=2, kind="full")
    play_team_event(t, 1)
    teams.withdraw_team(team_id=bari.pk)  # from round 2
    members = [teams.MemberData(f"Z{b}", rating=2000) for b in range(1, 5)]
    teams.register_team(tournament_id=t.pk, name="Zena", members=members)
    play_team_event(t, 2, first=2, forfeit_round=3, forfeit=MatchForfeit.DOUBLE)
    for public in (True, False):
        first = export_text(t, public=public)
        assert export_text(imported(first, user), public=public) == first


def test_a_round_with_boards_to_play_is_imported_published_and_exported_again_the_same(played, user) -> None:
    from tourney.services.rounds import publish_pairing

    rnd = pair_round(round_id=round_for(played, 4).pk)
    publish_pairing(round_id=rnd.pk)
    first = export_text(played, public=True)
    t = imported(first, user)
    fourth = t.round_set.get(number=4)
    assert fourth.status == RoundStatus.PUBLISHED and fourth.games.filter(result=Result.PENDING).count() == 8
    assert export_text(t, public=True) == first


def test_a_match_forfeited_without_boards_in_the_file_gets_the_rosters_boards_scored_by_forfeit(played, user) -> None:
    lines = export_text(played).splitlines()
    forfeit = next(line for line in lines if line.startswith("330 "))
    tpns = {int(forfeit[11:14]), int(forfeit[15:18])}
    rosters = {int(line[4:7]): line[73:].split() for line in lines if line.startswith("310 ")}
    starts = {int(start) for tpn in tpns for start in rosters[tpn]}
    # The players' round-2 blocks (columns 102-109) left blank: record 330 alone says the match.
    lines = [
        line[:101] + " " * 8 + line[109:] if line.startswith("001 ") and int(line[4:8]) in starts else line
        for line in lines
    ]
    t = imported("\n".join(lines) + "\n", user)
    match = TeamMatch.objects.get(round__tournament=t, round__number=2, forfeit=MatchForfeit.AWAY)
    assert {match.home.start_number, match.away.start_number} == tpns
    results = list(match.games.order_by("board").values_list("result", flat=True))
    assert results == [Result.BLACK_WINS_FORFEIT, Result.WHITE_WINS_FORFEIT] * 2


@pytest.mark.parametrize(
    ("record", "replacement", "what"),
    [("192 ", "192 FIDE_TEAM_TYPEA_MP", "no secondary score"), ("320 ", None, "the PAB's points")],
)
def test_settings_the_web_cannot_hold_are_refused_by_their_line(played, user, record, replacement, what) -> None:
    lines = export_text(played).splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith(record))
    lines[k] = replacement or "320  2.0 " + lines[k][9:]  # the PAB scores a won match
    assert what in _refusal("\n".join(lines) + "\n", user)


def test_two_teams_of_one_name_and_too_many_boards_are_refused(played, user) -> None:
    text = export_text(played)
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("310   2 "))
    lines[k] = lines[k][:8] + "Aosta".ljust(32) + lines[k][40:]
    assert "teams 1 and 2 are both named Aosta" in _refusal("\n".join(lines) + "\n", user)
    many = [line for line in text.splitlines() if not line.startswith("320 ")]  # its points are 4 boards'
    many = "\n".join(many).replace("\n352 WBWB\n", "\n352 " + "WB" * 11 + "\n") + "\n"
    assert "record 352 (boards): Ensure this value is less than or equal to 20" in _refusal(many, user)

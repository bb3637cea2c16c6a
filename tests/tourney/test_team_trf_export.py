"""The TRF-2026 file of a team event: the players' records and the team records the engine's
writer writes (310, 320, 330, 352, 362, 240, 802, 192, ###TBV), replayed by the command line's
``--team --check`` (every round re-paired, the standings recomputed) and ranked as the web's
team standings rank."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from pairing import adapter
from pairing.cli import main
from pairing.engine.team.trf import read_team_trf
from pairing.engine.tiebreaks.teams import team_standings
from pairing.job import pair_round
from tests.team_builders import play_team_event, team_event
from tourney.models import MatchForfeit, RoundStatus, Tournament
from tourney.services import teams
from tourney.services.rounds import round_for
from tourney.trf_io import export_text

pytestmark = pytest.mark.django_db


def check(text: str, tmp_path: Path) -> tuple[int, str]:
    path = tmp_path / "team.trf"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    code = main(["--team", "--check", str(path)], stdout=out, stderr=io.StringIO())
    return code, out.getvalue()


@pytest.fixture
def played() -> Tournament:
    t = team_event(teams=5, members=5, rounds=4, tiebreaks=["EDE", "BC"], match_points_win=3)
    como = t.teams.get(name="Como")
    teams.request_team_bye(tournament_id=t.pk, team_id=como.pk, round_number=3, kind="half")
    play_team_event(t, 4, forfeit_round=2)
    return t


def test_the_exported_team_file_replays_every_round_and_its_standings(played, tmp_path) -> None:
    text = export_text(played, public=True)
    records = {line[:3] for line in text.splitlines()}
    assert {"001", "310", "320", "330", "352", "362", "240", "802", "192", "202", "212", "###"} <= records
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in text and "352 WBWB" in text
    assert "240 H 003 0003" in text  # Como's requested half-point bye
    code, out = check(text, tmp_path)
    assert code == 0, out
    assert "4 rounds checked, 0 differ" in out


def test_the_file_ranks_the_teams_as_the_web_standings(played) -> None:
    team_file = read_team_trf(export_text(played, public=True))
    web = team_standings(adapter.team_table(played, 4), teams.standings_codes(played))
    assert {t: e.rank for t, e in team_file.teams.items()} == {row.team: row.rank for row in web}
    aosta = played.teams.get(name="Aosta")
    entry = team_file.teams[aosta.start_number]
    assert entry.name == "Aosta"
    assert entry.members == tuple(m.player.pairing_number for m in teams.roster(aosta))
    # Every round's pairing as the web stored it.
    for rnd in played.round_set.order_by("number"):
        pairing = team_file.pairing(rnd.number)
        stored = rnd.team_matches.select_related("home", "away")
        assert {(m.white, m.black) for m in pairing.matches} == {
            (m.home.start_number, m.away.start_number) for m in stored if m.away
        }
        assert pairing.bye == next((m.home.start_number for m in stored if m.away is None), None)


def test_a_round_in_progress_is_left_out_of_the_public_file_and_in_the_arbiters(tmp_path) -> None:
    t = team_event(teams=4, members=4, rounds=3)
    play_team_event(t, 1)
    rnd = pair_round(round_id=round_for(t, 2).pk)  # a draft: the arbiter's file only
    assert rnd.status == RoundStatus.PAIRED
    assert read_team_trf(export_text(t, public=True)).played_rounds == 1
    code, out = check(export_text(t, public=True), tmp_path)
    assert code == 0, out
    arbiters = read_team_trf(export_text(t, public=False))
    assert arbiters.played_rounds == 2
    assert len(arbiters.pairing(2).matches) == 2


def test_a_team_event_before_its_first_round_exports_its_teams() -> None:
    t = team_event(teams=3, members=4, rounds=3)
    team_file = read_team_trf(export_text(t, public=True))
    assert sorted(e.name for e in team_file.teams.values()) == ["Aosta", "Bari", "Como"]
    assert team_file.played_rounds == 0


def test_the_web_import_takes_a_team_file_as_a_team_event(played) -> None:
    """The individual mapping still refuses record 192's team code; the import job reads the
    file as a team event (tourney.services.team_import, tests/tourney/test_team_trf_import.py)."""
    from django.contrib.auth import get_user_model

    from pairing.engine.trf import parse_trf
    from tourney.models import ImportJob, JobState
    from tourney.services.import_jobs import run_import
    from tourney.services.imports import import_tournament
    from tourney.trf_io import TrfImportError

    text = export_text(played, public=True)
    with pytest.raises(TrfImportError, match="FIDE_TEAM_TYPEA_MP_GP"):
        import_tournament(parse_trf(text))
    user = get_user_model().objects.create_user("importer", password="x")
    job = ImportJob.objects.create(created_by=user, data=text.encode("utf-8"))
    assert run_import(job.pk, "en") == JobState.SUCCEEDED
    assert ImportJob.objects.get(pk=job.pk).tournament.is_team_event


def test_a_withdrawal_a_late_entry_a_full_point_bye_and_a_double_forfeit_replay_too(tmp_path) -> None:
    t = team_event(teams=6, members=4, rounds=4, match_points_win=2)
    bari, como = t.teams.get(name="Bari"), t.teams.get(name="Como")
    teams.request_team_bye(tournament_id=t.pk, team_id=como.pk, round_number=2, kind="full")
    play_team_event(t, 1)
    teams.withdraw_team(team_id=bari.pk)  # from round 2
    late = teams.register_team(
        tournament_id=t.pk, name="Zena", members=[teams.MemberData(f"Z{b}", rating=2000) for b in range(1, 5)]
    )
    assert late.entry_round == 2
    play_team_event(t, 2, first=2, forfeit_round=3, forfeit=MatchForfeit.DOUBLE)
    text = export_text(t, public=True)
    assert "240 F 002 0003" in text and "240 Z 002 0002" in text and f"240 Z 001 {late.start_number:04d}" in text
    assert re.search(r"^330 -- 003 ", text, re.MULTILINE)
    code, out = check(text, tmp_path)
    assert code == 0, out

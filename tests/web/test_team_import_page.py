"""The import page takes a team event's TRF-2026 file: the job makes the team tournament,
and a malformed team record or a board off the rosters is shown on the job's page, by its
line and column or its round and board, in the page's language; nothing is written."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.team_builders import play_team_event, team_event
from tourney.models import Tournament
from tourney.trf_io import export_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def import_trf(organizer, eager_celery, django_capture_on_commit_callbacks):
    def post(text: str):
        upload = SimpleUploadedFile("team.trf", text.encode("utf-8"))
        with django_capture_on_commit_callbacks(execute=True):
            response = organizer.post("/import/", {"file": upload})
        assert response.status_code == 302
        return organizer.get(response["Location"]).content.decode()

    return post


@pytest.fixture
def team_file() -> str:
    t = team_event(teams=4, members=4, rounds=3, name="Coppa Squadre")
    play_team_event(t, 2)
    text = export_text(t)
    t.delete()
    return text


def test_a_team_file_becomes_a_team_tournament(import_trf, team_file) -> None:
    page = import_trf(team_file)
    t = Tournament.objects.get(name="Coppa Squadre")
    assert t.is_team_event and t.teams.count() == 4 and t.round_set.count() == 2
    assert t.get_absolute_url() in page and "A team event: 4 teams." in page


def test_a_malformed_team_record_is_shown_by_its_line_and_column(import_trf, team_file) -> None:
    lines = team_file.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("320 "))
    lines[k] = "320 x.0" + lines[k][7:]
    page = import_trf("\n".join(lines) + "\n")
    assert f"line {k + 1}, column 5" in page and not Tournament.objects.exists()


def test_a_board_off_the_rosters_is_refused_in_italian(organizer, import_trf, team_file) -> None:
    organizer.cookies["django_language"] = "it"
    lines = team_file.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("310   2 "))
    lines[k] = lines[k][:73] + lines[k][78:82] + " " + lines[k][73:77] + lines[k][82:]
    page = import_trf("\n".join(lines) + "\n")
    assert "scacchiera 1 della squadra" in page and "non incontra" in page
    assert not Tournament.objects.exists()


def test_the_job_page_says_the_teams_in_italian(organizer, import_trf, team_file) -> None:
    organizer.cookies["django_language"] = "it"
    assert "Un torneo a squadre: 4 squadre." in import_trf(team_file)

"""The rating list pages: the upload (organizers-at-large and superusers, streamed to disk,
its own cap), the job's progress polled, the search box, registration from the list, the
CSV differences, the rating update."""

from __future__ import annotations

import io
import re
import zipfile
from datetime import date, timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from tests import builders
from tourney.models import AuditEntry, JobState, RatingListEntry, RatingListImport, Round, RoundStatus
from tourney.rating_list.generator import random_players, write_txt

pytestmark = pytest.mark.django_db
# The import job is queued on commit (and runs eagerly then): these tests commit.
committing = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
SEPTEMBER = date(2026, 9, 1)


@pytest.fixture(autouse=True)
def jobs_run_here(eager_celery) -> None:
    """The import job runs in the test's process, with or without a broker configured."""


@pytest.fixture(autouse=True)
def list_dir(tmp_path, settings) -> Path:
    settings.RATING_LIST_DIR = tmp_path / "lists"
    return settings.RATING_LIST_DIR


def zipped_list(rows: int) -> bytes:
    text = io.StringIO()
    write_txt(random_players(rows), text, month=SEPTEMBER)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("players_list_foa.txt", text.getvalue())
    return out.getvalue()


@committing
def test_an_organizer_uploads_a_list_and_the_job_imports_it(organizer: Client, list_dir: Path) -> None:
    upload = SimpleUploadedFile("players_list_sep26.zip", zipped_list(50), content_type="application/zip")
    response = organizer.post("/rating-list/", {"file": upload, "kind": "", "month": ""})
    assert response.status_code == 302
    job = RatingListImport.objects.get()
    assert (job.state, job.rows, job.kinds, job.month) == (JobState.SUCCEEDED, 50, "standard rapid blitz", SEPTEMBER)
    assert RatingListEntry.objects.count() == 50
    assert not any(list_dir.iterdir())  # the uploaded copy is removed once imported
    page = organizer.get(response["Location"])
    assert "50 players imported" in page.content.decode()
    poll = organizer.get(f"/rating-list/imports/{job.pk}/", headers={"HX-Request": "true"})
    assert poll.status_code == 286  # done: the poll stops


def test_a_running_job_is_polled(organizer: Client) -> None:
    job = RatingListImport.objects.create(file_name="x.zip", state=JobState.RUNNING, rows=20000)
    poll = organizer.get(f"/rating-list/imports/{job.pk}/", headers={"HX-Request": "true"})
    body = poll.content.decode()
    assert poll.status_code == 200 and 'hx-trigger="every 1s"' in body and "20000 players read" in body


def test_a_job_lost_with_its_worker_is_ended_by_the_reaper_and_its_poll_stops(organizer: Client, settings) -> None:
    from tourney.tasks import reap_lost_jobs

    job = RatingListImport.objects.create(file_name="x.zip", state=JobState.RUNNING)
    RatingListImport.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 120)
    )
    poll = organizer.get(f"/rating-list/imports/{job.pk}/", headers={"HX-Request": "true"})
    assert poll.status_code == 200  # a GET never writes: the job is the reaper's to end
    assert RatingListImport.objects.get().state == JobState.RUNNING
    assert reap_lost_jobs()["rating lists"] == [job.pk]
    poll = organizer.get(f"/rating-list/imports/{job.pk}/", headers={"HX-Request": "true"})
    assert poll.status_code == 286 and "upload the file again" in poll.content.decode()
    assert RatingListImport.objects.get().state == JobState.FAILED


@committing
def test_a_refused_list_names_its_line_and_writes_nothing(organizer: Client) -> None:
    text = io.StringIO()
    write_txt(random_players(3), text, month=SEPTEMBER)
    lines = text.getvalue().splitlines()
    lines[2] = lines[2][:113] + "x" + lines[2][114:]
    upload = SimpleUploadedFile("players_list_sep26.txt", "\n".join(lines).encode())
    organizer.post("/rating-list/", {"file": upload})
    job = RatingListImport.objects.get()
    assert job.state == JobState.FAILED and job.error.startswith("line 3, column 114")
    assert not RatingListEntry.objects.exists()


@committing
def test_the_upload_goes_to_disk_not_memory(organizer: Client, monkeypatch) -> None:
    from tourney.services import rating_list

    seen = []
    real = rating_list.start_import
    monkeypatch.setattr(
        "tourney.views.rating_list.rating_list.start_import",
        lambda path, **kw: seen.append(Path(path).exists()) or real(path, **kw),
    )
    organizer.post("/rating-list/", {"file": SimpleUploadedFile("players_list_sep26.zip", zipped_list(2))})
    assert seen == [True]


def test_an_arbiter_cannot_upload_a_list_before_it_is_read(django_user_model) -> None:
    client = Client()
    client.force_login(django_user_model.objects.create_user("just-an-arbiter"))
    response = client.post("/rating-list/", {"file": SimpleUploadedFile("a.zip", b"x")})
    assert response.status_code == 403 and not RatingListImport.objects.exists()


@committing
def test_the_list_upload_has_its_own_cap(organizer: Client, settings) -> None:
    settings.RATING_LIST_MAX_BYTES = 20_000
    big = SimpleUploadedFile("players_list_sep26.txt", b"x" * 30_000)
    response = organizer.post("/rating-list/", {"file": big})
    assert response.status_code == 413
    # Above the site's cap, under the list's: read.
    settings.RATING_LIST_MAX_BYTES = settings.REQUEST_MAX_BYTES * 2
    settings.REQUEST_MAX_BYTES = 1000
    response = organizer.post("/rating-list/", {"file": SimpleUploadedFile("players_list_sep26.zip", zipped_list(30))})
    assert response.status_code == 302 and RatingListEntry.objects.count() == 30


def test_nginx_gives_the_list_upload_its_cap() -> None:
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    block = re.search(r"location = /rating-list/ \{(.*?)\}", conf, re.S)
    assert block is not None
    size = re.search(r"client_max_body_size\s+(\d+)m;", block.group(1))
    assert size is not None and int(size.group(1)) * 1024 * 1024 == settings.RATING_LIST_MAX_BYTES


def listed(fide_id: int, name: str, rating: int) -> RatingListEntry:
    return RatingListEntry.objects.create(
        fide_id=fide_id, name=name, name_key=name.lower(), federation="ITA", sex="M", standard_rating=rating,
        standard_month=SEPTEMBER, birth_year=1980,
    )  # fmt: skip


def test_the_search_box_suggests_listed_players(own_tournament) -> None:
    t, client = own_tournament
    listed(501, "Rossi, Mario", 2000)
    listed(502, "Rossini, Gioachino", 1900)
    fragment = client.get(f"/t/{t.pk}/registration/rating-list/?q=ross", headers={"HX-Request": "true"})
    body = fragment.content.decode()
    assert 'id="list-suggestions"' in body and "Rossi, Mario" in body and "Rossini, Gioachino" in body
    assert "<html" not in body
    page = client.get(f"/t/{t.pk}/registration/rating-list/?q=502")
    assert "<html" in page.content.decode() and "Rossini" in page.content.decode()


def test_a_player_is_registered_from_a_suggestion(own_tournament) -> None:
    t, client = own_tournament
    listed(501, "Rossi, Mario", 2000)
    response = client.post(f"/t/{t.pk}/registration/rating-list/add/", {"fide_id": "501"})
    assert response.status_code == 302
    assert t.players.get().name == "Rossi, Mario" and t.players.get().rating == 2000
    assert Client().post(f"/t/{t.pk}/registration/rating-list/add/", {"fide_id": "501"}).status_code == 403


def test_registration_from_the_list_without_csrf_is_refused(own_tournament) -> None:
    t, _client = own_tournament
    listed(501, "Rossi, Mario", 2000)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(t.appointments.get().user)
    assert strict.post(f"/t/{t.pk}/registration/rating-list/add/", {"fide_id": "501"}).status_code == 403
    assert not t.players.exists()


def test_csv_differences_are_chosen_before_registration(own_tournament) -> None:
    t, client = own_tournament
    listed(501, "Rossi, Mario", 2000)
    csv = SimpleUploadedFile("p.csv", b"fide_id;rating\n501;1990\n")
    page = client.post(f"/t/{t.pk}/registration/csv/", {"file": csv})
    body = page.content.decode()
    assert page.status_code == 200 and 'name="choice:501:rating"' in body and not t.players.exists()
    done = client.post(
        f"/t/{t.pk}/registration/csv/", {"csv_text": "fide_id;rating\n501;1990\n", "choice:501:rating": "list"}
    )
    assert done.status_code == 302 and t.players.get().rating == 2000


def test_the_rating_update_page_previews_and_applies(own_tournament) -> None:
    t, client = own_tournament
    listed(501, "Rossi, Mario", 2000)
    client.post(f"/t/{t.pk}/registration/rating-list/add/", {"fide_id": "501"})
    RatingListEntry.objects.filter(fide_id=501).update(standard_rating=2040)
    preview = client.get(f"/t/{t.pk}/registration/ratings/").content.decode()
    player = t.players.get()
    assert f'value="{player.pk}:2040"' in preview and "2000" in preview
    client.post(f"/t/{t.pk}/registration/ratings/", {"change": f"{player.pk}:2040"})
    assert t.players.get().rating == 2040
    assert AuditEntry.objects.filter(action="update rating from list").count() == 1


def test_the_rating_update_page_gives_the_reason_after_round_1(own_tournament) -> None:
    t, client = own_tournament
    listed(501, "Rossi, Mario", 2000)
    client.post(f"/t/{t.pk}/registration/rating-list/add/", {"fide_id": "501"})
    RatingListEntry.objects.filter(fide_id=501).update(standard_rating=2040)
    player = t.players.get()
    Round.objects.create(tournament=t, number=1, status=RoundStatus.PUBLISHED)
    assert "Round 1 is paired" in client.get(f"/t/{t.pk}/registration/ratings/").content.decode()
    response = client.post(f"/t/{t.pk}/registration/ratings/", {"change": f"{player.pk}:2040"}, follow=True)
    assert "Round 1 is paired" in response.content.decode() and t.players.get().rating == 2000


def test_the_tournaments_rate_is_a_setting(own_tournament) -> None:
    t, client = own_tournament
    assert 'name="rate"' in client.get(f"/t/{t.pk}/settings/").content.decode()
    assert builders.tournament(players=0).rate == "standard"


def test_an_organizer_of_one_tournament_has_no_right_on_the_list(own_tournament) -> None:
    _t, client = own_tournament
    assert client.get("/rating-list/").status_code == 403

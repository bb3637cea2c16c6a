"""A TRF file imported as a new tournament by a job: the upload is stored, the job writes it
through the import service in a bounded number of queries, the page polls its progress and
ends with the tournament or the refusal (line and column); a real worker runs it, and a
field of 2,000 players is imported in under 10 s while the upload answers at once."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from pairing.engine.trf import parse_trf
from tourney.models import AuditEntry, ImportJob, JobState, Tournament
from tourney.roles import ORGANIZERS
from tourney.services import import_jobs
from tourney.services.imports import import_tournament
from tourney.trf_io import export_text

ROOT = Path(__file__).resolve().parents[3]
SEED = ROOT / "tests" / "fixtures" / "trf" / "dutch-seed-example.trf"


def _big_event_trf(players: int, rounds: int = 9) -> str:
    """A finished event of *players* players as a TRF file (bench/big_event.py), its
    tournament deleted again."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from big_event import build_event
    finally:
        sys.path.remove(str(ROOT / "bench"))
    event = build_event(players, rounds)
    text = export_text(event)
    event.delete()
    return text


def _organizer(django_user_model, name: str = "org") -> Client:
    user = django_user_model.objects.create_user(name)
    user.groups.add(Group.objects.get(name=ORGANIZERS))
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_import_writes_a_few_queries_per_round_not_one_per_row() -> None:
    counts = []
    for players in (20, 200):
        trf = parse_trf(_big_event_trf(players, rounds=5))
        with CaptureQueriesContext(connection) as queries:
            imported = import_tournament(trf, name=f"Imported {players}")
        assert imported.players.count() == players
        assert sum(r.entries.count() for r in imported.round_set.all()) == players * 5
        counts.append(len(queries))
    # Ten times the field: a batch more here and there (SQLite's are smaller), no more.
    assert counts[0] <= counts[1] < counts[0] + 10, counts


@pytest.mark.django_db
def test_the_job_reports_its_progress_round_by_round(django_user_model, monkeypatch) -> None:
    user = django_user_model.objects.create_user("org")
    seen = []
    monkeypatch.setattr(import_jobs.cache, "set", lambda key, value, timeout: seen.append(value))
    job = ImportJob.objects.create(created_by=user, data=SEED.read_bytes())
    assert import_jobs.run_import(job.pk) == JobState.SUCCEEDED
    job.refresh_from_db()
    assert seen == [(k, 6) for k in range(7)]
    assert (job.tournament.players.count(), job.tournament.round_set.count(), bytes(job.data)) == (14, 6, b"")
    assert AuditEntry.objects.filter(action="import TRF", user=user).count() == 1
    assert import_jobs.run_import(job.pk) == JobState.SUCCEEDED  # a redelivered message does nothing
    assert Tournament.objects.count() == 1


@pytest.mark.django_db
def test_a_cache_that_refuses_the_progress_does_not_fail_the_import(django_user_model, monkeypatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(import_jobs.cache, "set", refuse)
    monkeypatch.setattr(import_jobs.cache, "get", refuse)
    job = ImportJob.objects.create(created_by=django_user_model.objects.create_user("org"), data=SEED.read_bytes())
    assert import_jobs.run_import(job.pk) == JobState.SUCCEEDED
    job.state = JobState.RUNNING
    assert import_jobs.progress(job) is None


@pytest.mark.django_db
def test_the_import_page_polls_until_the_job_ends_then_shows_the_refusal(
    django_user_model, queued_imports, django_capture_on_commit_callbacks
) -> None:
    organizer = _organizer(django_user_model)
    with django_capture_on_commit_callbacks(execute=True):
        response = organizer.post("/import/", {"file": SimpleUploadedFile("t.trf", b"012 X\n001 oops\n")})
    job = ImportJob.objects.get()
    assert response["Location"] == f"/import/{job.pk}/" and queued_imports == [job.pk]
    page = organizer.get(f"/import/{job.pk}/").content.decode()
    assert 'hx-trigger="every 1s"' in page and "waiting for the import worker" in page
    import_jobs.run_import(job.pk)
    poll = organizer.get(f"/import/{job.pk}/", headers={"HX-Request": "true"})
    assert poll.status_code == 286  # the poll ends
    text = poll.content.decode()
    assert "line 2, column" in text and "hx-trigger" not in text and not Tournament.objects.exists()
    organizer.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    assert "Il file non è stato importato:" in organizer.get(f"/import/{job.pk}/").content.decode()
    # Only the importer sees his job.
    assert _organizer(django_user_model, "other").get(f"/import/{job.pk}/").status_code == 404


@pytest.mark.django_db
def test_the_job_refuses_in_the_language_of_the_upload(
    django_user_model, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    queued: list[tuple] = []
    monkeypatch.setattr(import_jobs.import_trf_task, "apply_async", lambda args, **options: queued.append(args))
    organizer = _organizer(django_user_model)
    organizer.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    undeclared = b"".join(line for line in SEED.read_bytes().splitlines(keepends=True) if not line.startswith(b"XXR"))
    with django_capture_on_commit_callbacks(execute=True):
        organizer.post("/import/", {"file": SimpleUploadedFile("t.trf", undeclared)})
    job = ImportJob.objects.get()
    assert queued == [(job.pk, "it")]
    # The worker has no request: the task brings the uploader's language.
    assert import_jobs.import_trf_task(*queued[0]) == JobState.FAILED
    job.refresh_from_db()
    assert job.error.startswith("il file non dichiara il numero dei turni (XXR o record 142)")


@pytest.fixture
def queued_imports(monkeypatch) -> list[int]:
    """The import jobs queued, kept here instead of sent."""
    queued: list[int] = []
    monkeypatch.setattr(import_jobs.import_trf_task, "apply_async", lambda args, **options: queued.append(args[0]))
    return queued


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_worker_imports_two_thousand_players_in_under_ten_seconds(celery_worker_queue, django_user_model) -> None:
    text = _big_event_trf(2000)
    organizer = _organizer(django_user_model)
    started = time.monotonic()
    response = organizer.post("/import/", {"file": SimpleUploadedFile("big.trf", text.encode())})
    answered = time.monotonic() - started
    assert response.status_code == 302 and answered < 2, answered
    job = ImportJob.objects.get()
    page = ""
    while time.monotonic() - started < 30:
        poll = organizer.get(response["Location"], headers={"HX-Request": "true"})
        page = poll.content.decode()
        if poll.status_code == 286:
            break
        time.sleep(0.2)
    seconds = time.monotonic() - started
    job.refresh_from_db()
    assert job.state == JobState.SUCCEEDED, job.error
    assert "2000 players" in page and job.tournament.get_absolute_url() in page
    assert seconds < 10, f"imported in {seconds:.1f} s"

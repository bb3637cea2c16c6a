"""A lost job never stays "queued": the reaper (the beat's periodic task, and every worker as
it starts) ends a pairing, TRF import or rating list import job no worker holds (one test,
pairing.job_locks.reap_lost, for every kind), the round says so and offers to pair again; a
GET never writes; the worker survives the broker going away mid-job."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.test import Client
from django.utils import timezone

from pairing.job import pairing_time_limit, reap_lost_pairings
from pairing.services import request_pairing
from tests import builders
from tests.conftest import _celery_worker
from tourney.celery import app
from tourney.models import AuditEntry, ImportJob, JobState, RatingListImport, Round, RoundStatus
from tourney.services.import_jobs import reap_lost_imports
from tourney.services.rating_list import reap_lost_rating_list_imports

# A real worker for the length of a block (tests/conftest.py starts it).
celery_worker = contextmanager(_celery_worker)


def _active_round(t, number: int, state: str, age_seconds: float) -> Round:
    return Round.objects.create(
        tournament=t,
        number=number,
        status=RoundStatus.PAIRING,
        pairing_job_state=state,
        pairing_requested_at=timezone.now() - timedelta(seconds=age_seconds),
    )


def _wait(condition, timeout: float = 60, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    pytest.fail(f"not within {timeout}s: {what}")


@pytest.mark.django_db
def test_a_job_queued_longer_than_its_time_limit_is_ended_and_the_round_offers_to_pair_again(
    django_user_model,
) -> None:
    t = builders.tournament(players=9)
    limit = pairing_time_limit(9)
    lost = _active_round(t, 1, JobState.QUEUED, limit + 5)
    waiting = _active_round(builders.tournament(players=9, name="Other"), 1, JobState.QUEUED, limit - 5)
    assert reap_lost_pairings() == [lost.pk]
    lost.refresh_from_db()
    waiting.refresh_from_db()
    assert (lost.status, lost.pairing_job_state) == (RoundStatus.DRAFT, JobState.FAILED)
    assert "stopped before finishing" in lost.pairing_error
    assert AuditEntry.objects.filter(action="pairing failed", tournament=t).exists()
    assert waiting.pairing_job_state == JobState.QUEUED  # still within its time: a worker may take it
    arbiter = django_user_model.objects.create_user("arb")
    from tourney.roles import appoint

    appoint(t, arbiter, "arbiter")
    client = Client()
    client.force_login(arbiter)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "stopped before finishing" in page and "Pair again" in page


@pytest.mark.django_db
def test_a_get_of_the_round_never_ends_a_job(monkeypatch) -> None:
    from pairing import job_locks

    t = builders.tournament(players=9)
    rnd = _active_round(t, 1, JobState.RUNNING, 10_000)  # long lost
    calls = []
    monkeypatch.setattr(job_locks, "unless_held", lambda *a: calls.append(a))
    for url in (f"/t/{t.pk}/rounds/1/", f"/t/{t.pk}/rounds/1/status/"):
        assert Client().get(url, headers={"HX-Request": "true"}).status_code == 200, url
    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state, calls) == (RoundStatus.PAIRING, JobState.RUNNING, [])


@pytest.mark.django_db
def test_an_import_waiting_longer_than_its_time_limit_is_ended(django_user_model) -> None:
    user = django_user_model.objects.create_user("org")
    lost = ImportJob.objects.create(created_by=user, data=b"012 X\n")
    fresh = ImportJob.objects.create(created_by=user, data=b"012 X\n")
    ImportJob.objects.filter(pk=lost.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.IMPORT_TIME_LIMIT + 5)
    )
    assert reap_lost_imports() == [lost.pk]
    lost.refresh_from_db()
    fresh.refresh_from_db()
    assert (lost.state, fresh.state) == (JobState.FAILED, JobState.QUEUED)
    assert "stopped before finishing" in lost.error


@contextmanager
def _held_by_a_worker(kind: int, job_id: int) -> Iterator[None]:
    """The job's lock held by another session, as a live worker holds it."""
    import psycopg
    from django.db import connection

    s = connection.settings_dict
    with psycopg.connect(
        host=s["HOST"] or "127.0.0.1",
        port=s["PORT"] or 5432,
        user=s["USER"],
        password=s["PASSWORD"] or None,
        dbname=s["NAME"],
        autocommit=True,
    ) as worker:
        worker.execute("SELECT pg_advisory_lock(%s, %s)", [kind, job_id])
        yield


def _rating_list_import(state: str, age_seconds: float) -> int:
    job = RatingListImport.objects.create(file_name="players_list_foa.zip", state=state)
    RatingListImport.objects.filter(pk=job.pk).update(created_at=timezone.now() - timedelta(seconds=age_seconds))
    return job.pk


@pytest.mark.django_db
def test_a_rating_list_import_is_reaped_by_its_lock_as_a_pairing_is(tmp_path) -> None:
    from django.db import connection

    from pairing import job_locks

    if connection.vendor != "postgresql":
        pytest.skip("the job locks are PostgreSQL advisory locks")
    limit = settings.CELERY_TASK_TIME_LIMIT
    upload = tmp_path / "1.upload"
    upload.write_bytes(b"list")
    dead = _rating_list_import(JobState.RUNNING, 1)  # its worker died a second after it started
    RatingListImport.objects.filter(pk=dead).update(path=str(upload))
    working = _rating_list_import(JobState.RUNNING, limit * 3)  # long, but its worker holds the lock
    forgotten = _rating_list_import(JobState.QUEUED, limit + 5)  # the queue lost it
    waiting = _rating_list_import(JobState.QUEUED, 1)
    with _held_by_a_worker(job_locks.RATING_LIST, working):
        assert sorted(reap_lost_rating_list_imports()) == sorted([dead, forgotten])
    states = dict(RatingListImport.objects.values_list("pk", "state"))
    assert (states[dead], states[forgotten]) == (JobState.FAILED, JobState.FAILED)
    assert (states[working], states[waiting]) == (JobState.RUNNING, JobState.QUEUED)
    assert "upload the file again" in RatingListImport.objects.get(pk=dead).error
    assert not upload.exists()  # the lost job's copy of the file goes with it
    # The same rule ends a pairing job: running with its lock free, however young.
    lost_round = _active_round(builders.tournament(players=9), 1, JobState.RUNNING, 1)
    assert reap_lost_pairings() == [lost_round.pk]
    # Its worker gone (the lock let go), the long job is lost too.
    assert reap_lost_rating_list_imports() == [working]


def test_the_beat_schedules_the_reaper_and_compose_runs_the_beat() -> None:
    import yaml

    import tourney.tasks  # noqa: F401  (registers the tasks)

    entry = settings.CELERY_BEAT_SCHEDULE["reap lost jobs"]
    assert entry["task"] in app.tasks and entry["schedule"] == settings.JOB_REAP_SECONDS
    compose = yaml.safe_load((Path(settings.BASE_DIR) / "docker-compose.yml").read_text())
    assert "--beat" in compose["services"]["worker"]["command"].split()
    assert settings.CELERY_BROKER_CONNECTION_RETRY is True
    assert settings.CELERY_BROKER_CONNECTION_MAX_RETRIES is None


# ------------------------------------------------------------------ with a real worker


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_worker_that_starts_ends_the_jobs_lost_while_none_ran(tmp_path, monkeypatch) -> None:
    t = builders.tournament(players=9)
    limit = pairing_time_limit(9)
    dead = _active_round(t, 1, JobState.RUNNING, 1)  # its worker died: no lock held
    forgotten = _active_round(builders.tournament(players=9, name="B"), 1, JobState.QUEUED, limit + 5)
    recent = _active_round(builders.tournament(players=9, name="C"), 1, JobState.QUEUED, 1)
    with celery_worker("tourney", tmp_path, monkeypatch, {}) as _queue:
        _wait(
            lambda: (
                Round.objects.filter(pk__in=[dead.pk, forgotten.pk], pairing_job_state=JobState.FAILED).count() == 2
            ),
            what="the worker's start-up ends both lost jobs",
        )
    recent.refresh_from_db()
    assert recent.pairing_job_state == JobState.QUEUED


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_beat_ends_a_job_lost_while_the_worker_runs(tmp_path, monkeypatch) -> None:
    beat = ("--beat", "--schedule", str(tmp_path / "beat-schedule"))
    with celery_worker("tests.hooks", tmp_path, monkeypatch, {"JOB_REAP_SECONDS": "1"}, beat) as queue:
        _wait(lambda: "ready." in queue.log.read_text(), what="the worker is ready")
        t = builders.tournament(players=9)
        lost = _active_round(t, 1, JobState.QUEUED, pairing_time_limit(9) + 5)  # after start-up
        _wait(
            lambda: Round.objects.get(pk=lost.pk).pairing_job_state == JobState.FAILED,
            what="the beat's reaper ends the job",
        )


def _free_port() -> int:
    for port in range(18350, 18400):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) != 0:
                return port
    pytest.skip("no free port in 18350-18399")


@pytest.fixture
def private_redis(tmp_path) -> Iterator[tuple[str, callable]]:
    """A Redis of this test's own, without persistence (the shared one is never stopped):
    yields its URL and a function that stops it and starts it again after *seconds*."""
    port = _free_port()
    command = ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no", "--dir", str(tmp_path)]
    started = [subprocess.Popen(command, stdout=subprocess.DEVNULL)]
    client = redis.Redis(port=port)
    _wait(lambda: _pings(client), 10, "redis starts")

    def restart(seconds: float) -> None:
        started[0].terminate()
        started[0].wait()
        time.sleep(seconds)
        started[0] = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        _wait(lambda: _pings(client), 10, "redis starts again")

    try:
        yield f"redis://127.0.0.1:{port}/0", restart
    finally:
        started[0].terminate()
        started[0].wait()


def _pings(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except redis.ConnectionError:
        return False


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_the_worker_survives_the_broker_going_away_mid_job(tmp_path, monkeypatch, private_redis) -> None:
    url, restart_redis = private_redis
    marker = tmp_path / "stalled"
    env = {
        "REDIS_URL": url,
        "PAIRING_HOOK_MARKER": str(marker),
        "PAIRING_HOOK_SECONDS": "6",
        "PAIRING_HOOK_ONCE": "1",
    }
    # As docker-compose.yml runs it: the prefork pool, the job in a child process.
    pool = ("--pool=prefork", "--concurrency=2")
    with (
        app.connection_for_write(url) as connection,
        celery_worker("tests.hooks", tmp_path, monkeypatch, env, pool=pool) as queue,
    ):
        monkeypatch.setattr(
            "pairing.tasks.pair_round_task.apply_async",
            lambda args, **options: app.send_task(
                "pairing.pair_round", args, queue=queue, connection=connection, **options
            ),
        )
        first = Round.objects.create(tournament=builders.tournament(players=9), number=1)
        assert request_pairing(round_id=first.pk)
        _wait(marker.exists, what="the worker reaches the engine")
        restart_redis(3)  # mid-job, the data gone (no persistence)
        time.sleep(10)  # the job ends, the worker reconnects
        assert queue.process.poll() is None, "the worker exited when the broker went away"
        second = Round.objects.create(tournament=builders.tournament(players=9, name="After"), number=1)
        assert request_pairing(round_id=second.pk)
        _wait(
            lambda: Round.objects.get(pk=second.pk).pairing_job_state == JobState.SUCCEEDED,
            what="a job queued after the outage is paired",
        )
        assert queue.process.poll() is None
    reap_lost_pairings()
    first.refresh_from_db()
    assert first.pairing_job_state not in (JobState.QUEUED, JobState.RUNNING)

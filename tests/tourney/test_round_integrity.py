"""The round cannot be corrupted: concurrent "pair round" requests, retried tasks and a
worker killed mid-pairing on real PostgreSQL, Redis and a real Celery worker; a
published pairing changes only to repair a rematch (C.04.2.D.10)."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest
from django.db import connection
from django.test import Client

from pairing.job import reap_lost_pairings
from pairing.services import request_pairing
from pairing.tasks import pair_round_task
from tests import builders
from tourney.models import AuditEntry, JobState, Round, RoundStatus

services_db = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _in_threads(count: int, work) -> list[object]:
    """Run *work* in *count* threads released together; each closes its own connection."""
    barrier = threading.Barrier(count)
    results: list[object] = [None] * count

    def run(k: int) -> None:
        try:
            barrier.wait()
            results[k] = work()
        except Exception as error:  # reported to the test
            results[k] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_concurrent_pair_requests_make_one_pairing(queued_pairings: list[int]) -> None:
    assert connection.vendor == "postgresql"
    t = builders.tournament(players=10)
    rnd = Round.objects.create(tournament=t, number=1)
    results = _in_threads(2, lambda: request_pairing(round_id=rnd.pk))
    assert sorted(results, key=str) == [False, True] and queued_pairings == [rnd.pk]
    # The job and a duplicate of its message (a retried task) run at the same time.
    results = _in_threads(2, lambda: pair_round_task.run(rnd.pk))
    assert all(r == JobState.SUCCEEDED for r in results), results
    rnd.refresh_from_db()
    assert (rnd.status, rnd.games.count()) == (RoundStatus.PAIRED, 5)
    assert AuditEntry.objects.filter(action="pair round").count() == 1
    assert AuditEntry.objects.filter(action="request pairing").count() == 1


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_arbiters_pressing_pair_at_once_make_one_pairing(django_user_model, eager_celery) -> None:
    from tourney.roles import appoint

    t = builders.tournament(players=10)
    clients = []
    for name in ("first", "second"):
        user = django_user_model.objects.create_user(name)
        appoint(t, user, "arbiter")
        client = Client()
        client.force_login(user)
        clients.append(client)
    Round.objects.create(tournament=t, number=1)
    picks = iter(clients)
    lock = threading.Lock()

    def press() -> int:
        with lock:
            client = next(picks)
        return client.post(f"/t/{t.pk}/rounds/1/pair/", headers={"HX-Request": "true"}).status_code

    assert _in_threads(2, press) == [200, 200]
    rnd = Round.objects.get(tournament=t, number=1)
    assert (rnd.status, rnd.games.count()) == (RoundStatus.PAIRED, 5)
    assert AuditEntry.objects.filter(action="pair round").count() == 1


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_pairing_leaves_the_round_in_draft_with_the_error(stalling_worker, monkeypatch) -> None:
    _queue, marker = stalling_worker
    t = builders.tournament(players=9)
    rnd = Round.objects.create(tournament=t, number=1)
    assert request_pairing(round_id=rnd.pk)
    deadline = time.monotonic() + 60
    while not (marker.exists() and marker.read_text()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert marker.exists(), "the worker never reached the engine"
    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state) == (RoundStatus.PAIRING, JobState.RUNNING)
    # Alive and working: the reaper leaves it alone.
    assert reap_lost_pairings() == []

    os.kill(int(marker.read_text()), signal.SIGKILL)
    poll = Client().get(f"/t/{t.pk}/rounds/1/status/", headers={"HX-Request": "true"})
    rnd.refresh_from_db()
    # A GET never writes: the poll still says the job runs until the reaper ends it.
    assert (poll.status_code, rnd.pairing_job_state) == (200, JobState.RUNNING)
    deadline = time.monotonic() + 30
    while not reap_lost_pairings() and time.monotonic() < deadline:  # the beat, every minute
        time.sleep(0.2)  # the killed worker's connection (and lock) takes a moment to go
    response = Client().get(f"/t/{t.pk}/rounds/1/status/", headers={"HX-Request": "true"})
    page = response.content.decode()
    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state) == (RoundStatus.DRAFT, JobState.FAILED)
    assert "stopped before finishing" in rnd.pairing_error
    assert response.status_code == 286  # the poll ends
    assert not rnd.games.exists() and not rnd.byes.exists()
    assert AuditEntry.objects.filter(action="pairing failed").exists()
    assert page  # the status poll answered with the failure
    # The arbiter may pair again at once (the job is not sent: its worker is dead).
    monkeypatch.setattr(pair_round_task, "apply_async", lambda args, **options: None)
    assert request_pairing(round_id=rnd.pk)

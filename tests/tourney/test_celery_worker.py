"""A pairing job through a real Celery worker, a real Redis broker and PostgreSQL.

The worker runs as a separate process against the test database, so the test
commits its data (transaction=True) and waits for the worker's own commit.
"""

from __future__ import annotations

import time

import pytest
from django.db import connection

from pairing.services import request_pairing
from tests import builders
from tourney.models import JobState, Round, RoundStatus

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _wait_for(rnd: Round, timeout: float = 60) -> Round:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rnd.refresh_from_db()
        if rnd.pairing_job_state in (JobState.SUCCEEDED, JobState.FAILED):
            return rnd
        time.sleep(0.25)
    pytest.fail(f"the worker did not finish the job within {timeout}s (state {rnd.pairing_job_state})")


def test_a_worker_pairs_a_round_queued_by_the_service(celery_worker_queue: str) -> None:
    assert connection.vendor == "postgresql"
    t = builders.tournament(players=9)
    rnd = Round.objects.create(tournament=t, number=1)
    assert request_pairing(round_id=rnd.pk)
    rnd = _wait_for(rnd)
    assert (rnd.status, rnd.pairing_job_state, rnd.pairing_error) == (RoundStatus.PAIRED, JobState.SUCCEEDED, "")
    assert rnd.games.count() == 4
    assert rnd.byes.get().player.pairing_number == 9  # odd round 1: the last player gets the PAB
    assert rnd.entries.count() == 9

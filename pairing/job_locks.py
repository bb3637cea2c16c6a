"""The PostgreSQL advisory locks the jobs' workers hold (pairing, TRF import, rating list
import), and the one way a lost job is found and ended.

A worker takes its job's lock before it marks the job running and lets it go once the
outcome is committed. A worker that dies loses its connection and so the lock: an active
job whose lock is free has no worker. Without PostgreSQL the tasks run in the request
(eager Celery): there is no lock and no worker to lose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.db import connection

from tourney.models import JobState

# First key of pg_advisory_lock(int, int), one per kind of job.
PAIRING = 70_070
IMPORT = 70_071
RATING_LIST = 70_072


def available() -> bool:
    return connection.vendor == "postgresql"


@contextmanager
def held(kind: int, job_id: int) -> Iterator[None]:
    """Hold the job's lock (waiting for it) for the block."""
    if not available():
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)", [kind, job_id])
    try:
        yield
    finally:
        _release(kind, job_id)


@contextmanager
def unless_held(kind: int, job_id: int) -> Iterator[bool]:
    """Yield True, holding the job's lock for the block, when no worker holds it; else
    False at once. Without PostgreSQL: always True."""
    if not available():
        yield True
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [kind, job_id])
        free = bool(cursor.fetchone()[0])
    try:
        yield free
    finally:
        if free:
            _release(kind, job_id)


def _release(kind: int, job_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [kind, job_id])


# An active job: (id, state, waiting since, its time limit in seconds).
ActiveJob = tuple[int, str, datetime | None, float]


def reap_lost(kind: int, active: Iterable[ActiveJob], end: Callable[[int], bool], now: datetime) -> list[int]:
    """End every lost job of *kind* among the *active* ones with *end* (which fails the job
    if it is still active, and says whether it did); returns the ids of those ended.

    A job is lost when no worker holds its lock and it is marked running (its worker died),
    or it has waited longer than its time limit (the broker lost the message: Redis
    restarted without its data, or no worker ran). Without PostgreSQL there is no lock to
    read: only the age counts, for both states."""
    reaped = []
    for job_id, state, since, limit in active:
        overdue = since is None or now - since > timedelta(seconds=limit)
        if not (overdue or (state == JobState.RUNNING and available())):
            continue
        with unless_held(kind, job_id) as free:
            # The worker commits its final state before it lets the lock go: under the
            # lock, a job still active has no worker any more.
            if free and end(job_id):
                reaped.append(job_id)
    return reaped

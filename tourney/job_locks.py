"""The PostgreSQL advisory locks the jobs' workers hold (pairing, TRF import).

A worker takes its job's lock before it marks the job running and lets it go once the
outcome is committed. A worker that dies loses its connection and so the lock: an active
job whose lock is free has no worker. Without PostgreSQL the tasks run in the request
(eager Celery): there is no lock and no worker to lose.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

# First key of pg_advisory_lock(int, int), one per kind of job.
PAIRING = 70_070
IMPORT = 70_071


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

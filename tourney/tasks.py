"""tourney's Celery tasks, imported here so that the worker's autodiscovery finds them
(the pairing job's task is the pairing app's: pairing/tasks.py), and the periodic one that
ends lost jobs (scheduled by CELERY_BEAT_SCHEDULE in tourney/settings.py, and run by every
worker as it starts: tourney/celery.py)."""

from __future__ import annotations

from celery import shared_task

from pairing.job import reap_lost_pairings
from tourney.services.import_jobs import import_trf_task, reap_lost_imports
from tourney.services.rating_list import import_rating_list_task, reap_lost_rating_list_imports

__all__ = ["import_rating_list_task", "import_trf_task", "reap_lost_jobs"]


@shared_task(name="jobs.reap_lost")
def reap_lost_jobs() -> dict[str, list[int]]:
    """End every job no worker holds any more as failed (pairing.job_locks.reap_lost, the
    same test for every kind), so that its page says so and offers to start it again: the
    ids of the rounds and imports it ended."""
    return {
        "rounds": reap_lost_pairings(),
        "imports": reap_lost_imports(),
        "rating lists": reap_lost_rating_list_imports(),
    }

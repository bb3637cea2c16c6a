"""tourney's Celery tasks, imported here so that the worker's autodiscovery finds them
(the pairing job's task is the pairing app's: pairing/tasks.py), and the periodic ones
(scheduled by CELERY_BEAT_SCHEDULE in tourney/settings.py): the one that ends lost jobs (also
run by every worker as it starts: tourney/celery.py), the one that renews a team round's
public pages at its lineup deadline."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from pairing.job import reap_lost_pairings
from tourney.services.import_jobs import import_trf_task, reap_lost_imports
from tourney.services.rating_list import import_rating_list_task, reap_lost_rating_list_imports
from tourney.services.teams import renew_pages_at_lineup_deadlines

__all__ = ["import_rating_list_task", "import_trf_task", "reap_lost_jobs", "renew_lineup_pages"]


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


@shared_task(name="teams.renew_lineup_pages")
def renew_lineup_pages() -> list[int]:
    """The team rounds whose lineup deadline passed since the last beat: their public pages
    renewed, the boards shown (twice the beat's period, so a late beat misses none)."""
    return renew_pages_at_lineup_deadlines(since_seconds=2 * settings.JOB_REAP_SECONDS)

"""The Celery application. Its autodiscovery imports the tasks module of every installed
app: tourney/tasks.py (the imports' jobs and the lost-job reaper, beside the services they
wrap) and pairing/tasks.py (the pairing job)."""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")

app = Celery("tourney")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect
def reap_lost_jobs_at_start(**kwargs: object) -> None:
    """A worker that starts ends the jobs lost while none ran (or while the broker was
    down) at once, before the first beat."""
    from django.db import connection

    from tourney.tasks import reap_lost_jobs

    try:
        reap_lost_jobs()
    finally:
        connection.close()  # the pool's processes open their own

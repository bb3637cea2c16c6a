"""A Celery app for the worker tests that can hold a worker in the middle of a pairing.

``celery -A tests.hooks worker`` runs tourney's app. With $PAIRING_HOOK_MARKER set,
the worker's pairing stops where the engine would run (inside the service's locked
transaction, the job marked running) so that a test can kill it there, deterministically:
it writes the worker's pid to $PAIRING_HOOK_MARKER, waits $PAIRING_HOOK_SECONDS, then
pairs. With $PAIRING_HOOK_ONCE set, only the first job waits.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from celery.signals import task_prerun

from tourney.celery import app

__all__ = ["app"]


def stall(*args: object, **kwargs: object) -> object:
    marker = Path(os.environ["PAIRING_HOOK_MARKER"])
    if os.environ.get("PAIRING_HOOK_ONCE") and marker.exists():
        return ENGINE[0](*args, **kwargs)  # stalled once already: pair
    marker.write_text(str(os.getpid()))
    time.sleep(float(os.environ.get("PAIRING_HOOK_SECONDS", "120")))
    return ENGINE[0](*args, **kwargs)


ENGINE: list = []


@task_prerun.connect
def _stall_the_engine(**kwargs: object) -> None:
    # The task runs in a process where Django is set up by now: replace the engine entry
    # the pairing job calls.
    if os.environ.get("PAIRING_HOOK_MARKER"):
        from pairing import job

        if job.pair is not stall:
            ENGINE[:] = [job.pair]
            job.pair = stall


# The beat's periodic tasks go to the test worker's own queue (tests/conftest.py gives each
# worker one, so that no other worker on the machine takes its tasks).
if os.environ.get("TEST_WORKER_QUEUE"):
    for entry in app.conf.beat_schedule.values():
        entry["options"] = {**entry.get("options", {}), "queue": os.environ["TEST_WORKER_QUEUE"]}

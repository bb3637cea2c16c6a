"""A Celery app for the worker tests that can hold a worker in the middle of a pairing.

``celery -A tests.hooks worker`` runs tourney's app. With $PAIRING_HOOK_MARKER set,
the worker's pairing stops where the engine would run (inside the service's locked
transaction, the job marked running) so that a test can kill it there, deterministically:
it writes the worker's pid to $PAIRING_HOOK_MARKER, then waits.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from celery.signals import task_prerun

from tourney.celery import app

__all__ = ["app"]


def stall(*args: object, **kwargs: object) -> None:
    Path(os.environ["PAIRING_HOOK_MARKER"]).write_text(str(os.getpid()))
    time.sleep(float(os.environ.get("PAIRING_HOOK_SECONDS", "120")))


@task_prerun.connect
def _stall_the_engine(**kwargs: object) -> None:
    # The solo pool runs the task in this process, after Django is set up: replace the
    # engine entry the pairing service calls.
    if os.environ.get("PAIRING_HOOK_MARKER"):
        from tourney.services import pairing

        pairing.pair = stall

"""The Celery task of the pairing app: the worker's autodiscovery imports this module
(tourney/celery.py), and pairing.services queues the task after its claim commits."""

from __future__ import annotations

from celery import shared_task

from pairing.job import run_job


# A queued message names its task: this name is what the broker holds, renaming it
# would leave the messages already queued without a task.
@shared_task(name="pairing.pair_round")
def pair_round_task(round_id: int, language: str | None = None) -> str:
    """The pairing job: take a round id (and the requester's language), run it
    (pairing.job.run_job)."""
    return run_job(round_id, language)

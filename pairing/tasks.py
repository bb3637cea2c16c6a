"""The Celery task of the pairing app: the worker's autodiscovery imports this module
(tourney/celery.py), and pairing.services queues the task after its claim commits."""

from __future__ import annotations

from celery import shared_task

from pairing import job_locks
from pairing.job import fail_job, mark_running, pair_round
from tourney.errors import PairingRefused
from tourney.models import JobState, Round


# A queued message names its task: this name is what the broker holds, renaming it
# would leave the messages already queued without a task.
@shared_task(name="pairing.pair_round")
def pair_round_task(round_id: int) -> str:
    """The pairing job: take a round id, call the service; the job always ends in a state the page can show."""
    # The advisory lock is taken before the job is marked running and held until its
    # outcome is committed: reap_lost_pairings reads a free lock as no worker.
    with job_locks.held(job_locks.PAIRING, round_id):
        if not mark_running(round_id):
            # A retried or duplicated message: the job already ran, failed or was reaped.
            state = Round.objects.filter(pk=round_id).values_list("pairing_job_state", flat=True).first()
            return state or JobState.FAILED
        try:
            rnd = pair_round(round_id=round_id)
        except PairingRefused as refusal:
            fail_job(round_id, str(refusal))
            return JobState.FAILED
        except Exception as error:
            # The page polls the job state: a failed job must say so, or the poll never ends.
            fail_job(round_id, f"internal error while pairing ({error.__class__.__name__}: {error}); please report it")
            raise
        return rnd.pairing_job_state

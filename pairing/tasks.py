"""Celery tasks: take an id, call a service."""

from __future__ import annotations

from celery import shared_task

from pairing import services
from tourney.models import JobState, Round


@shared_task(name="pairing.pair_round")
def pair_round_task(round_id: int) -> str:
    # The advisory lock is taken before the job is marked running and held until its
    # outcome is committed: services.reap_lost_pairing reads a free lock on a running
    # job as a dead worker.
    with services.pairing_job_lock(round_id):
        if not services.mark_running(round_id):
            # A retried or duplicated message: the job already ran, failed or was reaped.
            state = Round.objects.filter(pk=round_id).values_list("pairing_job_state", flat=True).first()
            return state or JobState.FAILED
        try:
            rnd = services.pair_round(round_id=round_id)
        except services.PairingRefused as refusal:
            services.fail_job(round_id, str(refusal))
            return JobState.FAILED
        except Exception as error:
            # The page polls the job state: a failed job must say so, or the poll never ends.
            services.fail_job(
                round_id, f"internal error while pairing ({error.__class__.__name__}: {error}); please report it"
            )
            raise
        return rnd.pairing_job_state

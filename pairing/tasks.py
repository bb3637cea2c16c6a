"""Celery tasks: take an id, call a service."""

from __future__ import annotations

from celery import shared_task

from pairing import services
from tourney.models import JobState, Round, RoundStatus


def _fail(round_id: int, message: str) -> None:
    # The page polls the job state: a failed job must say so, or the poll never ends.
    Round.objects.filter(pk=round_id, status=RoundStatus.PAIRING).update(status=RoundStatus.DRAFT)
    Round.objects.filter(pk=round_id).update(pairing_job_state=JobState.FAILED, pairing_error=message)


@shared_task(name="pairing.pair_round")
def pair_round_task(round_id: int) -> str:
    services.mark_running(round_id)
    try:
        rnd = services.pair_round(round_id=round_id)
    except services.PairingRefused as refusal:
        _fail(round_id, str(refusal))
        return JobState.FAILED
    except Exception as error:
        _fail(round_id, f"internal error while pairing ({error.__class__.__name__}: {error}); please report it")
        raise
    return rnd.pairing_job_state

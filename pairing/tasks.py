"""Celery tasks: take an id, call a service."""

from __future__ import annotations

from celery import shared_task

from pairing import services
from tourney.models import JobState, Round, RoundStatus


@shared_task(name="pairing.pair_round")
def pair_round_task(round_id: int) -> str:
    services.mark_running(round_id)
    try:
        rnd = services.pair_round(round_id=round_id)
    except services.PairingRefused as refusal:
        Round.objects.filter(pk=round_id, status=RoundStatus.PAIRING).update(status=RoundStatus.DRAFT)
        Round.objects.filter(pk=round_id).update(pairing_job_state=JobState.FAILED, pairing_error=str(refusal))
        return JobState.FAILED
    return rnd.pairing_job_state

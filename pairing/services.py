"""The pairing service the desk calls: ask for a round's pairing (claim, check, audit and
queue the job in one transaction).

The job itself runs on a worker (pairing/tasks.py -> pairing/job.py); its refusals,
said here up front, are pairing.job's table.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation

from pairing.job import pairing_time_limit, refusal_to_pair
from pairing.tasks import pair_round_task
from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import PairingRefused
from tourney.models import (
    ACTIVE_JOB_STATES,
    PAIRABLE_STATUSES,
    JobState,
    Round,
    RoundStatus,
    Tournament,
)
from tourney.services.setup import draw_initial_colour_once


def request_pairing(*, round_id: int, user: User | None = None) -> bool:
    """Claim the round for pairing and queue the job after commit; the job writes its
    refusal in the language active now (the request's: the desk that shows it).

    Returns False when the round is already queued or being paired, so that a
    double click cannot start two jobs (the claim is one UPDATE that must hit one row).
    A job older than the task time limit is taken as lost (a worker died) and may be
    claimed again.
    """
    now = timezone.now()
    language = translation.get_language()
    stale = now - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT)
    # Only the claim below marks a round as pairing, and always with a job queued.
    idle = Q(status__in=PAIRABLE_STATUSES) & ~Q(pairing_job_state__in=ACTIVE_JOB_STATES)
    lost = Q(status=RoundStatus.PAIRING, pairing_requested_at__lt=stale)
    with transaction.atomic():
        claimed = Round.objects.filter(idle | lost, pk=round_id).update(
            status=RoundStatus.PAIRING, pairing_job_state=JobState.QUEUED, pairing_error="", pairing_requested_at=now
        )
        if claimed != 1:
            return False
        rnd = Round.objects.select_related("tournament").get(pk=round_id)
        refusal = refusal_to_pair(rnd)
        if refusal:
            raise PairingRefused(refusal)  # said up front, not by a failing job
        audit.record(rnd.tournament, rnd, action="request pairing", user=user)
        if not rnd.tournament.initial_colour:
            # C.04.3 E.5: drawn by lot before the first pairing, by the arbiter who asks for it
            # (the worker has no user). The round's row, then the tournament's, as pair_round locks them.
            draw_initial_colour_once(Tournament.objects.select_for_update().get(pk=rnd.tournament_id), user)
        public_change(rnd.tournament_id, round_number=rnd.number, status=True)
        Round.objects.filter(pk=round_id).update(pairing_progress="")
        limit = pairing_time_limit(rnd.tournament.players.count())
        transaction.on_commit(lambda: pair_round_task.apply_async((round_id, language), soft_time_limit=limit))
    return True

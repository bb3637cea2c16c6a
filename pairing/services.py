"""The pairing service the desk calls: ask for a round's pairing (claim, check, audit and
queue the job in one transaction) and say why a round cannot be paired yet.

The job itself runs on a worker (pairing/tasks.py -> pairing/job.py).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from pairing.job import pairing_time_limit
from pairing.tasks import pair_round_task
from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import PairingRefused
from tourney.models import (
    ACTIVE_JOB_STATES,
    PAIRABLE_STATUSES,
    UNPAIRED_STATUSES,
    Game,
    JobState,
    Result,
    Round,
    RoundStatus,
    Tournament,
)
from tourney.services.setup import draw_initial_colour_once


def request_pairing(*, round_id: int, user: User | None = None) -> bool:
    """Claim the round for pairing and queue the job after commit.

    Returns False when the round is already queued or being paired, so that a
    double click cannot start two jobs (the claim is one UPDATE that must hit one row).
    A job older than the task time limit is taken as lost (a worker died) and may be
    claimed again.
    """
    now = timezone.now()
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
        if rnd.has_results:
            raise PairingRefused(f"round {rnd.number} already has results; it cannot be paired again")
        blocker = pairing_blocker(rnd)
        if blocker:
            raise PairingRefused(blocker)  # said up front, not by a failing job
        audit.record(rnd.tournament, rnd, action="request pairing", user=user)
        if not rnd.tournament.initial_colour:
            # C.04.3 E.5: drawn by lot before the first pairing, by the arbiter who asks for it
            # (the worker has no user). The round's row, then the tournament's, as pair_round locks them.
            draw_initial_colour_once(Tournament.objects.select_for_update().get(pk=rnd.tournament_id), user)
        public_change(rnd.tournament_id, round_number=rnd.number, status=True)
        Round.objects.filter(pk=round_id).update(pairing_progress="")
        limit = pairing_time_limit(rnd.tournament.players.count())
        transaction.on_commit(lambda: pair_round_task.apply_async((round_id,), soft_time_limit=limit))
    return True


def pairing_blocker(rnd: Round) -> str:
    """Why *rnd* cannot be paired yet, or '': every earlier round must be paired and have
    every result, since the pairing reads their scores and colours (the same conditions
    pairing.adapter checks when it builds the engine's state)."""
    earlier = dict(
        Round.objects.filter(tournament_id=rnd.tournament_id, number__lt=rnd.number).values_list("number", "status")
    )
    for number in range(1, rnd.number):
        if earlier.get(number) is None or earlier[number] in UNPAIRED_STATUSES:
            return _("round %(r)d is not paired yet: pair it before round %(n)d") % {"r": number, "n": rnd.number}
    pending = (
        Game.objects.filter(round__tournament_id=rnd.tournament_id, round__number__lt=rnd.number, result=Result.PENDING)
        .order_by("round__number", "board")
        .values_list("round__number", "board")
    )
    missing: dict[int, list[int]] = {}
    for number, board in pending:
        missing.setdefault(number, []).append(board)
    if missing:
        number, boards = next(iter(missing.items()))
        return _("round %(r)d has no result yet on board(s) %(b)s: enter them before pairing round %(n)d") % {
            "r": number,
            "b": ", ".join(map(str, boards)),
            "n": rnd.number,
        }
    return ""

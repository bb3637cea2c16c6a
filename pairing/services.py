"""The pairing service the desk calls: ask for a round's pairing (claim, check, audit and
queue the job in one transaction); and "why not X?", whose answer may need a job that
pairs the round again (pairing/explanations.py).

The job itself runs on a worker (pairing/tasks.py -> pairing/job.py); its refusals,
said here up front, are pairing.job's table.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation

from pairing import explanations, team_explanations
from pairing.engine import explain
from pairing.job import pairing_time_limit, refusal_to_pair
from pairing.tasks import pair_round_task, why_not_task
from tourney import audit
from tourney.audit import User
from tourney.caching import key_prefix, public_change
from tourney.caching.guard import guarded
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


def ask_why_not(ex: explanations.Explainable, a: int, b: int, *, public: bool) -> explanations.Asked:
    """The answer to "why not *a*-*b*?", at once when it needs no pairing; else the one the
    worker worked out, or the job that works it out started (once per question)."""
    at_once = explain.answer_at_once(ex.state, a, b, ex.system, ex.edition, ex.options, ex.pairing)
    key = explanations.answer_key(ex, a, b)
    job = (key, ex.round.pk, a, b, ex.fingerprint)
    return _asked(at_once, key, job, ex.round.tournament_id, len(ex.state.players), public=public)


def ask_team_why_not(ex: team_explanations.TeamExplainable, a: int, b: int, *, public: bool) -> explanations.Asked:
    """The answer to "why not team *a* against team *b*?", as ask_why_not (the same cache,
    job and share of the public)."""
    key = team_explanations.answer_key(ex, a, b)
    job = (key, ex.round.pk, a, b, ex.fingerprint, team_explanations.KIND)
    return _asked(ex.at_once(a, b), key, job, ex.round.tournament_id, len(ex.team_round.teams), public=public)


def _asked(at_once: Any, key: str, job: tuple, tournament_id: int, size: int, *, public: bool) -> explanations.Asked:
    """The answer *at_once* if any; else the one held under *key*, or the job (why_not_task
    with *job*) started that writes it there."""
    if at_once is not None:
        return explanations.Asked(explanations.DONE, at_once)
    held = explanations.held(key)
    if held is not None:
        return held
    if public and not _public_job_allowed(tournament_id):
        return explanations.Asked(explanations.BUSY)
    # The forced round costs one pairing of the round: the pairing job's time limit. A job
    # lost on the way leaves its marker until then, and the question is asked again.
    limit = pairing_time_limit(size)
    if guarded("add", key, {"state": explanations.PENDING}, timeout=limit + 10) is True:
        why_not_task.apply_async(job, soft_time_limit=limit)
    return explanations.held(key) or explanations.Asked(explanations.UNAVAILABLE)


def _public_job_allowed(tournament_id: int) -> bool:
    """At most WHY_NOT_JOBS_PER_MINUTE jobs started by the public, per tournament and minute."""
    key = f"{key_prefix()}:whyrate:{tournament_id}:{int(time.time() // 60)}"
    guarded("add", key, 0, timeout=120)
    count = guarded("incr", key, default=None)
    return count is not None and count <= settings.WHY_NOT_JOBS_PER_MINUTE

"""Pairing a round: claim it, then lock, adapt, pair and persist in one transaction.

The Celery task that runs the job lives here, beside the service it wraps.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import datetime, timedelta

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from pairing.engine import pair
from pairing.engine.checker import check_round
from pairing.engine.state import Pairing, PairingError
from tourney import adapters, audit, job_locks
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import PairingRefused
from tourney.models import (
    PAIRABLE_STATUSES,
    UNPAIRED_STATUSES,
    Bye,
    ByeKind,
    Game,
    JobState,
    Result,
    Round,
    RoundStatus,
    Tournament,
)
from tourney.services.setup import draw_initial_colour_once

# A job a worker has yet to finish.
ACTIVE_JOB_STATES = (JobState.QUEUED, JobState.RUNNING)


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


def pairing_time_limit(players: int) -> int:
    """The soft time limit, in seconds, of the job pairing a round of *players*: a base
    plus an allowance per 1,000 players (docs/settings.md), kept under the hard limit
    so that the job can still say why it stopped."""
    hard = settings.CELERY_TASK_TIME_LIMIT
    wanted = settings.PAIRING_TIME_LIMIT_BASE + settings.PAIRING_TIME_LIMIT_PER_THOUSAND * players // 1000
    return max(1, min(wanted, hard - max(10, hard // 10)))


def progress_writer(round_id: int) -> Callable[[int, int], None]:
    """The engine's progress callback for *round_id*: each new stage is written at once
    as "k/n" (the engine runs outside the pairing's transaction, so the desk's poll reads it)."""
    last = [""]

    def progress(bracket: int, brackets: int) -> None:
        text = f"{bracket}/{brackets}"
        if text != last[0]:
            last[0] = text
            Round.objects.filter(pk=round_id).update(pairing_progress=text)

    return progress


def pairing_blocker(rnd: Round) -> str:
    """Why *rnd* cannot be paired yet, or '': every earlier round must be paired and have
    every result, since the pairing reads their scores and colours (the same conditions
    tourney.adapters checks when it builds the engine's state)."""
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


def pair_round(*, round_id: int, user: User | None = None) -> Round:
    """Pair the round with the tournament's system and store the boards and the PAB.

    Refuses a round that already has results. A pairing the rules cannot make, or one
    stopped at the job's time limit, leaves the round in draft with the explanation in
    pairing_error.

    The round is locked and read in one transaction, the engine runs outside it (a big
    field takes seconds: its progress is committed bracket by bracket for the desk's
    poll, and no lock is held meanwhile), then the round is locked again, checked and
    written in a second one; should the tournament have changed in between (a result
    corrected), it is paired again from the new state under that lock.
    """
    with transaction.atomic():
        rnd = _locked_pairable(round_id)
        tournament = rnd.tournament
        draw_initial_colour_once(tournament, user)
        try:
            state = adapters.state_for_round(rnd)
        except adapters.IncompleteRound as error:
            return _failed(rnd, str(error) or error.__class__.__name__, user)
        system, edition = tournament.pairing_system, tournament.rules_edition or None
        options = adapters.options_for(tournament)
    try:
        # pair() applies the announced acceleration; its warnings come back as notes.
        pairing: Pairing | None = pair(
            state, system, edition, dataclasses.replace(options, progress=progress_writer(round_id))
        )
        failure = ""
    except PairingError as error:
        # C.04.3 A.9: the engine says why; the arbiter decides what to do.
        pairing, failure = None, str(error) or error.__class__.__name__
    except SoftTimeLimitExceeded:
        players = len(state.players)
        pairing, failure = (
            None,
            _("the pairing was stopped at its time limit (%(seconds)d s for %(players)d players); nothing was saved")
            % {"seconds": pairing_time_limit(players), "players": players},
        )
    with transaction.atomic():
        rnd = _locked_pairable(round_id)
        tournament = rnd.tournament
        if failure:
            return _failed(rnd, failure, user)
        try:
            fresh = adapters.state_for_round(rnd)
            if fresh != state:  # changed while the engine ran: pair the round as it is now
                state, pairing = fresh, pair(fresh, system, edition, adapters.options_for(tournament))
        except (PairingError, adapters.IncompleteRound) as error:
            return _failed(rnd, str(error) or error.__class__.__name__, user)
        assert pairing is not None
        # The independent checker is the safety net on any engine's output.
        checked = check_round(state, pairing, tournament.pairing_system, tournament.rules_edition)
        warnings = [*pairing.notes, *map(str, checked)]
        old = describe_round(rnd)
        store_pairing(rnd, pairing)
        rnd.status = RoundStatus.PAIRED
        rnd.pairing_job_state = JobState.SUCCEEDED
        rnd.pairing_error = ""
        rnd.pairing_progress = ""
        rnd.paired_at = timezone.now()
        rnd.engine_pairing = describe_round(rnd)
        rnd.pairing_warnings = "\n".join(warnings)
        rnd.rules_edition = tournament.rules_edition
        rnd.save(
            update_fields=[
                "status",
                "pairing_job_state",
                "pairing_error",
                "pairing_progress",
                "paired_at",
                "engine_pairing",
                "pairing_warnings",
                "rules_edition",
            ]
        )
        audit.record(tournament, rnd, action="pair round", old=old, new=rnd.engine_pairing, user=user)
        public_change(tournament.pk, round_number=rnd.number, status=True)
        return rnd


def _locked_pairable(round_id: int) -> Round:
    """The round, locked for this transaction, if it may be paired (else PairingRefused)."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    if rnd.status not in PAIRABLE_STATUSES:
        raise PairingRefused(f"round {rnd.number} is {rnd.get_status_display().lower()}")
    if rnd.has_results:
        raise PairingRefused(f"round {rnd.number} already has results; it cannot be paired again")
    return rnd


def _failed(rnd: Round, message: str, user: User | None) -> Round:
    """End the pairing as failed: back to draft (or to the pairing it had), with *message*."""
    rnd.status = RoundStatus.PAIRED if rnd.games.exists() else RoundStatus.DRAFT
    rnd.pairing_job_state = JobState.FAILED
    rnd.pairing_error = message
    rnd.pairing_progress = ""
    rnd.save(update_fields=["status", "pairing_job_state", "pairing_error", "pairing_progress"])
    audit.record(rnd.tournament, rnd, action="pairing failed", new=rnd.pairing_error, user=user)
    public_change(rnd.tournament_id, round_number=rnd.number, status=True)
    return rnd


def store_pairing(rnd: Round, pairing: Pairing) -> None:
    """Replace the round's boards and PAB with *pairing*, boards numbered in its order."""
    rnd.games.all().delete()
    rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).delete()
    games, byes = adapters.unsaved_rows(rnd, pairing)
    for row in [*games, *byes]:
        row.save()


# ---------------------------------------------------------------- lost jobs
#
# The worker holds the round's job lock (tourney.job_locks) while it pairs. A job whose
# lock is free is lost when it is marked running (its worker died), or when it is still
# queued after its time limit (the broker lost the message: Redis restarted without its
# data, or no worker ran). reap_lost_pairings ends such jobs as failed; every worker runs
# it as it starts, and the beat every minute (tourney.tasks.reap_lost_jobs). A GET never
# writes: the round page only reads the state.


def lost_job_message() -> str:
    return _(
        "the pairing job stopped before finishing (its worker crashed or was killed, or the queue lost it); "
        "nothing was saved: pair the round again"
    )


def fail_job(round_id: int, message: str) -> bool:
    """End the round's pairing job as failed: back to draft, or to its previous pairing."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().filter(pk=round_id).first()
        if rnd is None or rnd.pairing_job_state not in ACTIVE_JOB_STATES:
            return False
        if rnd.status == RoundStatus.PAIRING:
            rnd.status = RoundStatus.PAIRED if rnd.games.exists() else RoundStatus.DRAFT
        rnd.pairing_job_state = JobState.FAILED
        rnd.pairing_error = message
        rnd.pairing_progress = ""
        rnd.save(update_fields=["status", "pairing_job_state", "pairing_error", "pairing_progress"])
        public_change(rnd.tournament_id, round_number=rnd.number, status=True)
        return True


def reap_lost_pairings(now: datetime | None = None) -> list[int]:
    """End every lost pairing job as failed (the round back to draft, or to the pairing it
    had, with the reason and the *Pair again* button); returns the ids of their rounds.

    A job is lost when no worker holds its lock and it is marked running, or it has been
    waiting longer than its time limit (pairing_time_limit of its field). Without
    PostgreSQL there is no lock to read: only the age counts, for both states."""
    now = now or timezone.now()
    active = (
        Round.objects.filter(pairing_job_state__in=ACTIVE_JOB_STATES)
        .annotate(players=Count("tournament__players"))
        .values_list("pk", "pairing_job_state", "pairing_requested_at", "players")
    )
    reaped = []
    for round_id, state, requested_at, players in active:
        overdue = requested_at is None or now - requested_at > timedelta(seconds=pairing_time_limit(players))
        lost = overdue or (state == JobState.RUNNING and job_locks.available())
        if lost and _reap_if_unheld(round_id):
            reaped.append(round_id)
    return reaped


def _reap_if_unheld(round_id: int) -> bool:
    """Fail the round's job if no worker holds its lock; True when it did."""
    with job_locks.unless_held(job_locks.PAIRING, round_id) as free:
        # The worker commits its final state before it lets the lock go: under the lock, a
        # job still active has no worker any more.
        return free and _fail_lost(round_id)


def _fail_lost(round_id: int) -> bool:
    with transaction.atomic():
        rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
        message = lost_job_message()
        if rnd is None or not fail_job(round_id, message):
            return False
        audit.record(rnd.tournament, rnd, action="pairing failed", new=message)
        return True


def mark_running(round_id: int) -> bool:
    running = (
        Round.objects.filter(pk=round_id, pairing_job_state=JobState.QUEUED).update(pairing_job_state=JobState.RUNNING)
        == 1
    )
    if running:  # the round page says the job runs
        rnd = Round.objects.values("tournament_id", "number").get(pk=round_id)
        public_change(rnd["tournament_id"], round_number=rnd["number"])
    return running


def describe_round(rnd: Round) -> str:
    """A one-line pairing, e.g. '1-8 2-9 ... bye 14', for the audit trail."""
    boards = [
        f"{g.white.pairing_number}-{g.black.pairing_number}"
        for g in rnd.games.select_related("white", "black").order_by("board")
    ]
    pab = Bye.objects.filter(round=rnd, kind=ByeKind.PAIRING_ALLOCATED).select_related("player").first()
    if pab:
        boards.append(f"bye {pab.player.pairing_number}")
    return " ".join(boards)


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

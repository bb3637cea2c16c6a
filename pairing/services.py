"""Pairing a round: lock, adapt, pair, persist, in one transaction.

Views and Celery tasks call these functions; they never touch the engine directly.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from pairing import adapters
from pairing.engine import pair
from pairing.engine.state import PairingError
from tourney import audit
from tourney.models import (
    Bye,
    ByeKind,
    CorrectionPolicy,
    Game,
    InitialColour,
    JobState,
    Result,
    Round,
    RoundStatus,
    Tournament,
)

User = AbstractBaseUser | AnonymousUser | None


class PairingRefused(Exception):
    """The round may not be (re)paired now; the message says why."""


def open_next_round(*, tournament_id: int, user: User = None) -> Round:
    """Create the next round of the tournament, in draft."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        last = tournament.round_set.aggregate(n=Max("number"))["n"] or 0
        if last >= tournament.rounds:
            raise PairingRefused(f"{tournament} has only {tournament.rounds} rounds")
        rnd = Round.objects.create(tournament=tournament, number=last + 1)
        audit.record(tournament, rnd, action="open round", new=rnd.number, user=user)
        return rnd


def request_pairing(*, round_id: int, user: User = None, enqueue: Callable[[int], object] | None = None) -> bool:
    """Claim the round for pairing and queue the job after commit.

    Returns False when the round is already queued or being paired, so that a
    double click cannot start two jobs (the claim is one UPDATE that must hit one row).
    A job older than the task time limit is taken as lost (a worker died) and may be
    claimed again.
    """
    now = timezone.now()
    stale = now - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT)
    idle = Q(status__in=[RoundStatus.DRAFT, RoundStatus.PAIRED]) & ~Q(
        pairing_job_state__in=[JobState.QUEUED, JobState.RUNNING]
    )
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
        audit.record(rnd.tournament, rnd, action="request pairing", user=user)
        if enqueue is None:
            from pairing.tasks import pair_round_task

            enqueue = pair_round_task.delay
        transaction.on_commit(lambda: enqueue(round_id))
    return True


def pair_round(*, round_id: int, user: User = None) -> Round:
    """Pair the round with the tournament's system and store the boards and the PAB.

    Refuses a round that already has results. A pairing the rules cannot make
    leaves the round in draft with the engine's explanation in pairing_error.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
        tournament = rnd.tournament
        if rnd.status not in (RoundStatus.DRAFT, RoundStatus.PAIRING, RoundStatus.PAIRED):
            raise PairingRefused(f"round {rnd.number} is {rnd.get_status_display().lower()}")
        if rnd.has_results:
            raise PairingRefused(f"round {rnd.number} already has results; it cannot be paired again")
        _draw_initial_colour(tournament, user)
        try:
            state = adapters.state_for_round(rnd)
            pairing = pair(
                state, tournament.pairing_system, tournament.rules_edition or None, adapters.options_for(tournament)
            )
        except (PairingError, adapters.IncompleteRound) as error:
            rnd.status = RoundStatus.DRAFT
            rnd.pairing_job_state = JobState.FAILED
            rnd.pairing_error = str(error) or error.__class__.__name__
            rnd.save(update_fields=["status", "pairing_job_state", "pairing_error"])
            audit.record(tournament, rnd, action="pairing failed", new=rnd.pairing_error, user=user)
            return rnd
        old = _describe(rnd)
        rnd.games.all().delete()
        rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).delete()
        games, byes = adapters.unsaved_rows(rnd, pairing)
        for row in [*games, *byes]:
            row.save()
        rnd.status = RoundStatus.PAIRED
        rnd.pairing_job_state = JobState.SUCCEEDED
        rnd.pairing_error = ""
        rnd.paired_at = timezone.now()
        rnd.save(update_fields=["status", "pairing_job_state", "pairing_error", "paired_at"])
        audit.record(tournament, rnd, action="pair round", old=old, new=_describe(rnd), user=user)
        return rnd


def mark_running(round_id: int) -> bool:
    return (
        Round.objects.filter(pk=round_id, pairing_job_state=JobState.QUEUED).update(pairing_job_state=JobState.RUNNING)
        == 1
    )


def _draw_initial_colour(tournament: Tournament, user: User) -> None:
    # C.04.3 E.5 (and the other systems alike): the colour of the first player in
    # round 1 is drawn by lot, once, before the first pairing.
    if tournament.initial_colour:
        return
    tournament.initial_colour = secrets.choice([InitialColour.WHITE, InitialColour.BLACK])
    tournament.save(update_fields=["initial_colour"])
    audit.record(
        tournament,
        tournament,
        action="draw initial colour",
        new=tournament.initial_colour,
        user=user,
        reason="drawn by lot before round 1",
    )


def _describe(rnd: Round) -> str:
    """A one-line pairing, e.g. '1-8 2-9 ... bye 14', for the audit trail."""
    boards = [
        f"{g.white.pairing_number}-{g.black.pairing_number}"
        for g in rnd.games.select_related("white", "black").order_by("board")
    ]
    pab = Bye.objects.filter(round=rnd, kind=ByeKind.PAIRING_ALLOCATED).select_related("player").first()
    if pab:
        boards.append(f"bye {pab.player.pairing_number}")
    return " ".join(boards)


class ResultRefused(Exception):
    """The result may not be entered or corrected now; the message says why."""


def publish_pairing(*, round_id: int, user: User = None) -> Round:
    """Publish a paired round (C.04.2.D.9 boards); results can be entered from now on."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
        if rnd.status != RoundStatus.PAIRED:
            raise PairingRefused(f"round {rnd.number} is {rnd.get_status_display().lower()}, not paired")
        rnd.status = RoundStatus.PUBLISHED
        rnd.published_at = timezone.now()
        rnd.save(update_fields=["status", "published_at"])
        audit.record(rnd.tournament, rnd, action="publish pairing", user=user)
        return rnd


def close_round(*, round_id: int, user: User = None) -> Round:
    """Publish the round's results (C.04.2.D.7); the correction deadline (D.8) starts now."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
        if rnd.status != RoundStatus.PUBLISHED:
            raise ResultRefused(f"round {rnd.number} is {rnd.get_status_display().lower()}, not published")
        missing = list(rnd.games.filter(result=Result.PENDING).values_list("board", flat=True))
        if missing:
            raise ResultRefused(f"round {rnd.number} has no result yet on board(s) {', '.join(map(str, missing))}")
        tournament = rnd.tournament
        rnd.status = RoundStatus.CLOSED
        if tournament.correction_policy == CorrectionPolicy.DEADLINE:
            rnd.correction_deadline = timezone.now() + timedelta(minutes=tournament.correction_window_minutes)
        rnd.save(update_fields=["status", "correction_deadline"])
        audit.record(tournament, rnd, action="close round", new=rnd.correction_deadline or "", user=user)
        return rnd


def _correction_refusal(rnd: Round, now: datetime) -> str:
    """Why a result of a closed round may no longer change (C.04.2.D.8), or ''."""
    policy = rnd.tournament.correction_policy
    if policy == CorrectionPolicy.NEVER:
        return f"round {rnd.number} is closed and this tournament allows no correction after that"
    if policy == CorrectionPolicy.DEADLINE and rnd.correction_deadline and now > rnd.correction_deadline:
        return f"the correction deadline of round {rnd.number} passed at {rnd.correction_deadline:%Y-%m-%d %H:%M %Z}"
    if policy == CorrectionPolicy.NEXT_PAIRING:
        later = Round.objects.filter(tournament_id=rnd.tournament_id, number__gt=rnd.number)
        if later.exclude(status__in=[RoundStatus.DRAFT, RoundStatus.PAIRING]).exists():
            return f"round {rnd.number + 1} is already paired"
    return ""


def set_result(*, game_id: int, result: str, user: User = None, reason: str = "") -> bool:
    """Enter or correct a game's result; False when nothing changed (a double submit).

    Results go into a published round; once its results are published (closed), a
    correction is allowed only under the tournament's policy (C.04.2.D.8). A refused
    change raises ResultRefused and is written to the audit trail all the same.
    """
    refusal = ""
    with transaction.atomic():
        game = Game.objects.select_for_update().select_related("round__tournament", "white", "black").get(pk=game_id)
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=game.round_id)
        if game.result == result:
            return False
        if rnd.status not in (RoundStatus.PUBLISHED, RoundStatus.CLOSED):
            refusal = f"round {rnd.number} is {rnd.get_status_display().lower()}: publish the pairing first"
        elif rnd.status == RoundStatus.CLOSED:
            refusal = _correction_refusal(rnd, timezone.now())
        if not refusal:
            old = game.result
            game.result = Result(result)
            game.result_entered_by = user if user is not None and user.is_authenticated else None
            game.result_entered_at = timezone.now()
            game.save(update_fields=["result", "result_entered_by", "result_entered_at"])
            action = "result" if old == Result.PENDING else "correct result"
            audit.record(rnd.tournament, game, action=action, old=old, new=result, user=user, reason=reason)
            return True
    audit.record(
        rnd.tournament,
        game,
        action="refused result",
        old=game.result,
        new=result,
        user=user,
        reason=f"{refusal}. {reason}".strip(),
    )
    raise ResultRefused(refusal)

"""Pairing a round: lock, adapt, pair, persist, in one transaction.

Views and Celery tasks call these functions; they never touch the engine directly.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from pairing import adapters
from pairing.engine import pair
from pairing.engine.state import PairingError
from tourney import audit
from tourney.models import Bye, ByeKind, InitialColour, JobState, Result, Round, RoundStatus, Tournament

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
    """
    with transaction.atomic():
        claimed = (
            Round.objects.filter(pk=round_id, status__in=[RoundStatus.DRAFT, RoundStatus.PAIRED])
            .exclude(pairing_job_state__in=[JobState.QUEUED, JobState.RUNNING])
            .update(status=RoundStatus.PAIRING, pairing_job_state=JobState.QUEUED, pairing_error="")
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


def set_result(*, game_id: int, result: str, user: User = None, reason: str = "") -> bool:
    """Record a game's result; returns False when nothing changed (a double submit)."""
    from tourney.models import Game

    with transaction.atomic():
        game = Game.objects.select_for_update().select_related("round__tournament", "white", "black").get(pk=game_id)
        if game.result == result:
            return False
        old = game.result
        game.result = Result(result)
        game.result_entered_by = user if user is not None and user.is_authenticated else None
        game.result_entered_at = timezone.now()
        game.save(update_fields=["result", "result_entered_by", "result_entered_at"])
        audit.record(game.round.tournament, game, action="result", old=old, new=result, user=user, reason=reason)
        return True

"""Pairing a round: lock, adapt, pair, persist, in one transaction.

Views and Celery tasks call these functions; they never touch the engine directly.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import connection, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from pairing import adapters
from pairing.engine import pair
from pairing.engine.boards import sort_boards
from pairing.engine.checker import Violation, check_round
from pairing.engine.state import Board, Pairing, PairingError
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
        started = tournament.round_set.exclude(status=RoundStatus.DRAFT)
        last = started.aggregate(n=Max("number"))["n"] or 0
        if last >= tournament.rounds:
            raise PairingRefused(f"{tournament} has only {tournament.rounds} rounds")
        # A later round may already exist in draft, holding byes requested in advance (D.4).
        rnd, created = Round.objects.get_or_create(tournament=tournament, number=last + 1)
        if created:
            audit.record(tournament, rnd, action="open round", new=rnd.number, user=user)
        return rnd


def round_for(tournament: Tournament, number: int) -> Round:
    """Round *number* of *tournament*, created in draft when it is not there yet."""
    if not 1 <= number <= tournament.rounds:
        raise PairingRefused(_("%(t)s has rounds 1 to %(n)d") % {"t": tournament, "n": tournament.rounds})
    return Round.objects.get_or_create(tournament=tournament, number=number)[0]


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
            _run_engine_hook(rnd)
            # pair() applies the announced acceleration; its warnings come back as notes.
            pairing = pair(
                state, tournament.pairing_system, tournament.rules_edition or None, adapters.options_for(tournament)
            )
        except (PairingError, adapters.IncompleteRound) as error:
            # C.04.3 A.9: the engine says why; the arbiter decides what to do.
            rnd.status = RoundStatus.PAIRED if rnd.games.exists() else RoundStatus.DRAFT
            rnd.pairing_job_state = JobState.FAILED
            rnd.pairing_error = str(error) or error.__class__.__name__
            rnd.save(update_fields=["status", "pairing_job_state", "pairing_error"])
            audit.record(tournament, rnd, action="pairing failed", new=rnd.pairing_error, user=user)
            return rnd
        # The independent checker is the safety net on any engine's output.
        warnings = [*pairing.notes, *map(str, check_round(state, pairing, tournament.pairing_system))]
        old = _describe(rnd)
        _store_pairing(rnd, pairing)
        rnd.status = RoundStatus.PAIRED
        rnd.pairing_job_state = JobState.SUCCEEDED
        rnd.pairing_error = ""
        rnd.paired_at = timezone.now()
        rnd.engine_pairing = _describe(rnd)
        rnd.pairing_warnings = "\n".join(warnings)
        rnd.save(
            update_fields=[
                "status",
                "pairing_job_state",
                "pairing_error",
                "paired_at",
                "engine_pairing",
                "pairing_warnings",
            ]
        )
        audit.record(tournament, rnd, action="pair round", old=old, new=rnd.engine_pairing, user=user)
        return rnd


def _store_pairing(rnd: Round, pairing: Pairing) -> None:
    """Replace the round's boards and PAB with *pairing*, boards numbered in its order."""
    rnd.games.all().delete()
    rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).delete()
    games, byes = adapters.unsaved_rows(rnd, pairing)
    for row in [*games, *byes]:
        row.save()


def _run_engine_hook(rnd: Round) -> None:
    # settings.PAIRING_ENGINE_HOOK names a callable run just before the engine. Empty in
    # production; the tests set it to hold a worker mid-pairing and kill it there.
    if settings.PAIRING_ENGINE_HOOK:
        import_string(settings.PAIRING_ENGINE_HOOK)(rnd)


# ---------------------------------------------------------------- lost jobs
#
# While a worker pairs a round it holds a PostgreSQL advisory lock on that round's
# number, taken before the job is marked running. A worker that dies loses its
# connection and so the lock: a round marked running whose lock is free has lost its
# worker. reap_lost_pairing turns it back to draft with the error; the status poll
# calls it, so the page shows the failure within a second.

_JOB_LOCK_CLASS = 70_070  # first key of pg_advisory_lock(int, int): "our" namespace


@contextmanager
def pairing_job_lock(round_id: int) -> Iterator[None]:
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)", [_JOB_LOCK_CLASS, round_id])
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [_JOB_LOCK_CLASS, round_id])


LOST_WORKER = "the pairing worker stopped before finishing (it crashed or was killed); nothing was saved"


def fail_job(round_id: int, message: str) -> bool:
    """End the round's pairing job as failed: back to draft, or to its previous pairing."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().filter(pk=round_id).first()
        if rnd is None or rnd.pairing_job_state not in (JobState.QUEUED, JobState.RUNNING):
            return False
        if rnd.status == RoundStatus.PAIRING:
            rnd.status = RoundStatus.PAIRED if rnd.games.exists() else RoundStatus.DRAFT
        rnd.pairing_job_state = JobState.FAILED
        rnd.pairing_error = message
        rnd.save(update_fields=["status", "pairing_job_state", "pairing_error"])
        return True


def reap_lost_pairing(round_id: int) -> bool:
    """True when the round's running job had lost its worker and is now failed."""
    if connection.vendor != "postgresql":
        return False  # no separate worker without PostgreSQL: tasks run in the request
    if not Round.objects.filter(pk=round_id, pairing_job_state=JobState.RUNNING).exists():
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [_JOB_LOCK_CLASS, round_id])
        free = cursor.fetchone()[0]
    if not free:
        return False  # a live worker holds it
    try:
        # The worker commits its final state before it lets the lock go: under the lock,
        # a round still marked running has no worker any more.
        if not Round.objects.filter(pk=round_id, pairing_job_state=JobState.RUNNING).exists():
            return False
        rnd = Round.objects.select_related("tournament").get(pk=round_id)
        fail_job(round_id, LOST_WORKER)
        audit.record(rnd.tournament, rnd, action="pairing failed", new=LOST_WORKER)
        return True
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [_JOB_LOCK_CLASS, round_id])


def mark_running(round_id: int) -> bool:
    return (
        Round.objects.filter(pk=round_id, pairing_job_state=JobState.QUEUED).update(pairing_job_state=JobState.RUNNING)
        == 1
    )


def draw_initial_colour(*, tournament_id: int, user: User = None) -> Tournament:
    """Draw the initial colour by lot now (the arbiter's button), once."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.initial_colour:
            raise PairingRefused(
                _("the initial colour was already drawn: %s") % tournament.get_initial_colour_display()
            )
        _draw_initial_colour(tournament, user)
        return tournament


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


# ---------------------------------------------------------------- manual changes

REMATCH = "C.04.1.b"


def exchanged(pairing: Pairing, first: int, second: int) -> Pairing:
    """*pairing* with players *first* and *second* in each other's place.

    On one board it swaps the colours; a player and the PAB trade the bye.
    """
    if first == second:
        raise PairingRefused(_("choose two different players"))

    def put(pid: int) -> int:
        return second if pid == first else first if pid == second else pid

    seats = {pid for b in pairing.boards for pid in (b.white, b.black)} | {pairing.bye}
    for pid in (first, second):
        if pid not in seats:
            raise PairingRefused(_("player %d is not in this pairing") % pid)
    boards = tuple(Board(put(b.white), put(b.black)) for b in pairing.boards)
    bye = put(pairing.bye) if pairing.bye is not None else None
    return Pairing(boards=boards, bye=bye)


def exchange_players(*, round_id: int, first: int, second: int, user: User = None, reason: str = "") -> Round:
    """The arbiter's manual change: players *first* and *second* (pairing numbers) trade places.

    Before publication any change is allowed and the boards are sorted again (D.9);
    the checker names every rule the result breaks, and the round keeps those warnings
    until the next change. After publication (C.04.2.D.10) only a change that removes
    a rematch (C.04.1.b) is allowed, on boards without a result, and board numbers stay.
    Every change is written to the audit trail with the warnings.
    """
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
        tournament = rnd.tournament
        if rnd.status not in (RoundStatus.PAIRED, RoundStatus.PUBLISHED):
            raise PairingRefused(
                _("round %(n)d is %(s)s: only a paired round can be changed")
                % {"n": rnd.number, "s": rnd.get_status_display().lower()}
            )
        state = adapters.state_for_round(rnd)
        current = adapters.pairing_of(rnd)
        changed = exchanged(current, first, second)
        before = check_round(state, current, tournament.pairing_system)
        after = check_round(state, changed, tournament.pairing_system)
        if rnd.status == RoundStatus.PUBLISHED:
            _check_published_change(rnd, current, changed, before, after, {first, second})
            _store_published_change(rnd, current, changed)
        else:
            rank = {p.id: k for k, p in enumerate(state.players)}
            _store_pairing(rnd, Pairing(boards=sort_boards(changed.boards, state.score, rank), bye=changed.bye))
        warnings = [str(v) for v in after]
        now = _describe(rnd)
        if rnd.engine_pairing and _pairs(now) != _pairs(rnd.engine_pairing):
            warnings.append(
                _("manual change: this is not the pairing the %(system)s rules produced (C.04.2.A.4, C.04.3 A.9)")
                % {"system": tournament.get_pairing_system_display()}
            )
        rnd.pairing_warnings = "\n".join(warnings)
        rnd.save(update_fields=["pairing_warnings"])
        audit.record(
            tournament,
            rnd,
            action="change pairing",
            old=_describe_pairing(current),
            new=now,
            user=user,
            reason="; ".join(filter(None, [reason, *warnings])),
        )
        return rnd


def _check_published_change(
    rnd: Round,
    current: Pairing,
    changed: Pairing,
    before: list[Violation],
    after: list[Violation],
    moved: set[int],
) -> None:
    # C.04.2.D.10: once published, a pairing changes only when it breaks C.04.1.b.
    rematches = [v for v in before if v.rule == REMATCH]
    if not rematches:
        raise PairingRefused(
            _("round %d is published: C.04.2.D.10 allows a change only to repair a rematch (C.04.1.b)") % rnd.number
        )
    if len([v for v in after if v.rule == REMATCH]) >= len(rematches):
        raise PairingRefused(_("this change does not repair the rematch; a published pairing may change only for that"))
    touched = {pid for b in _changed_boards(current, changed) for pid in (b.white, b.black)} | moved
    started = rnd.games.exclude(result=Result.PENDING).filter(
        Q(white__pairing_number__in=touched) | Q(black__pairing_number__in=touched)
    )
    if started.exists():
        raise PairingRefused(_("a board this change touches already has a result"))


def _changed_boards(current: Pairing, changed: Pairing) -> list[Board]:
    return [b for b, c in zip(current.boards, changed.boards, strict=True) if b != c]


def _store_published_change(rnd: Round, current: Pairing, changed: Pairing) -> None:
    """Rewrite only the boards that changed, keeping every board number (published boards)."""
    games = {g.board: g for g in rnd.games.select_related("white", "black")}
    by_number = {p.pairing_number: p for p in rnd.tournament.players.all()}
    redo = [
        (board, new)
        for (board, game), new in zip(sorted(games.items()), changed.boards, strict=True)
        if (game.white.pairing_number, game.black.pairing_number) != (new.white, new.black)
    ]
    for board, _new in redo:
        games[board].delete()
    if current.bye != changed.bye:
        rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).delete()
    for board, new in redo:
        Game(round=rnd, board=board, white=by_number[new.white], black=by_number[new.black]).save()
    if current.bye != changed.bye and changed.bye is not None:
        Bye(round=rnd, player=by_number[changed.bye], kind=ByeKind.PAIRING_ALLOCATED).save()


def _describe_pairing(pairing: Pairing) -> str:
    text = [f"{b.white}-{b.black}" for b in pairing.boards]
    if pairing.bye is not None:
        text.append(f"bye {pairing.bye}")
    return " ".join(text)


def _pairs(description: str) -> set[frozenset[str]]:
    """The pairs of a one-line pairing, colours and board order aside."""
    return {frozenset(item.split("-")) for item in description.split(" ") if "-" in item} | {
        frozenset(("bye", item)) for item in description.split("bye ")[1:2]
    }

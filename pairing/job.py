"""The pairing job the worker runs (pairing/tasks.py): lock, adapt, pair, check and
persist the round, its progress written as the engine goes, and its end when it fails or
is lost. The desk asks for it through pairing/services.py.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import datetime

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction
from django.db.models import Count
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing import adapter, job_locks
from pairing.engine import pair
from pairing.engine.checker import check_round
from pairing.engine.state import PairingError
from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import PairingRefused, Refusal, RefusalTable, in_sentence
from tourney.models import (
    ACTIVE_JOB_STATES,
    PAIRABLE_STATUSES,
    UNPAIRED_STATUSES,
    Bye,
    ByeKind,
    Game,
    JobState,
    Round,
    RoundStatus,
    TournamentKind,
    unfinished_games,
)
from tourney.services.setup import draw_initial_colour_once

REFUSALS = RefusalTable(
    "pairing",
    {
        "wrong_status": gettext_lazy("round %(round)d is %(status)s"),
        "has_results": gettext_lazy("round %(round)d already has results; it cannot be paired again"),
        # The pairing reads the scores and colours of every earlier round.
        "earlier_unpaired": gettext_lazy("round %(r)d is not paired yet: pair it before round %(n)d"),
        "earlier_results_missing": gettext_lazy(
            "round %(r)d has no result yet on board(s) %(b)s: enter them before pairing round %(n)d"
        ),
    },
)


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
    if Round.objects.filter(pk=round_id, tournament__kind=TournamentKind.TEAM).exists():
        return pair_team_round(round_id=round_id, user=user)
    with transaction.atomic():
        rnd = _locked_pairable(round_id)
        tournament = rnd.tournament
        draw_initial_colour_once(tournament, user)
        try:
            state = adapter.state_for_round(rnd)
        except adapter.IncompleteRound as error:
            return _failed(rnd, str(error) or error.__class__.__name__, user)
        system, edition = tournament.pairing_system, tournament.rules_edition or None
        options = adapter.options_for(tournament)
    try:
        # pair() applies the announced acceleration; its warnings come back as notes.
        pairing: adapter.Pairing | None = pair(
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
            fresh = adapter.state_for_round(rnd)
            if fresh != state:  # changed while the engine ran: pair the round as it is now
                state, pairing = fresh, pair(fresh, system, edition, adapter.options_for(tournament))
        except (PairingError, adapter.IncompleteRound) as error:
            return _failed(rnd, str(error) or error.__class__.__name__, user)
        assert pairing is not None
        # The independent checker is the safety net on any engine's output.
        checked = check_round(state, pairing, tournament.pairing_system, tournament.rules_edition)
        warnings = [*pairing.notes, *map(str, checked)]
        old = describe_round(rnd)
        store_pairing(rnd, pairing)
        return _paired(rnd, describe_round(rnd), warnings, old, user)


def pair_team_round(*, round_id: int, user: User | None = None) -> Round:
    """Pair a round of a team event by C.04.6 and store its matches and their board games
    (by the teams' lineups), as pair_round does for players: the round is read in one
    transaction, the team system runs outside it (its progress committed bracket by
    bracket), and the round is locked again, read again (paired again if it changed
    meanwhile), checked and written in a second one."""
    with transaction.atomic():
        rnd = _locked_pairable(round_id)
        draw_initial_colour_once(rnd.tournament, user)
        try:
            team_round = adapter.team_round_for(rnd)
        except adapter.IncompleteRound as error:
            return _failed(rnd, str(error) or error.__class__.__name__, user)
        players = rnd.tournament.players.count()  # the job's time limit reads the players
    try:
        pairing: adapter.TeamPairing | None = adapter.pair_team_round(team_round, progress_writer(round_id))
        failure = ""
    except PairingError as error:
        # C.04.6 3.3.3: no pairing; the Chief Arbiter decides.
        pairing, failure = None, str(error) or error.__class__.__name__
    except SoftTimeLimitExceeded:
        pairing, failure = (
            None,
            _("the pairing was stopped at its time limit (%(seconds)d s for %(players)d players); nothing was saved")
            % {"seconds": pairing_time_limit(players), "players": players},
        )
    with transaction.atomic():
        rnd = _locked_pairable(round_id)
        if failure:
            return _failed(rnd, failure, user)
        try:
            fresh = adapter.team_round_for(rnd)
            if fresh != team_round:  # changed while the engine ran: pair the round as it is now
                team_round, pairing = fresh, adapter.pair_team_round(fresh)
        except (PairingError, adapter.IncompleteRound) as error:
            return _failed(rnd, str(error) or error.__class__.__name__, user)
        assert pairing is not None
        warnings = adapter.check_team_pairing(team_round, pairing)
        old = adapter.describe_team_round(rnd)
        adapter.store_team_pairing(rnd, pairing)
        return _paired(rnd, adapter.describe_team_round(rnd), warnings, old, user)


def _paired(rnd: Round, engine_pairing: str, warnings: list[str], old: str, user: User | None) -> Round:
    """The round marked paired by the engine (its pairing already stored), audited and
    announced to the public pages, in the caller's transaction."""
    rnd.status = RoundStatus.PAIRED
    rnd.pairing_job_state = JobState.SUCCEEDED
    rnd.pairing_error = ""
    rnd.pairing_progress = ""
    rnd.paired_at = timezone.now()
    rnd.engine_pairing = engine_pairing
    rnd.pairing_warnings = "\n".join(warnings)
    rnd.rules_edition = rnd.tournament.rules_edition
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
    audit.record(rnd.tournament, rnd, action="pair round", old=old, new=rnd.engine_pairing, user=user)
    public_change(rnd.tournament.pk, round_number=rnd.number, status=True)
    return rnd


def _locked_pairable(round_id: int) -> Round:
    """The round, locked for this transaction, if it may be paired (else PairingRefused)."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    if rnd.status not in PAIRABLE_STATUSES:
        raise PairingRefused(
            REFUSALS("wrong_status", round=rnd.number, status=in_sentence(RoundStatus(rnd.status).label))
        )
    if rnd.has_results:
        raise PairingRefused(REFUSALS("has_results", round=rnd.number))
    return rnd


def refusal_to_pair(rnd: Round) -> Refusal | None:
    """Why the desk may not have *rnd* paired, said before a job is queued: results
    already entered, or an earlier round not ready (pairing_blocker)."""
    if rnd.has_results:
        return REFUSALS("has_results", round=rnd.number)
    return pairing_blocker(rnd)


def pairing_blocker(rnd: Round) -> Refusal | None:
    """Why *rnd* cannot be paired yet, or None: every earlier round must be paired and have
    every result, since the pairing reads their scores and colours (the same conditions
    pairing.adapter checks when it builds the engine's state)."""
    earlier = dict(
        Round.objects.filter(tournament_id=rnd.tournament_id, number__lt=rnd.number).values_list("number", "status")
    )
    for number in range(1, rnd.number):
        if earlier.get(number) is None or earlier[number] in UNPAIRED_STATUSES:
            return REFUSALS("earlier_unpaired", r=number, n=rnd.number)
    pending = (
        Game.objects.filter(unfinished_games(), round__tournament_id=rnd.tournament_id, round__number__lt=rnd.number)
        .order_by("round__number", "board")
        .values_list("round__number", "board")
    )
    missing: dict[int, list[int]] = {}
    for number, board in pending:
        missing.setdefault(number, []).append(board)
    if missing:
        number, boards = next(iter(missing.items()))
        return REFUSALS("earlier_results_missing", r=number, b=", ".join(map(str, boards)), n=rnd.number)
    return None


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


def store_pairing(rnd: Round, pairing: adapter.Pairing) -> None:
    """Replace the round's boards and PAB with *pairing*, boards numbered in its order."""
    rnd.games.all().delete()
    rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).delete()
    games, byes = adapter.unsaved_rows(rnd, pairing)
    for row in [*games, *byes]:
        row.save()


# ---------------------------------------------------------------- lost jobs
#
# The worker holds the round's job lock (pairing.job_locks) while it pairs;
# reap_lost_pairings ends the jobs no worker holds as failed (job_locks.reap_lost says
# which). Every worker runs it as it starts, and the beat every minute
# (tourney.tasks.reap_lost_jobs). A GET never writes: the round page only reads the state.


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
    A job waits at most its pairing_time_limit, from its field's size."""
    active = (
        Round.objects.filter(pairing_job_state__in=ACTIVE_JOB_STATES)
        .annotate(players=Count("tournament__players"))
        .values_list("pk", "pairing_job_state", "pairing_requested_at", "players")
    )
    jobs = [(pk, state, since, pairing_time_limit(players)) for pk, state, since, players in active]
    return job_locks.reap_lost(job_locks.PAIRING, jobs, _fail_lost, now or timezone.now())


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


def run_job(round_id: int, language: str | None = None) -> str:
    """The pairing job (pairing.tasks.pair_round_task): pair the round; the job always
    ends in a state the page can show, its refusal or failure written in *language* (the
    requester's: the worker has no request to take it from). Returns that state."""
    # The advisory lock is taken before the job is marked running and held until its
    # outcome is committed: reap_lost_pairings reads a free lock as no worker.
    with translation.override(language), job_locks.held(job_locks.PAIRING, round_id):
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
            message = _("internal error while pairing (%(error)s); please report it")
            fail_job(round_id, message % {"error": f"{error.__class__.__name__}: {error}"})
            raise
        return rnd.pairing_job_state

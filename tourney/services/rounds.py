"""The round's lifecycle: open it, publish its pairing, close it (publish its results)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import DomainError, PairingRefused, Refusal, RefusalTable, ResultRefused, in_sentence
from tourney.models import CorrectionPolicy, Round, RoundStatus, Tournament, unfinished_games

REFUSALS = RefusalTable(
    "rounds",
    {
        "all_rounds_open": gettext_lazy("%(tournament)s has only %(rounds)d rounds"),
        "no_such_round": gettext_lazy("%(tournament)s has rounds 1 to %(rounds)d"),
        "wrong_status": gettext_lazy("round %(round)d is %(status)s, not %(expected)s"),
        # C.04.2.D.7: the results are published once every board has one.
        "results_missing": gettext_lazy("round %(round)d has no result yet on board(s) %(boards)s"),
        "unpublish_reason": gettext_lazy("give the reason for undoing the publication"),
        "not_published": gettext_lazy("round %(round)d is not published: there is no publication to undo"),
        "has_results": gettext_lazy("round %(round)d already has results: its publication cannot be undone"),
        "not_last_round": gettext_lazy("only the last round's publication can be undone"),
    },
)


def open_next_round(*, tournament_id: int, user: User | None = None) -> Round:
    """Create the next round of the tournament, in draft."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        started = tournament.round_set.exclude(status=RoundStatus.DRAFT)
        last = started.aggregate(n=Max("number"))["n"] or 0
        if last >= tournament.rounds:
            raise PairingRefused(REFUSALS("all_rounds_open", tournament=tournament.name, rounds=tournament.rounds))
        # A later round may already exist in draft, holding byes requested in advance (D.4).
        rnd, created = Round.objects.get_or_create(tournament=tournament, number=last + 1)
        if created:
            audit.record(tournament, rnd, action="open round", new=rnd.number, user=user)
            public_change(tournament.pk, round_number=rnd.number)
        return rnd


def round_for(tournament: Tournament, number: int) -> Round:
    """Round *number* of *tournament*, created in draft when it is not there yet."""
    if not 1 <= number <= tournament.rounds:
        raise PairingRefused(REFUSALS("no_such_round", tournament=tournament.name, rounds=tournament.rounds))
    rnd, created = Round.objects.get_or_create(tournament=tournament, number=number)
    if created:
        public_change(tournament.pk, round_number=number)
    return rnd


def _locked_round_in(round_id: int, status: RoundStatus, refusal: type[DomainError]) -> Round:
    """The round, locked for the transaction, when it is in *status*; else *refusal*."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
    if rnd.status != status:
        now = in_sentence(RoundStatus(rnd.status).label)
        raise refusal(REFUSALS("wrong_status", round=rnd.number, status=now, expected=in_sentence(status.label)))
    return rnd


def publish_pairing(*, round_id: int, user: User | None = None) -> Round:
    """Publish a paired round (C.04.2.D.9 boards); results can be entered from now on."""
    with transaction.atomic():
        rnd = _locked_round_in(round_id, RoundStatus.PAIRED, PairingRefused)
        rnd.status = RoundStatus.PUBLISHED
        rnd.published_at = timezone.now()
        rnd.save(update_fields=["status", "published_at"])
        audit.record(rnd.tournament, rnd, action="publish pairing", user=user)
        public_change(rnd.tournament_id, round_number=rnd.number, status=True)
        return rnd


def correction_deadline(closed_at: datetime, window_minutes: int) -> datetime:
    """The end of the correction window (C.04.2.D.8) on a whole minute, rounded up: the
    deadline is announced to the minute, so the one enforced is the one shown."""
    deadline = closed_at + timedelta(minutes=window_minutes)
    if deadline.second or deadline.microsecond:
        deadline = deadline.replace(second=0, microsecond=0) + timedelta(minutes=1)
    return deadline


def close_round(*, round_id: int, user: User | None = None) -> Round:
    """Publish the round's results (C.04.2.D.7); the correction deadline (D.8) starts now."""
    with transaction.atomic():
        rnd = _locked_round_in(round_id, RoundStatus.PUBLISHED, ResultRefused)
        missing = list(rnd.games.filter(unfinished_games()).values_list("board", flat=True))
        if missing:
            boards = ", ".join(map(str, missing))
            raise ResultRefused(REFUSALS("results_missing", round=rnd.number, boards=boards))
        tournament = rnd.tournament
        rnd.status = RoundStatus.CLOSED
        if tournament.correction_policy == CorrectionPolicy.DEADLINE:
            rnd.correction_deadline = correction_deadline(timezone.now(), tournament.correction_window_minutes)
        rnd.save(update_fields=["status", "correction_deadline"])
        audit.record(tournament, rnd, action="close round", new=rnd.correction_deadline or "", user=user)
        # After the last round every page's menu reads "Final standings": renew them all.
        last = rnd.number == tournament.rounds
        public_change(tournament.pk, round_number=rnd.number, status=True, base=last)
        return rnd


def unpublish_pairing(*, round_id: int, reason: str, user: User | None = None) -> Round:
    """Take back the publication of the last round's pairing while it has no result: the
    round is a paired draft again (it can be changed or paired again), and the audit trail
    says who did it and why."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round_id)
        refusal = unpublish_refusal(rnd)
        if refusal:
            raise PairingRefused(refusal)
        if not reason.strip():
            raise PairingRefused(REFUSALS("unpublish_reason"))
        old = rnd.published_at
        rnd.status = RoundStatus.PAIRED
        rnd.published_at = None
        rnd.save(update_fields=["status", "published_at"])
        audit.record(rnd.tournament, rnd, action="unpublish pairing", old=old or "", user=user, reason=reason.strip())
        public_change(rnd.tournament_id, round_number=rnd.number, status=True)
        return rnd


def unpublish_refusal(rnd: Round) -> Refusal | None:
    """Why the publication of *rnd* cannot be undone now, or None."""
    if rnd.status != RoundStatus.PUBLISHED:
        return REFUSALS("not_published", round=rnd.number)
    if rnd.has_results:
        return REFUSALS("has_results", round=rnd.number)
    later = Round.objects.filter(tournament_id=rnd.tournament_id, number__gt=rnd.number)
    if later.exclude(status=RoundStatus.DRAFT).exists():
        return REFUSALS("not_last_round")
    return None

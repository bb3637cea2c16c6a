"""Results and their corrections (C.04.2.D.8 policy)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import ResultRefused
from tourney.models import RESULT_STATUSES, CorrectionPolicy, Game, Result, Round, RoundStatus


def _refusal(rnd: Round, now: datetime) -> str:
    """Why a result of *rnd* may not be entered or changed now, or ''."""
    if rnd.status not in RESULT_STATUSES:
        return f"round {rnd.number} is {rnd.get_status_display().lower()}: publish the pairing first"
    if rnd.status == RoundStatus.CLOSED:
        return _correction_refusal(rnd, now)
    return ""


def _correction_refusal(rnd: Round, now: datetime) -> str:
    """Why a result of a closed round may no longer change (C.04.2.D.8), or ''."""
    policy = rnd.tournament.correction_policy
    if policy == CorrectionPolicy.NEVER:
        return f"round {rnd.number} is closed and this tournament allows no correction after that"
    if policy == CorrectionPolicy.DEADLINE and rnd.correction_deadline and now > rnd.correction_deadline:
        return f"the correction deadline of round {rnd.number} passed at {rnd.correction_deadline:%Y-%m-%d %H:%M %Z}"
    if policy == CorrectionPolicy.NEXT_PAIRING:
        later = Round.objects.filter(tournament_id=rnd.tournament_id, number__gt=rnd.number)
        if later.paired().exists():
            return f"round {rnd.number + 1} is already paired"
    return ""


def set_result(*, game_id: int, result: str, user: User | None = None, reason: str = "") -> bool:
    """Enter or correct a game's result; False when nothing changed (a double submit).

    Results go into a published round; once its results are published (closed), a
    correction is allowed only under the tournament's policy (C.04.2.D.8). A refused
    change raises ResultRefused and is written to the audit trail all the same.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().select_related("round__tournament", "white", "black").get(pk=game_id)
        rnd = Round.objects.select_for_update().select_related("tournament").get(pk=game.round_id)
        if game.result == result:
            return False
        refusal = _refusal(rnd, timezone.now())
        if refusal:
            # The refusal is committed with this transaction; the error is raised after it.
            audit.record(
                rnd.tournament,
                game,
                action="refused result",
                old=game.result,
                new=result,
                user=user,
                reason=f"{refusal}. {reason}".strip(),
            )
        else:
            old = game.result
            game.result = Result(result)
            game.result_entered_by = user if user is not None and user.is_authenticated else None
            game.result_entered_at = timezone.now()
            game.save(update_fields=["result", "result_entered_by", "result_entered_at"])
            action = "result" if old == Result.PENDING else "correct result"
            audit.record(rnd.tournament, game, action=action, old=old, new=result, user=user, reason=reason)
            public_change(rnd.tournament_id, round_number=rnd.number)
            return True
    raise ResultRefused(refusal)

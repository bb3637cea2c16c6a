"""Results and their corrections (C.04.2.D.8 policy)."""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from typing import NamedTuple

from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import CorrectionUnconfirmed, Refusal, RefusalTable, ResultConflict, ResultRefused, in_sentence
from tourney.models import PAIRED_STATUSES, RESULT_STATUSES, CorrectionPolicy, Game, Result, Round, RoundStatus

REFUSALS = RefusalTable(
    "results",
    {
        "not_published": gettext_lazy("round %(round)d is %(status)s: publish the pairing first"),
        # C.04.2.D.8: the three policies a tournament announces for corrections.
        "no_correction": gettext_lazy("round %(round)d is closed and this tournament allows no correction after that"),
        "deadline_passed": gettext_lazy("the correction deadline of round %(round)d passed at %(deadline)s"),
        "next_round_paired": gettext_lazy("round %(round)d is already paired"),
        "confirm_correction": gettext_lazy("board %(board)d already has %(result)s: confirm the correction"),
        "give_reason": gettext_lazy("board %(board)d: give the reason for the correction"),
        "changed_meanwhile": gettext_lazy(
            "board %(board)d now has %(result)s (entered since your page showed %(seen)s): nothing was saved"
        ),
        # A Double-Swiss match (C.04.5): each game's result is entered, corrected and audited on its own.
        "one_game": gettext_lazy("board %(board)d has one game: only the Double-Swiss system plays game 2"),
        "confirm_game_correction": gettext_lazy(
            "board %(board)d, game %(game)d already has %(result)s: confirm the correction"
        ),
        "give_game_reason": gettext_lazy("board %(board)d, game %(game)d: give the reason for the correction"),
        "game_changed_meanwhile": gettext_lazy(
            "board %(board)d, game %(game)d now has %(result)s (entered since your page showed %(seen)s): "
            "nothing was saved"
        ),
    },
)


def _refusal(rnd: Round, now: datetime) -> Refusal | None:
    """Why a result of *rnd* may not be entered or changed now, or None."""
    if rnd.status not in RESULT_STATUSES:
        return REFUSALS("not_published", round=rnd.number, status=in_sentence(RoundStatus(rnd.status).label))
    if rnd.status == RoundStatus.CLOSED:
        return _correction_refusal(rnd, now)
    return None


def _correction_refusal(rnd: Round, now: datetime) -> Refusal | None:
    """Why a result of a closed round may no longer change (C.04.2.D.8), or None."""
    policy = rnd.tournament.correction_policy
    if policy == CorrectionPolicy.NEVER:
        return REFUSALS("no_correction", round=rnd.number)
    if policy == CorrectionPolicy.DEADLINE and rnd.correction_deadline and now > rnd.correction_deadline:
        shown = timezone.localtime(rnd.correction_deadline, zoneinfo.ZoneInfo(rnd.tournament.time_zone))
        return REFUSALS("deadline_passed", round=rnd.number, deadline=f"{shown:%Y-%m-%d %H:%M %Z}")
    if policy == CorrectionPolicy.NEXT_PAIRING:
        later = Round.objects.filter(tournament_id=rnd.tournament_id, number__gt=rnd.number)
        if later.paired().exists():
            return REFUSALS("next_round_paired", round=rnd.number + 1)
    return None


def later_paired_rounds(rnd: Round) -> list[int]:
    """The rounds after *rnd* that are already paired (with the results *rnd* had then)."""
    later = Round.objects.filter(tournament_id=rnd.tournament_id, number__gt=rnd.number, status__in=PAIRED_STATUSES)
    return list(later.order_by("number").values_list("number", flat=True))


def _needs_reason(rnd: Round, later: list[int]) -> bool:
    """A correction after the results are published, or under a later pairing, is explained."""
    return rnd.status == RoundStatus.CLOSED or bool(later)


def _label(result: str) -> str:
    return Result(result).label if result else gettext_lazy("no result")


def _check_correction(game: Game, rnd: Round, *, confirmed: bool, reason: str, number: int | None) -> list[int]:
    """A change of a result already entered is a correction: never silent (it must be
    confirmed), and once the results are published (or a later round is paired on them)
    it needs a reason for the audit trail. Returns the later rounds already paired.
    *number*: the game of a Double-Swiss match (None: a one-game round)."""
    later = later_paired_rounds(rnd)
    needs_reason = _needs_reason(rnd, later)
    current = game.result_of(number or 1)
    if not confirmed or (needs_reason and not reason.strip()):
        if number is None:
            message = REFUSALS("confirm_correction", board=game.board, result=_label(current))
            if confirmed:
                message = REFUSALS("give_reason", board=game.board)
        else:
            message = REFUSALS("confirm_game_correction", board=game.board, game=number, result=_label(current))
            if confirmed:
                message = REFUSALS("give_game_reason", board=game.board, game=number)
        raise CorrectionUnconfirmed(message, current=current, later_rounds=later, needs_reason=needs_reason)
    return later


class ResultEntered(NamedTuple):
    changed: bool  # False: the board already had this result (a double submit)
    game: Game  # as saved, with its round, tournament and players in hand for the answer


def set_result(
    *,
    game_id: int,
    result: str,
    user: User | None = None,
    reason: str = "",
    expected: str | None = None,
    confirmed: bool = False,
    game_number: int = 1,
) -> bool:
    """Enter or correct a game's result; False when nothing changed (a double submit).

    Results go into a published round; once its results are published (closed), a
    correction is allowed only under the tournament's policy (C.04.2.D.8). A refused
    change raises ResultRefused and is written to the audit trail all the same.

    *expected* is the result the arbiter's form showed (optimistic check): when the
    board holds another one now, ResultConflict says which and nothing is written.
    Changing a result already entered is a correction: it must be *confirmed*, with a
    *reason* once the round is closed or a later round is paired (CorrectionUnconfirmed).
    *game_number*: game 1 or 2 of a Double-Swiss match (C.04.5), each entered on its own.
    """
    return _enter_result(
        Q(pk=game_id),
        result=result,
        user=user,
        reason=reason,
        expected=expected,
        confirmed=confirmed,
        game_number=game_number,
    ).changed


def enter_board_result(
    *,
    tournament_id: int,
    round_number: int,
    board: int,
    result: str,
    user: User | None = None,
    reason: str = "",
    expected: str | None = None,
    confirmed: bool = False,
    game_number: int = 1,
) -> ResultEntered:
    """set_result for the game on *board* of the round, answering with the game as saved
    (the desk shows its row); Game.DoesNotExist when the round has no such board."""
    return _enter_result(
        Q(round__tournament_id=tournament_id, round__number=round_number, board=board),
        result=result,
        user=user,
        reason=reason,
        expected=expected,
        confirmed=confirmed,
        game_number=game_number,
    )


def _changed_meanwhile(game: Game, number: int | None, current: str, expected: str) -> Refusal:
    if number is None:
        return REFUSALS("changed_meanwhile", board=game.board, result=_label(current), seen=_label(expected))
    return REFUSALS(
        "game_changed_meanwhile", board=game.board, game=number, result=_label(current), seen=_label(expected)
    )


def _enter_result(
    game_lookup: Q,
    *,
    result: str,
    user: User | None,
    reason: str,
    expected: str | None,
    confirmed: bool,
    game_number: int = 1,
) -> ResultEntered:
    with transaction.atomic():
        # One statement finds the game, locks it with its round (against close_round and a
        # second entry on the same board), the tournament and both players, and reads them all.
        related = Game.objects.select_for_update().select_related("round__tournament", "white", "black")
        game = related.get(game_lookup)
        rnd = game.round
        two_games = rnd.tournament.two_games
        if game_number == 2 and not two_games:
            raise ResultRefused(REFUSALS("one_game", board=game.board))
        # The game named in refusals and in the audit trail: only a Double-Swiss match has two.
        number = game_number if two_games else None
        field, current = ("second_result" if game_number == 2 else "result"), game.result_of(game_number)
        if current == result:
            return ResultEntered(False, game)
        if expected is not None and current != expected:
            later = later_paired_rounds(rnd)
            raise ResultConflict(
                _changed_meanwhile(game, number, current, expected),
                current=current,
                later_rounds=later,
                needs_reason=_needs_reason(rnd, later),
            )
        game_label = f"game {number}: " if number else ""
        refusal = _refusal(rnd, timezone.now())
        if refusal:
            with translation.override(None):  # the audit trail is kept in English
                logged = str(refusal)
            # The refusal is committed with this transaction; the error is raised after it.
            audit.record(
                rnd.tournament,
                game,
                action="refused result",
                old=f"{game_label}{current}" if current else "",
                new=f"{game_label}{result}",
                user=user,
                reason=f"{logged}. {reason}".strip(),
            )
        else:
            old = current
            later = _check_correction(game, rnd, confirmed=confirmed, reason=reason, number=number) if old else []
            setattr(game, field, Result(result))
            game.result_entered_by = user if user is not None and user.is_authenticated else None
            game.result_entered_at = timezone.now()
            # The players and the round stay: one UPDATE, the RoundEntry rows untouched.
            game.save(update_fields=[field, "result_entered_by", "result_entered_at"])
            action = "result" if old == Result.PENDING else "correct result"
            if later:
                reason = f"{reason} ({later_rounds_warning(later)})"
            audit.record(
                rnd.tournament,
                game,
                action=action,
                old=f"{game_label}{old}" if old else "",
                new=f"{game_label}{result}",
                user=user,
                reason=reason,
            )
            public_change(rnd.tournament_id, round_number=rnd.number)
            return ResultEntered(True, game)
    raise ResultRefused(refusal)


def later_rounds_warning(later: list[int]) -> str:
    """The warning a correction gives when later rounds were paired with the old result."""
    return _("already paired with the old result: round(s) %(rounds)s") % {"rounds": ", ".join(map(str, later))}

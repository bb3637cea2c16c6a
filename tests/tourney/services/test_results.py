"""Entering and correcting results, and the C.04.2.D.8 correction policy."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests import builders
from tourney.errors import CorrectionUnconfirmed, ResultConflict, ResultRefused
from tourney.models import AuditEntry, CorrectionPolicy, Result, Round, RoundStatus
from tourney.services.results import set_result
from tourney.services.rounds import close_round

pytestmark = pytest.mark.django_db


def _closed_round(policy: str = CorrectionPolicy.DEADLINE, minutes: int = 60) -> Round:
    t = builders.tournament(players=4, correction_policy=policy, correction_window_minutes=minutes)
    rnd = builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.PUBLISHED)
    return close_round(round_id=rnd.pk)


def test_it_refuses_a_result_before_the_pairing_is_published_and_logs_it() -> None:
    t = builders.tournament(players=2)
    game = builders.round_with(t, 1, "1-2").games.get()
    with pytest.raises(ResultRefused, match="publish the pairing first"):
        set_result(game_id=game.pk, result=Result.WHITE_WINS)
    game.refresh_from_db()
    assert game.result == Result.PENDING
    assert AuditEntry.objects.filter(action="refused result", new_value="1-0").exists()


def test_it_accepts_a_correction_before_the_deadline() -> None:
    rnd = _closed_round()
    game = rnd.games.get(board=1)
    assert set_result(game_id=game.pk, result=Result.DRAW, reason="scoresheet", confirmed=True)
    entry = AuditEntry.objects.get(action="correct result")
    assert (entry.old_value, entry.new_value, entry.reason) == ("1-0", "1/2-1/2", "scoresheet")


def test_it_refuses_a_late_correction(django_user_model) -> None:
    arbiter = django_user_model.objects.create_user("arbiter")
    rnd = _closed_round()
    Round.objects.filter(pk=rnd.pk).update(correction_deadline=timezone.now() - timedelta(minutes=1))
    game = rnd.games.get(board=1)
    entered_at = game.result_entered_at
    with pytest.raises(ResultRefused, match="correction deadline of round 1 passed"):
        set_result(game_id=game.pk, result=Result.DRAW, user=arbiter, reason="players agree")
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS
    assert (game.result_entered_by, game.result_entered_at) == (None, entered_at)
    refused = AuditEntry.objects.get(action="refused result")
    assert (refused.old_value, refused.new_value) == ("1-0", "1/2-1/2")
    assert (refused.user, refused.subject, refused.tournament) == (arbiter, game, rnd.tournament)
    assert refused.reason.startswith("the correction deadline of round 1 passed at ")
    assert refused.reason.endswith(". players agree")
    assert not AuditEntry.objects.filter(action="correct result").exists()


def test_until_next_pairing_a_correction_is_refused_once_the_next_round_is_paired() -> None:
    rnd = _closed_round(policy=CorrectionPolicy.NEXT_PAIRING)
    game = rnd.games.get(board=1)
    assert set_result(game_id=game.pk, result=Result.DRAW, confirmed=True, reason="sheet")
    builders.round_with(rnd.tournament, 2, "3-4, 2-1")
    with pytest.raises(ResultRefused, match="round 2 is already paired"):
        set_result(game_id=game.pk, result=Result.WHITE_WINS, confirmed=True, reason="sheet")


def test_never_means_no_correction_after_closing() -> None:
    rnd = _closed_round(policy=CorrectionPolicy.NEVER)
    with pytest.raises(ResultRefused, match="allows no correction"):
        set_result(game_id=rnd.games.get(board=2).pk, result=Result.WHITE_WINS, confirmed=True, reason="x")


def test_the_same_result_twice_changes_nothing_even_after_the_deadline() -> None:
    rnd = _closed_round()
    Round.objects.filter(pk=rnd.pk).update(correction_deadline=timezone.now() - timedelta(minutes=1))
    assert not set_result(game_id=rnd.games.get(board=1).pk, result=Result.WHITE_WINS)
    assert not AuditEntry.objects.filter(action__in=["refused result", "correct result"]).exists()


def test_a_result_change_is_audited_and_a_repeat_changes_nothing(django_user_model) -> None:
    arbiter = django_user_model.objects.create_user("arbiter")
    t = builders.tournament(players=2)
    game = builders.round_with(t, 1, "1-2", status=RoundStatus.PUBLISHED).games.get()
    assert set_result(game_id=game.pk, result=Result.DRAW, user=arbiter, reason="scoresheet")
    assert not set_result(game_id=game.pk, result=Result.DRAW, user=arbiter)
    entry = AuditEntry.objects.get(action="result")
    assert (entry.user, entry.old_value, entry.new_value, entry.reason) == (arbiter, "", "1/2-1/2", "scoresheet")
    assert entry.subject == game


def test_a_result_records_who_entered_it_and_when(django_user_model) -> None:
    arbiter = django_user_model.objects.create_user("arbiter")
    t = builders.tournament(players=2)
    game = builders.round_with(t, 1, "1-2", status=RoundStatus.PUBLISHED).games.get()
    before = timezone.now()
    assert set_result(game_id=game.pk, result=Result.BLACK_WINS, user=arbiter)
    game.refresh_from_db()
    assert (game.result, game.result_entered_by) == (Result.BLACK_WINS, arbiter)
    assert before <= game.result_entered_at <= timezone.now()
    entry = AuditEntry.objects.get(action="result")
    assert (entry.old_value, entry.new_value, entry.subject) == ("", "0-1", game)


def test_a_correction_within_the_policy_is_audited_as_a_correction(django_user_model) -> None:
    arbiter = django_user_model.objects.create_user("arbiter")
    rnd = _closed_round(policy=CorrectionPolicy.NEXT_PAIRING)
    game = rnd.games.get(board=2)
    assert set_result(game_id=game.pk, result=Result.BLACK_WINS, user=arbiter, reason="wrong sheet", confirmed=True)
    game.refresh_from_db()
    assert (game.result, game.result_entered_by) == (Result.BLACK_WINS, arbiter)
    entry = AuditEntry.objects.get(action="correct result")
    assert (entry.user, entry.old_value, entry.new_value, entry.reason) == (arbiter, "1/2-1/2", "0-1", "wrong sheet")


def test_a_correction_is_never_silent_it_must_be_confirmed() -> None:
    t = builders.tournament(players=2)
    game = builders.round_with(t, 1, "1-2 =", status=RoundStatus.PUBLISHED).games.get()
    with pytest.raises(CorrectionUnconfirmed, match="board 1 already has ½-½: confirm the correction") as refused:
        set_result(game_id=game.pk, result=Result.WHITE_WINS)
    assert (refused.value.current, refused.value.later_rounds, refused.value.needs_reason) == ("1/2-1/2", [], False)
    game.refresh_from_db()
    assert game.result == Result.DRAW
    assert set_result(game_id=game.pk, result=Result.WHITE_WINS, confirmed=True)
    assert AuditEntry.objects.get(action="correct result").old_value == Result.DRAW


def test_a_write_over_a_result_changed_meanwhile_is_refused_with_the_current_value() -> None:
    t = builders.tournament(players=2)
    game = builders.round_with(t, 1, "1-2", status=RoundStatus.PUBLISHED).games.get()
    # Two arbiters saw the board empty; the first saves 1-0, the second's 0-1 is refused.
    assert set_result(game_id=game.pk, result=Result.WHITE_WINS, expected=Result.PENDING)
    with pytest.raises(ResultConflict, match=r"board 1 now has 1-0 .*nothing was saved") as refused:
        set_result(game_id=game.pk, result=Result.BLACK_WINS, expected=Result.PENDING, confirmed=True)
    assert refused.value.current == Result.WHITE_WINS
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS
    # The same value from both is no conflict: nothing changes twice.
    assert not set_result(game_id=game.pk, result=Result.WHITE_WINS, expected=Result.PENDING)
    assert AuditEntry.objects.filter(action="result").count() == 1


def test_a_correction_of_a_closed_round_needs_a_reason_and_names_the_later_rounds() -> None:
    rnd = _closed_round()
    builders.round_with(rnd.tournament, 2, "3-4, 2-1")
    game = rnd.games.get(board=1)
    with pytest.raises(CorrectionUnconfirmed, match="give the reason") as refused:
        set_result(game_id=game.pk, result=Result.DRAW, confirmed=True, reason="  ")
    assert (refused.value.later_rounds, refused.value.needs_reason) == ([2], True)
    assert set_result(game_id=game.pk, result=Result.DRAW, confirmed=True, reason="scoresheet signed 1/2")
    entry = AuditEntry.objects.get(action="correct result")
    assert entry.reason == "scoresheet signed 1/2 (already paired with the old result: round(s) 2)"


def test_the_deadline_falls_on_a_whole_minute_so_the_one_shown_is_the_one_enforced(monkeypatch) -> None:
    from datetime import UTC, datetime

    closed_at = datetime(2026, 11, 25, 12, 0, 30, 250_000, tzinfo=UTC)
    monkeypatch.setattr(timezone, "now", lambda: closed_at)
    rnd = _closed_round(minutes=60)
    rnd.tournament.time_zone = "Europe/Rome"
    rnd.tournament.save(update_fields=["time_zone"])
    deadline = datetime(2026, 11, 25, 13, 1, tzinfo=UTC)  # shown as 14:01 in Rome
    assert rnd.correction_deadline == deadline
    game = rnd.games.get(board=1)
    monkeypatch.setattr(timezone, "now", lambda: deadline - timedelta(seconds=1))
    assert set_result(game_id=game.pk, result=Result.DRAW, confirmed=True, reason="sheet")
    monkeypatch.setattr(timezone, "now", lambda: deadline + timedelta(seconds=1))
    with pytest.raises(ResultRefused, match="deadline of round 1 passed at 2026-11-25 14:01 CET"):
        set_result(game_id=game.pk, result=Result.WHITE_WINS, confirmed=True, reason="sheet")

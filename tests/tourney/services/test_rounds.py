"""The round's lifecycle: open, publish the pairing, close (publish the results)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests import builders
from tourney.errors import PairingRefused, ResultRefused
from tourney.models import AuditEntry, CorrectionPolicy, Result, Round, RoundStatus
from tourney.services.results import set_result
from tourney.services.rounds import close_round, open_next_round, publish_pairing, round_for

pytestmark = pytest.mark.django_db


def test_publishing_a_paired_round_opens_it_for_results() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2")
    publish_pairing(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED and rnd.published_at is not None
    assert set_result(game_id=rnd.games.get(board=1).pk, result=Result.WHITE_WINS)


def test_a_round_closes_only_with_every_result_in() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3 1-0, 4-2", status=RoundStatus.PUBLISHED)
    with pytest.raises(ResultRefused, match=r"board\(s\) 2"):
        close_round(round_id=rnd.pk)


def test_closing_sets_the_correction_deadline() -> None:
    t = builders.tournament(players=4, correction_policy=CorrectionPolicy.DEADLINE, correction_window_minutes=30)
    rnd = builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.PUBLISHED)
    rnd = close_round(round_id=rnd.pk)
    assert rnd.status == RoundStatus.CLOSED
    # The window, rounded up to the whole minute the page shows.
    assert timedelta(minutes=29) < rnd.correction_deadline - timezone.now() <= timedelta(minutes=31)
    assert (rnd.correction_deadline.second, rnd.correction_deadline.microsecond) == (0, 0)


def test_it_opens_the_next_round_in_draft_and_audits_it(django_user_model) -> None:
    arbiter = django_user_model.objects.create_user("arbiter")
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.CLOSED)
    rnd = open_next_round(tournament_id=t.pk, user=arbiter)
    assert (rnd.number, rnd.status) == (2, RoundStatus.DRAFT)
    assert list(t.round_set.values_list("number", flat=True).order_by("number")) == [1, 2]
    entry = AuditEntry.objects.get(action="open round")
    assert (entry.user, entry.new_value, entry.subject) == (arbiter, "2", rnd)


def test_it_opens_the_draft_round_that_already_holds_requested_byes_without_a_second_entry() -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.CLOSED)
    draft = builders.round_with(t, 2, byes="4 half", status=RoundStatus.DRAFT)
    assert open_next_round(tournament_id=t.pk) == draft
    assert t.round_set.count() == 2
    assert draft.byes.get().player.pairing_number == 4
    assert not AuditEntry.objects.filter(action="open round").exists()


def test_it_refuses_to_open_a_round_past_the_last() -> None:
    t = builders.tournament(players=2, rounds=1)
    builders.round_with(t, 1, "1-2 1-0", status=RoundStatus.CLOSED)
    with pytest.raises(PairingRefused, match="has only 1 rounds"):
        open_next_round(tournament_id=t.pk)
    assert t.round_set.count() == 1
    assert not AuditEntry.objects.exists()


def test_round_for_creates_a_missing_round_in_draft_and_refuses_one_out_of_range() -> None:
    t = builders.tournament(players=4, rounds=3)
    rnd = round_for(t, 3)
    assert (rnd.number, rnd.status) == (3, RoundStatus.DRAFT)
    assert round_for(t, 3) == rnd
    with pytest.raises(PairingRefused, match="has rounds 1 to 3"):
        round_for(t, 4)
    assert list(t.round_set.values_list("number", flat=True)) == [3]


def test_it_audits_the_publication_of_a_pairing(django_user_model) -> None:
    arbiter = django_user_model.objects.create_user("arbiter")
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2")
    publish_pairing(round_id=rnd.pk, user=arbiter)
    entry = AuditEntry.objects.get(action="publish pairing")
    assert (entry.user, entry.subject, entry.tournament) == (arbiter, rnd, t)


def test_it_refuses_to_publish_a_round_that_is_not_paired() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, status=RoundStatus.DRAFT)
    with pytest.raises(PairingRefused, match="round 1 is draft, not paired"):
        publish_pairing(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert (rnd.status, rnd.published_at) == (RoundStatus.DRAFT, None)
    assert not AuditEntry.objects.exists()


def test_it_audits_closing_a_round_with_its_correction_deadline(django_user_model) -> None:
    arbiter = django_user_model.objects.create_user("arbiter")
    t = builders.tournament(players=4, correction_policy=CorrectionPolicy.DEADLINE, correction_window_minutes=15)
    rnd = builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.PUBLISHED)
    close_round(round_id=rnd.pk, user=arbiter)
    rnd.refresh_from_db()
    entry = AuditEntry.objects.get(action="close round")
    assert (entry.user, entry.subject, entry.new_value) == (arbiter, rnd, str(rnd.correction_deadline))


def test_a_round_closed_without_a_deadline_policy_has_no_deadline() -> None:
    t = builders.tournament(players=4, correction_policy=CorrectionPolicy.NEVER)
    rnd = builders.round_with(t, 1, "1-3 1-0, 4-2 =", status=RoundStatus.PUBLISHED)
    close_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert (rnd.status, rnd.correction_deadline) == (RoundStatus.CLOSED, None)
    assert AuditEntry.objects.get(action="close round").new_value == ""


def test_it_refuses_to_close_a_round_not_published_or_with_a_board_pending() -> None:
    t = builders.tournament(players=4)
    paired = builders.round_with(t, 1, "1-3 1-0, 4-2 =")
    with pytest.raises(ResultRefused, match="round 1 is paired, not published"):
        close_round(round_id=paired.pk)
    Round.objects.filter(pk=paired.pk).update(status=RoundStatus.PUBLISHED)
    paired.games.filter(board=2).update(result=Result.PENDING)
    with pytest.raises(ResultRefused, match=r"board\(s\) 2"):
        close_round(round_id=paired.pk)
    paired.refresh_from_db()
    assert (paired.status, paired.correction_deadline) == (RoundStatus.PUBLISHED, None)
    assert not AuditEntry.objects.filter(action="close round").exists()


def test_the_publication_of_the_last_round_is_undone_with_a_reason_while_it_has_no_result(django_user_model) -> None:
    from tourney.errors import PairingRefused
    from tourney.models import AuditEntry
    from tourney.services.rounds import unpublish_pairing

    arbiter = django_user_model.objects.create_user("arbiter")
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2")
    publish_pairing(round_id=rnd.pk)
    with pytest.raises(PairingRefused, match="give the reason"):
        unpublish_pairing(round_id=rnd.pk, reason=" ", user=arbiter)
    unpublish_pairing(round_id=rnd.pk, reason="wrong player marked absent", user=arbiter)
    rnd.refresh_from_db()
    assert (rnd.status, rnd.published_at) == (RoundStatus.PAIRED, None)
    entry = AuditEntry.objects.get(action="unpublish pairing")
    assert (entry.user, entry.reason) == (arbiter, "wrong player marked absent")
    with pytest.raises(PairingRefused, match="not published"):
        unpublish_pairing(round_id=rnd.pk, reason="again", user=arbiter)


def test_a_publication_is_not_undone_once_a_result_is_in_or_a_later_round_is_paired() -> None:
    from tourney.errors import PairingRefused
    from tourney.services.rounds import unpublish_pairing

    t = builders.tournament(players=4)
    first = builders.round_with(t, 1, "1-3 1-0, 4-2", status=RoundStatus.PUBLISHED)
    with pytest.raises(PairingRefused, match="already has results"):
        unpublish_pairing(round_id=first.pk, reason="x")
    Game = first.games.model
    Game.objects.filter(round=first).update(result="")
    builders.round_with(t, 2, "3-1, 2-4")
    with pytest.raises(PairingRefused, match="only the last round"):
        unpublish_pairing(round_id=first.pk, reason="x")
    first.refresh_from_db()
    assert first.status == RoundStatus.PUBLISHED

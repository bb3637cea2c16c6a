"""tourney.services.pairing: lock, adapt, pair, persist; refusals and the audit trail."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from pairing.engine.state import Colour, Outcome
from tests import builders
from tourney import adapters
from tourney.errors import PairingRefused
from tourney.models import AuditEntry, Bye, ByeKind, JobState, Result, Round, RoundStatus
from tourney.services.pairing import pair_round, request_pairing
from tourney.services.results import set_result

pytestmark = pytest.mark.django_db


def test_it_pairs_round_one_and_stores_boards_in_order() -> None:
    t = builders.tournament(players=8)
    rnd = Round.objects.create(tournament=t, number=1)
    pair_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state, rnd.pairing_error) == (RoundStatus.PAIRED, JobState.SUCCEEDED, "")
    boards = list(rnd.games.values_list("board", "white__pairing_number", "black__pairing_number"))
    # C.04.3: round 1 pairs the top half against the bottom half, colours alternating from White.
    assert boards == [(1, 1, 5), (2, 6, 2), (3, 3, 7), (4, 8, 4)]
    assert AuditEntry.objects.filter(action="pair round", new_value="1-5 6-2 3-7 8-4").exists()


def test_an_odd_field_gets_a_pairing_allocated_bye() -> None:
    t = builders.tournament(players=7)
    rnd = Round.objects.create(tournament=t, number=1)
    pair_round(round_id=rnd.pk)
    assert rnd.byes.get().kind == ByeKind.PAIRING_ALLOCATED
    assert rnd.entries.count() == 7


def test_it_refuses_to_pair_a_round_with_results() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3 1-0, 4-2")
    with pytest.raises(PairingRefused, match="already has results"):
        pair_round(round_id=rnd.pk)
    assert rnd.games.count() == 2


def test_it_reports_an_unfinished_previous_round_instead_of_pairing() -> None:
    t = builders.tournament(players=4)
    builders.round_with(t, 1, "1-3 1-0, 4-2 *")
    rnd = Round.objects.create(tournament=t, number=2)
    pair_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state) == (RoundStatus.DRAFT, JobState.FAILED)
    assert "round 1, board 2 has no result yet" in rnd.pairing_error
    assert not rnd.games.exists()


def test_requested_byes_and_withdrawals_are_not_paired() -> None:
    t = builders.tournament(players=6)
    t.players.filter(pairing_number=6).update(entry_round=3)  # a late entry
    rnd = Round.objects.create(tournament=t, number=1)
    Bye(round=rnd, player=builders.player(t, 2), kind=ByeKind.HALF_POINT, requested=True).save()
    pair_round(round_id=rnd.pk)
    paired = set(rnd.entries.filter(game__isnull=False).values_list("player__pairing_number", flat=True))
    assert paired == {1, 3, 4, 5}
    assert rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).count() == 0


def test_pairing_again_replaces_the_pairing_and_keeps_requested_byes() -> None:
    t = builders.tournament(players=5)
    rnd = Round.objects.create(tournament=t, number=1)
    Bye(round=rnd, player=builders.player(t, 5), kind=ByeKind.ZERO_POINT, requested=True).save()
    pair_round(round_id=rnd.pk)
    pair_round(round_id=rnd.pk)
    assert rnd.games.count() == 2 and rnd.byes.count() == 1


def test_the_initial_colour_is_drawn_once_and_audited() -> None:
    t = builders.tournament(players=4, initial_colour="")
    rnd = Round.objects.create(tournament=t, number=1)
    pair_round(round_id=rnd.pk)
    t.refresh_from_db()
    assert t.initial_colour in ("white", "black")
    entry = AuditEntry.objects.get(action="draw initial colour")
    assert entry.new_value == t.initial_colour
    top = rnd.games.get(board=1)
    assert (top.white.pairing_number == 1) == (t.initial_colour == "white")


def test_a_double_request_queues_one_job(django_capture_on_commit_callbacks) -> None:
    t = builders.tournament(players=4)
    rnd = Round.objects.create(tournament=t, number=1)
    queued: list[int] = []
    with django_capture_on_commit_callbacks(execute=True):
        assert request_pairing(round_id=rnd.pk, enqueue=queued.append) is True
        assert request_pairing(round_id=rnd.pk, enqueue=queued.append) is False
    assert queued == [rnd.pk]
    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state) == (RoundStatus.PAIRING, JobState.QUEUED)


def test_a_result_change_is_audited_and_a_repeat_changes_nothing(django_user_model) -> None:
    arbiter = django_user_model.objects.create_user("arbiter")
    t = builders.tournament(players=2)
    game = builders.round_with(t, 1, "1-2", status=RoundStatus.PUBLISHED).games.get()
    assert set_result(game_id=game.pk, result=Result.DRAW, user=arbiter, reason="scoresheet")
    assert not set_result(game_id=game.pk, result=Result.DRAW, user=arbiter)
    entry = AuditEntry.objects.get(action="result")
    assert (entry.user, entry.old_value, entry.new_value, entry.reason) == (arbiter, "", "1/2-1/2", "scoresheet")
    assert entry.subject == game


def test_the_adapter_gives_the_engine_histories_from_the_database() -> None:
    t = builders.tournament(players=5)
    builders.round_with(t, 1, "1-3 1-0, 4-2 +-", byes="5 pab")
    state = adapters.state_for_round(Round.objects.create(tournament=t, number=2))
    assert state.by_id[1].history[0].outcome is Outcome.WIN and state.by_id[1].history[0].colour is Colour.WHITE
    assert state.by_id[2].history[0].outcome is Outcome.FORFEIT_LOSS
    assert state.by_id[5].history[0].outcome is Outcome.PAIRING_BYE
    assert state.score(5) == 10 and state.score(4) == 10 and state.score(2) == 0


def test_a_job_lost_past_the_time_limit_can_be_requested_again(settings) -> None:
    t = builders.tournament(players=4)
    long_ago = timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 1)
    rnd = Round.objects.create(
        tournament=t,
        number=1,
        status=RoundStatus.PAIRING,
        pairing_job_state=JobState.RUNNING,
        pairing_requested_at=long_ago,
    )
    assert request_pairing(round_id=rnd.pk, enqueue=lambda _: None) is True
    Round.objects.filter(pk=rnd.pk).update(pairing_requested_at=timezone.now())
    assert request_pairing(round_id=rnd.pk, enqueue=lambda _: None) is False


@pytest.mark.parametrize(
    ("earlier", "reason"),
    [({}, "round 1 does not exist yet"), ({1: RoundStatus.DRAFT}, "round 1 is not paired yet")],
)
def test_it_refuses_to_pair_past_a_missing_or_unpaired_round(earlier: dict, reason: str) -> None:
    t = builders.tournament(players=4)
    for number, status in earlier.items():
        Round.objects.create(tournament=t, number=number, status=status)
    rnd = Round.objects.create(tournament=t, number=2)
    pair_round(round_id=rnd.pk)
    rnd.refresh_from_db()
    assert (rnd.pairing_job_state, rnd.pairing_error) == (JobState.FAILED, reason)

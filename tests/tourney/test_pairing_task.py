"""The pairing task: whatever happens, the job ends in a state the page can show."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import JobState, Round, RoundStatus
from tourney.services.pairing import pair_round_task
from tourney.services.rounds import publish_pairing

pytestmark = pytest.mark.django_db


def _queued_round(players: int = 4) -> Round:
    t = builders.tournament(players=players)
    return Round.objects.create(tournament=t, number=1, status=RoundStatus.PAIRING, pairing_job_state=JobState.QUEUED)


def test_the_task_pairs_the_round() -> None:
    rnd = _queued_round()
    assert pair_round_task.run(rnd.pk) == JobState.SUCCEEDED
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PAIRED and rnd.games.count() == 2


def test_a_refusal_ends_the_job_as_failed_with_the_reason() -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3 1-0, 4-2", status=RoundStatus.PAIRED)
    Round.objects.filter(pk=rnd.pk).update(status=RoundStatus.PAIRING, pairing_job_state=JobState.QUEUED)
    assert pair_round_task.run(rnd.pk) == JobState.FAILED
    rnd.refresh_from_db()
    # The round keeps its pairing (and results): it was paired before the job.
    assert (rnd.status, rnd.pairing_job_state) == (RoundStatus.PAIRED, JobState.FAILED)
    assert "already has results" in rnd.pairing_error


def test_an_engine_crash_ends_the_job_as_failed_and_is_raised(monkeypatch) -> None:
    rnd = _queued_round()

    def crash(**_: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("tourney.services.pairing.pair_round", crash)
    with pytest.raises(ZeroDivisionError):
        pair_round_task.run(rnd.pk)
    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state) == (RoundStatus.DRAFT, JobState.FAILED)
    assert "ZeroDivisionError: boom" in rnd.pairing_error


def test_a_retried_task_after_the_job_ended_changes_nothing() -> None:
    rnd = _queued_round()
    assert pair_round_task.run(rnd.pk) == JobState.SUCCEEDED
    publish_pairing(round_id=rnd.pk)
    before = list(rnd.games.values_list("board", "white", "black"))
    assert pair_round_task.run(rnd.pk) == JobState.SUCCEEDED  # a redelivered message
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED and rnd.pairing_error == ""
    assert list(rnd.games.values_list("board", "white", "black")) == before

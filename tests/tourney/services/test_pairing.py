"""The pairing job: claim the round, pair it with the engine, store the boards and the PAB,
audit; refusals; the Celery task that always ends the job in a state the page can show."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from pairing.engine.lots import initial_colour_by_lot
from pairing.job import pair_round
from pairing.services import request_pairing
from pairing.tasks import pair_round_task
from tests import builders
from tourney.errors import PairingRefused
from tourney.models import AuditEntry, Bye, ByeKind, Game, JobState, Result, Round, RoundStatus
from tourney.services.rounds import publish_pairing

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
    with pytest.raises(PairingRefused, match="already has results") as refused:
        pair_round(round_id=rnd.pk)
    assert rnd.games.count() == 2
    assert refused.value.code == "pairing.has_results"
    with translation.override("it"):
        assert str(refused.value) == "il turno 1 ha già dei risultati; non può essere abbinato di nuovo"


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
    assert entry.new_value == f"{t.initial_colour} (seed {t.lot_seed})"
    assert initial_colour_by_lot(t.lot_seed).name.lower() == t.initial_colour  # drawn again from the seed
    top = rnd.games.get(board=1)
    assert (top.white.pairing_number == 1) == (t.initial_colour == "white")


def test_a_double_request_queues_one_job(django_capture_on_commit_callbacks, queued_pairings: list[int]) -> None:
    t = builders.tournament(players=4)
    rnd = Round.objects.create(tournament=t, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert request_pairing(round_id=rnd.pk) is True
        assert request_pairing(round_id=rnd.pk) is False
    assert queued_pairings == [rnd.pk]
    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state) == (RoundStatus.PAIRING, JobState.QUEUED)


def test_a_job_lost_past_the_time_limit_can_be_requested_again(settings, queued_pairings: list[int]) -> None:
    t = builders.tournament(players=4)
    long_ago = timezone.now() - timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 1)
    rnd = Round.objects.create(
        tournament=t,
        number=1,
        status=RoundStatus.PAIRING,
        pairing_job_state=JobState.RUNNING,
        pairing_requested_at=long_ago,
    )
    assert request_pairing(round_id=rnd.pk) is True
    Round.objects.filter(pk=rnd.pk).update(pairing_requested_at=timezone.now())
    assert request_pairing(round_id=rnd.pk) is False


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


def test_the_job_writes_its_refusal_in_the_language_of_the_request(
    django_capture_on_commit_callbacks, monkeypatch
) -> None:
    t = builders.tournament(players=4)
    rnd = Round.objects.create(tournament=t, number=1)
    sent = []
    monkeypatch.setattr(pair_round_task, "apply_async", lambda args, **options: sent.append(args))
    with translation.override("it"), django_capture_on_commit_callbacks(execute=True):
        assert request_pairing(round_id=rnd.pk)
    assert sent == [(rnd.pk, "it")]
    # A result there before the worker runs: the job refuses, in the requester's language.
    Game(round=rnd, board=1, white=builders.player(t, 1), black=builders.player(t, 3), result=Result.DRAW).save()
    assert pair_round_task.run(*sent[0]) == JobState.FAILED
    rnd.refresh_from_db()
    assert rnd.pairing_error == "il turno 1 ha già dei risultati; non può essere abbinato di nuovo"


def test_an_engine_crash_ends_the_job_as_failed_and_is_raised(monkeypatch) -> None:
    rnd = _queued_round()

    def crash(**_: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr("pairing.job.pair_round", crash)
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


def test_a_round_is_not_queued_while_an_earlier_one_lacks_a_pairing_or_results(queued_pairings) -> None:
    from pairing.job import pairing_blocker

    t = builders.tournament(players=4, rounds=3)
    third = Round.objects.create(tournament=t, number=3)
    assert str(pairing_blocker(third)) == "round 1 is not paired yet: pair it before round 3"
    builders.round_with(t, 1, "1-3 1-0, 4-2", status=RoundStatus.PUBLISHED)
    builders.round_with(t, 2, "3-2, 1-4", status=RoundStatus.PUBLISHED)
    assert str(pairing_blocker(third)) == "round 1 has no result yet on board(s) 2: enter them before pairing round 3"
    with pytest.raises(PairingRefused, match="round 1 has no result yet") as refused:
        request_pairing(round_id=third.pk)
    assert refused.value.code == "pairing.earlier_results_missing"
    with translation.override("it"):  # rendered where it is shown, in the reader's language
        assert str(refused.value).startswith("il turno 1 non ha ancora il risultato sulla/e scacchiera/e 2")
    third.refresh_from_db()
    assert (third.status, queued_pairings) == (RoundStatus.DRAFT, [])
    assert not AuditEntry.objects.filter(action="request pairing").exists()


def test_the_engine_progress_is_stored_on_the_round_while_it_pairs(monkeypatch) -> None:
    from pairing.engine import pair as real_pair

    rnd = _queued_round(players=6)
    seen: list[str] = []

    def pair(state, system, edition, options):
        for k in (1, 2, 2, 3):
            options.progress(k, 3)
            seen.append(Round.objects.get(pk=rnd.pk).pairing_progress)
        return real_pair(state, system, edition, options)

    monkeypatch.setattr("pairing.job.pair", pair)
    assert pair_round_task.run(rnd.pk) == JobState.SUCCEEDED
    assert seen == ["1/3", "2/3", "2/3", "3/3"]
    rnd.refresh_from_db()
    assert rnd.pairing_progress == "" and rnd.games.count() == 3  # cleared once paired


def test_a_real_engine_reports_its_brackets(monkeypatch) -> None:
    from pairing import job as service

    written: list[tuple[int, int]] = []
    writer = service.progress_writer

    def spy(round_id: int):
        inner = writer(round_id)
        return lambda k, n: (written.append((k, n)), inner(k, n))

    monkeypatch.setattr(service, "progress_writer", spy)
    rnd = _queued_round(players=6)
    assert pair_round_task.run(rnd.pk) == JobState.SUCCEEDED
    assert written and written[0] == (1, 1)  # round 1 of the Dutch system: one scoregroup


def test_a_pairing_stopped_at_the_time_limit_leaves_the_round_in_draft_with_the_reason(monkeypatch) -> None:
    from celery.exceptions import SoftTimeLimitExceeded

    from pairing.job import pairing_time_limit

    rnd = _queued_round(players=6)

    def slow(state, system, edition, options):
        options.progress(1, 4)
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr("pairing.job.pair", slow)
    assert pair_round_task.run(rnd.pk) == JobState.FAILED
    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state, rnd.pairing_progress) == (RoundStatus.DRAFT, JobState.FAILED, "")
    assert rnd.pairing_error == (
        f"the pairing was stopped at its time limit ({pairing_time_limit(6)} s for 6 players); nothing was saved"
    )
    assert not rnd.games.exists() and not rnd.byes.exists()
    assert AuditEntry.objects.filter(action="pairing failed", new_value=rnd.pairing_error).exists()


def test_the_job_time_limit_grows_with_the_field(settings, django_capture_on_commit_callbacks, queued_pairings) -> None:
    from pairing.job import pairing_time_limit

    settings.CELERY_TASK_TIME_LIMIT = 600
    settings.PAIRING_TIME_LIMIT_BASE = 60
    settings.PAIRING_TIME_LIMIT_PER_THOUSAND = 40
    assert (pairing_time_limit(100), pairing_time_limit(2000), pairing_time_limit(5000)) == (64, 140, 260)
    assert pairing_time_limit(50_000) == 540  # kept under the hard limit, to say why it stopped
    t = builders.tournament(players=6)
    rnd = Round.objects.create(tournament=t, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert request_pairing(round_id=rnd.pk) is True
    assert queued_pairings == [rnd.pk] and queued_pairings.options == [{"soft_time_limit": 60}]


def test_a_round_changed_while_the_engine_ran_is_paired_as_it_is_now(monkeypatch) -> None:
    from pairing.engine import pair as real_pair

    rnd = _queued_round(players=6)
    t = rnd.tournament
    late = t.players.order_by("pairing_number").last()

    def pair(state, system, edition, options):
        first = real_pair(state, system, edition, options)
        if len(state.to_pair) == 6:  # meanwhile the arbiter enters the player from round 2
            type(late).objects.filter(pk=late.pk).update(entry_round=2)
        return first

    monkeypatch.setattr("pairing.job.pair", pair)
    assert pair_round_task.run(rnd.pk) == JobState.SUCCEEDED
    rnd.refresh_from_db()
    assert late.pk not in {p for g in rnd.games.all() for p in (g.white_id, g.black_id)}
    assert rnd.games.count() == 2 and rnd.byes.get(kind=ByeKind.PAIRING_ALLOCATED).player_id != late.pk


def test_the_arbiter_who_asks_for_round_one_draws_the_initial_colour(
    django_capture_on_commit_callbacks, queued_pairings: list[int], django_user_model
) -> None:
    arbiter = django_user_model.objects.create_user("arb")
    t = builders.tournament(players=4, initial_colour="")
    rnd = Round.objects.create(tournament=t, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert request_pairing(round_id=rnd.pk, user=arbiter)
    t.refresh_from_db()
    assert (t.lot_drawn_by, len(t.lot_seed)) == (arbiter, 16)
    assert AuditEntry.objects.get(action="draw initial colour").user == arbiter

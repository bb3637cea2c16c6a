"""The arbiter's round desk: pairing (the HTMX fragment, the full page, CSRF), the
status poll, publication, keyboard results, corrections, closing."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import builders
from tourney.models import AuditEntry, Game, JobState, Result, Round, RoundStatus
from tourney.roles import appoint

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft_round(arbiter) -> Round:
    rnd = Round.objects.create(tournament=builders.tournament(players=6), number=1)
    appoint(rnd.tournament, arbiter, "arbiter")
    return rnd


def _url(rnd: Round) -> str:
    return f"/t/{rnd.tournament_id}/rounds/{rnd.number}/pair/"


def test_an_htmx_request_pairs_and_returns_the_pairing_fragment(
    client, arbiter, draft_round, eager_celery, django_capture_on_commit_callbacks
) -> None:
    client.force_login(arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(_url(draft_round), headers={"HX-Request": "true"})
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="pairing"') and "<html" not in page
    draft_round.refresh_from_db()
    assert (draft_round.status, draft_round.pairing_job_state) == (RoundStatus.PAIRED, JobState.SUCCEEDED)
    assert draft_round.games.count() == 3
    assert AuditEntry.objects.filter(action="request pairing", user=arbiter).count() == 1


def test_without_htmx_it_redirects_to_the_round_page(
    client, arbiter, draft_round, eager_celery, django_capture_on_commit_callbacks
) -> None:
    client.force_login(arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(_url(draft_round))
    assert response.status_code == 302 and response.url == f"/t/{draft_round.tournament_id}/rounds/1/"
    assert draft_round.games.count() == 3


def test_it_is_refused_without_a_csrf_token(arbiter, draft_round) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(arbiter)
    assert client.post(_url(draft_round), headers={"HX-Request": "true"}).status_code == 403
    draft_round.refresh_from_db()
    assert draft_round.pairing_job_state == JobState.IDLE


def test_it_is_refused_to_the_public(client, draft_round) -> None:
    assert client.post(_url(draft_round)).status_code == 403
    assert not draft_round.games.exists()


def test_a_round_with_results_is_not_paired_again(client, arbiter) -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3 1-0, 4-2 =")
    appoint(t, arbiter, "arbiter")
    client.force_login(arbiter)
    page = client.post(_url(rnd), headers={"HX-Request": "true"}).content.decode()
    assert "already has results" in page
    assert rnd.games.count() == 2
    rnd.refresh_from_db()
    assert rnd.pairing_job_state == JobState.IDLE


def test_a_second_click_while_queued_starts_nothing(client, arbiter, draft_round) -> None:
    client.force_login(arbiter)
    Round.objects.filter(pk=draft_round.pk).update(status=RoundStatus.PAIRING, pairing_job_state=JobState.QUEUED)
    client.post(_url(draft_round), headers={"HX-Request": "true"})
    assert AuditEntry.objects.filter(action="request pairing").count() == 0


def test_it_keeps_polling_while_the_job_is_queued(client) -> None:
    rnd = Round.objects.create(
        tournament=builders.tournament(players=4),
        number=1,
        status=RoundStatus.PAIRING,
        pairing_job_state=JobState.QUEUED,
    )
    response = client.get(f"/t/{rnd.tournament_id}/rounds/1/status/", headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert 'hx-trigger="every 1s"' in response.content.decode()


def test_it_stops_the_poll_with_286_once_the_job_is_over(client, arbiter) -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2")
    appoint(t, arbiter, "arbiter")  # the draft is the arbiter's; the public sees it once published
    client.force_login(arbiter)
    Round.objects.filter(pk=rnd.pk).update(pairing_job_state=JobState.SUCCEEDED)
    response = client.get(f"/t/{t.pk}/rounds/1/status/", headers={"HX-Request": "true"})
    assert response.status_code == 286
    page = response.content.decode()
    assert "hx-trigger" not in page and "Alice" in page


def _htmx(client: Client, url: str, data: dict | None = None):
    return client.post(url, data or {}, headers={"HX-Request": "true"})


def test_the_round_cycle_with_keyboard_results(desk, eager_celery, django_capture_on_commit_callbacks) -> None:
    t, client, _user = desk
    with django_capture_on_commit_callbacks(execute=True):
        _htmx(client, f"/t/{t.pk}/rounds/1/pair/")
    rnd = Round.objects.get(tournament=t, number=1)
    assert rnd.status == RoundStatus.PAIRED and rnd.games.count() == 3
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "pts · pref · floats" in page  # the draft explains itself
    assert "Pairing-allocated bye" in page

    _htmx(client, f"/t/{t.pk}/rounds/1/publish/")
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED

    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1 1-0"}).content.decode()
    assert "Board 1: 1-0" in answer and 'id="board-1"' in answer and "hx-swap-oob" in answer
    _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "2 +-"})
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"board": "3", "result": "--"}).content.decode()
    assert "all results in" in answer
    assert list(rnd.games.order_by("board").values_list("result", flat=True)) == [
        Result.WHITE_WINS,
        Result.WHITE_WINS_FORFEIT,
        Result.DOUBLE_FORFEIT,
    ]
    assert "is not a result" in _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1 2-0"}).content.decode()
    assert "has no board 9" in _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "9 1-0"}).content.decode()

    _htmx(client, f"/t/{t.pk}/rounds/1/close/")
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.CLOSED and rnd.correction_deadline is not None

    public = Client()
    standings = public.get(f"/t/{t.pk}/rounds/1/standings/").content.decode()
    assert "Standings and AROs after round 1" in standings
    first = Game.objects.get(round=rnd, board=1)
    card = public.get(f"/t/{t.pk}/players/{first.white.pk}/").content.decode()
    assert first.black.name in card and "White" in card

    audit = client.get(f"/t/{t.pk}/audit/").content.decode()
    assert "result" in audit and "publish pairing" in audit and "arb" in audit


def test_a_correction_after_the_deadline_is_refused_and_logged(desk) -> None:
    from datetime import timedelta

    from django.utils import timezone

    t, client, user = desk
    rnd = builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.CLOSED)
    Round.objects.filter(pk=rnd.pk).update(correction_deadline=timezone.now() + timedelta(minutes=5))
    assert "Board 1: 0-1" in _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1 0-1"}).content.decode()
    Round.objects.filter(pk=rnd.pk).update(correction_deadline=timezone.now() - timedelta(minutes=1))
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "2 1-0"}).content.decode()
    assert "Refused" in answer and "deadline" in answer
    assert Game.objects.get(round=rnd, board=2).result == Result.DRAW
    refused = AuditEntry.objects.get(action="refused result")
    assert (refused.user, refused.old_value, refused.new_value) == (user, Result.DRAW, Result.WHITE_WINS)
    assert AuditEntry.objects.get(action="correct result").old_value == Result.WHITE_WINS


def test_publishing_answers_the_fragment_with_the_news(desk) -> None:
    t, client, user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab")
    page = _htmx(client, f"/t/{t.pk}/rounds/1/publish/").content.decode()
    assert page.lstrip().startswith('<section id="pairing"') and "<html" not in page
    assert "Round 1 published: the pairing is frozen (C.04.2.D.10)." in page
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED and rnd.published_at is not None
    assert AuditEntry.objects.get(action="publish pairing").user == user


def test_publishing_without_htmx_redirects_with_the_news(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab")
    response = client.post(f"/t/{t.pk}/rounds/1/publish/")
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/rounds/1/"
    assert [str(m) for m in response.wsgi_request._messages] == [
        "Round 1 published: the pairing is frozen (C.04.2.D.10)."
    ]
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED


def test_it_refuses_to_publish_a_round_twice(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    page = _htmx(client, f"/t/{t.pk}/rounds/1/publish/").content.decode()
    assert "round 1 is published, not paired" in page and "pairing is frozen" not in page
    assert not AuditEntry.objects.filter(action="publish pairing").exists()


def test_it_refuses_an_exchange_without_two_pairing_numbers(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab")
    page = _htmx(client, f"/t/{t.pk}/rounds/1/exchange/", {"first": "1", "second": ""}).content.decode()
    assert "give two pairing numbers" in page
    boards = Game.objects.filter(round__tournament=t).order_by("board")
    assert [(g.white.pairing_number, g.black.pairing_number) for g in boards] == [(1, 4), (2, 5), (3, 6)]


def test_it_exchanges_two_players_of_a_draft(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab")
    page = _htmx(client, f"/t/{t.pk}/rounds/1/exchange/", {"first": "4", "second": "5"}).content.decode()
    assert "Players 4 and 5 exchanged." in page
    pairs = {
        frozenset((g.white.pairing_number, g.black.pairing_number)) for g in Game.objects.filter(round__tournament=t)
    }
    assert pairs == {frozenset((1, 5)), frozenset((2, 4)), frozenset((3, 6))}


def test_it_refuses_to_close_a_round_with_boards_still_playing(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4 1-0, 2-5, 3-6 =", byes="7 pab", status=RoundStatus.PUBLISHED)
    response = client.post(f"/t/{t.pk}/rounds/1/close/")
    assert [str(m) for m in response.wsgi_request._messages] == ["round 1 has no result yet on board(s) 2"]
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED and rnd.correction_deadline is None


@pytest.mark.parametrize("board", ["x", "", "-1", "0", "1.5", "99999999999999999999", "١"])
def test_a_board_that_is_not_a_number_gets_a_clean_message(desk, board: str) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"board": board, "result": "1-0"})
    assert answer.status_code == 200
    assert f"{board!r} is not a board number" in answer.content.decode().replace("&#x27;", "'")
    page = client.post(f"/t/{t.pk}/rounds/1/result/", {"board": board, "result": "1-0"}, follow=True)
    assert "is not a board number" in page.content.decode() and "invalid literal" not in page.content.decode()
    assert not Game.objects.exclude(result=Result.PENDING).exists()

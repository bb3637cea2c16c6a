"""The arbiter's round desk: pairing (the HTMX fragment, the full page, CSRF), the
status poll, publication, keyboard results, corrections, closing."""

from __future__ import annotations

import threading

import pytest
from django.test import Client

from tests import builders
from tourney.models import AuditEntry, Game, JobState, Result, Round, RoundStatus, Tournament
from tourney.roles import appoint

pytestmark = pytest.mark.django_db
CONFIRMED = {"confirmed": "1"}  # the confirm step of publishing (tested below)


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


def test_games_written_while_the_job_still_runs_are_not_shown_as_the_draft(client, arbiter) -> None:
    # The worker may write the games between the view reading the round and reading its games:
    # the section shows them only once the job is over, with the draft's explanations.
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2")
    appoint(t, arbiter, "arbiter")
    client.force_login(arbiter)
    Round.objects.filter(pk=rnd.pk).update(pairing_job_state=JobState.QUEUED)
    page = client.get(f"/t/{t.pk}/rounds/1/status/", headers={"HX-Request": "true"}).content.decode()
    assert 'hx-trigger="every 1s"' in page and "Alice" not in page and "table" not in page


def test_it_stops_the_poll_with_286_once_the_job_is_over(client, arbiter) -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2")
    appoint(t, arbiter, "arbiter")  # the draft is the arbiter's; the public sees it once published
    client.force_login(arbiter)
    Round.objects.filter(pk=rnd.pk).update(pairing_job_state=JobState.SUCCEEDED)
    response = client.get(f"/t/{t.pk}/rounds/1/status/", headers={"HX-Request": "true"})
    assert response.status_code == 286
    page = response.content.decode()
    assert 'hx-trigger="every' not in page and "Alice" in page  # no poll left (the explanations load on opening)


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

    _htmx(client, f"/t/{t.pk}/rounds/1/publish/", CONFIRMED)
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
    refused = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "9 1-0"}).content.decode()
    assert "has no board 9" in refused
    # A refused entry stays listed under the box, with what was typed, until dismissed.
    assert 'hx-swap-oob="afterbegin:#corrections"' in refused and "“9 1-0”" in refused
    assert "data-dismiss-correction" in refused

    _htmx(client, f"/t/{t.pk}/rounds/1/close/", CONFIRMED)
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
    correction = {"board": "1", "result": "0-1", "expected": "1-0", "confirmed": "1", "reason": "sheet"}
    assert "Board 1: 0-1" in _htmx(client, f"/t/{t.pk}/rounds/1/result/", correction).content.decode()
    Round.objects.filter(pk=rnd.pk).update(correction_deadline=timezone.now() - timedelta(minutes=1))
    correction = {"board": "2", "result": "1-0", "expected": Result.DRAW, "confirmed": "1", "reason": "sheet"}
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", correction).content.decode()
    assert "Refused" in answer and "deadline" in answer
    assert Game.objects.get(round=rnd, board=2).result == Result.DRAW
    refused = AuditEntry.objects.get(action="refused result")
    assert (refused.user, refused.old_value, refused.new_value) == (user, Result.DRAW, Result.WHITE_WINS)
    assert AuditEntry.objects.get(action="correct result").old_value == Result.WHITE_WINS


def test_publishing_answers_the_fragment_with_the_news(desk) -> None:
    t, client, user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab")
    page = _htmx(client, f"/t/{t.pk}/rounds/1/publish/", CONFIRMED).content.decode()
    assert page.lstrip().startswith('<section id="pairing"') and "<html" not in page
    assert "Round 1 published: the pairing is frozen (C.04.2.D.10)." in page
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED and rnd.published_at is not None
    assert AuditEntry.objects.get(action="publish pairing").user == user


def _round_one_redirect(response, t: Tournament) -> list[str]:
    """The messages of a desk action answered without HTMX: a redirect to round 1's page."""
    assert response.status_code == 302 and response.url == f"/t/{t.pk}/rounds/1/"
    return [str(m) for m in response.wsgi_request._messages]


def test_publishing_without_htmx_redirects_with_the_news(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab")
    response = client.post(f"/t/{t.pk}/rounds/1/publish/", CONFIRMED)
    assert _round_one_redirect(response, t) == ["Round 1 published: the pairing is frozen (C.04.2.D.10)."]
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED


def test_it_refuses_to_publish_a_round_twice(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    page = _htmx(client, f"/t/{t.pk}/rounds/1/publish/", CONFIRMED).content.decode()
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
    response = client.post(f"/t/{t.pk}/rounds/1/close/", CONFIRMED)
    assert [str(m) for m in response.wsgi_request._messages] == ["round 1 has no result yet on board(s) 2"]
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED and rnd.correction_deadline is None


def test_publishing_brings_the_keyboard_box_without_a_reload(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab")
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert 'name="entry"' not in page  # a draft takes no results
    fragment = _htmx(client, f"/t/{t.pk}/rounds/1/publish/", CONFIRMED).content.decode()
    assert '<div id="quick-entry" hx-swap-oob="true">' in fragment
    assert 'name="entry"' in fragment and "data-quick-entry" in fragment


def test_the_keyboard_never_changes_a_board_that_has_a_result(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4 =, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "1 1-0"}).content.decode()
    assert "board 1 already has ½-½: confirm the correction" in answer
    assert 'hx-swap-oob="afterbegin:#corrections"' in answer and 'name="confirmed" value="1"' in answer
    assert Game.objects.get(round=rnd, board=1).result == Result.DRAW
    assert not AuditEntry.objects.filter(action="correct result").exists()
    # The explicit correction, from the prompt.
    confirm = {"board": "1", "result": "1-0", "expected": Result.DRAW, "confirmed": "1"}
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", confirm).content.decode()
    assert "Board 1: 1-0" in answer and '<div id="correction-1" hx-swap-oob="delete">' in answer
    assert Game.objects.get(round=rnd, board=1).result == Result.WHITE_WINS


def test_without_htmx_a_correction_to_confirm_gets_its_own_page(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4 =, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    response = client.post(f"/t/{t.pk}/rounds/1/result/", {"entry": "1 1-0"})
    page = response.content.decode()
    assert response.status_code == 200 and "<html" in page and 'name="confirmed" value="1"' in page
    assert Game.objects.get(round=rnd, board=1).result == Result.DRAW


def test_a_correction_without_a_csrf_token_is_refused(desk) -> None:
    t, _client, user = desk
    rnd = builders.round_with(t, 1, "1-4 =, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    confirm = {"board": "1", "result": "1-0", "expected": Result.DRAW, "confirmed": "1"}
    assert client.post(f"/t/{t.pk}/rounds/1/result/", confirm, headers={"HX-Request": "true"}).status_code == 403
    assert Game.objects.get(round=rnd, board=1).result == Result.DRAW


def test_a_board_button_over_a_result_changed_meanwhile_is_refused_with_the_current_value(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert '<input type="hidden" name="expected" value="">' in page  # the form carries what it saw
    # Another arbiter saves 0-1 on board 2 after this page was shown.
    Game.objects.filter(round=rnd, board=2).update(result=Result.BLACK_WINS)
    seen = {"board": "2", "result": "1-0", "expected": ""}
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", seen).content.decode()
    assert "board 2 now has 0-1" in answer and "nothing was saved" in answer
    assert Game.objects.get(round=rnd, board=2).result == Result.BLACK_WINS


def test_a_correction_of_a_closed_round_is_confirmed_with_a_reason_and_warns_of_later_rounds(desk) -> None:
    t, client, user = desk
    rnd = builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.PUBLISHED)
    from tourney.services.rounds import close_round

    close_round(round_id=rnd.pk)
    builders.round_with(t, 2, "4-2, 5-3, 6-7", byes="1 pab")
    url = f"/t/{t.pk}/rounds/1/result/"
    answer = _htmx(client, url, {"entry": "1 0-1"}).content.decode()
    assert "board 1 already has 1-0: confirm the correction" in answer
    assert "already paired with the old result: round(s) 2" in answer
    assert '<input name="reason" autocomplete="off" required>' in answer
    confirm = {"board": "1", "result": "0-1", "expected": "1-0", "confirmed": "1", "reason": ""}
    answer = _htmx(client, url, confirm).content.decode()
    assert "board 1: give the reason for the correction" in answer
    assert Game.objects.get(round=rnd, board=1).result == Result.WHITE_WINS
    answer = _htmx(client, url, {**confirm, "reason": "score sheet signed 0-1"}).content.decode()
    assert "Board 1: 0-1" in answer
    entry = AuditEntry.objects.get(action="correct result")
    assert (entry.user, entry.old_value, entry.new_value) == (user, "1-0", "0-1")
    assert entry.reason == "score sheet signed 0-1 (already paired with the old result: round(s) 2)"


def test_publishing_the_pairing_asks_for_a_confirmation_first(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab")
    fragment = _htmx(client, f"/t/{t.pk}/rounds/1/publish/").content.decode()
    assert fragment.lstrip().startswith('<section id="pairing"')
    assert "Publish the pairing of round 1?" in fragment and 'name="confirmed" value="1"' in fragment
    page = client.post(f"/t/{t.pk}/rounds/1/publish/").content.decode()  # without JavaScript: a page
    assert "<html" in page and "Yes, publish the pairing" in page
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PAIRED and not AuditEntry.objects.filter(action="publish pairing").exists()


def test_publishing_the_results_asks_for_a_confirmation_first(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.PUBLISHED)
    fragment = _htmx(client, f"/t/{t.pk}/rounds/1/close/").content.decode()
    assert "Publish the results of round 1?" in fragment and "Yes, publish the results" in fragment
    assert "<html" in client.post(f"/t/{t.pk}/rounds/1/close/").content.decode()
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED
    _htmx(client, f"/t/{t.pk}/rounds/1/close/", CONFIRMED)
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.CLOSED


def test_the_arbiter_undoes_the_publication_of_the_last_round_with_a_reason(desk) -> None:
    t, client, user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    assert "Undo the publication" in client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    refused = _htmx(client, f"/t/{t.pk}/rounds/1/unpublish/", {"reason": ""}).content.decode()
    assert "give the reason for undoing the publication" in refused
    fragment = _htmx(client, f"/t/{t.pk}/rounds/1/unpublish/", {"reason": "board 3 wrong"}).content.decode()
    assert fragment.lstrip().startswith('<section id="pairing"')
    assert "Publication of round 1 undone" in fragment
    assert '<div id="quick-entry" hx-swap-oob="true">' in fragment and 'name="entry"' not in fragment
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PAIRED
    entry = AuditEntry.objects.get(action="unpublish pairing")
    assert (entry.user, entry.reason) == (user, "board 3 wrong")


def test_undoing_a_publication_without_htmx_redirects_and_is_refused_with_results(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4 1-0, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    assert "Undo the publication" not in client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    response = client.post(f"/t/{t.pk}/rounds/1/unpublish/", {"reason": "x"})
    assert _round_one_redirect(response, t) == ["round 1 already has results: its publication cannot be undone"]
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED


def test_undoing_a_publication_without_a_csrf_token_is_refused(desk) -> None:
    t, _client, user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post(f"/t/{t.pk}/rounds/1/unpublish/", {"reason": "x"}, headers={"HX-Request": "true"})
    assert response.status_code == 403
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED


def test_pairing_the_next_round_is_disabled_with_the_reason_while_results_are_missing(desk, queued_pairings) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4 1-0, 2-5, 3-6 =", byes="7 pab", status=RoundStatus.PUBLISHED)
    page = client.get(f"/t/{t.pk}/rounds/2/").content.decode()
    assert '<button type="submit" disabled aria-describedby="pair-blocker">Pair round 2</button>' in page
    reason = "round 1 has no result yet on board(s) 2: enter them before pairing round 2"
    assert reason in page
    fragment = _htmx(client, f"/t/{t.pk}/rounds/2/pair/").content.decode()
    assert reason in fragment
    assert queued_pairings == [] and not AuditEntry.objects.filter(action="request pairing").exists()
    assert not Round.objects.filter(tournament=t, number=2).exclude(status=RoundStatus.DRAFT).exists()
    Game.objects.filter(round__tournament=t, board=2).update(result=Result.DRAW)
    assert "disabled" not in client.get(f"/t/{t.pk}/rounds/2/").content.decode().split("Pair round 2")[0][-80:]


def test_the_round_page_shows_the_deadline_in_the_tournaments_time_zone(desk) -> None:
    from datetime import UTC, datetime

    t, client, _user = desk
    t.time_zone = "Europe/Rome"
    t.save(update_fields=["time_zone"])
    rnd = builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.CLOSED)
    deadline = datetime(2026, 11, 25, 13, 1, tzinfo=UTC)
    Round.objects.filter(pk=rnd.pk).update(correction_deadline=deadline)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "corrections until 2026-11-25 14:01 CET" in page


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_arbiters_entering_different_results_on_one_board_at_once_one_is_refused(django_user_model) -> None:
    from django.db import connection

    from tests.tourney.test_round_integrity import _in_threads

    assert connection.vendor == "postgresql"
    t = builders.tournament(players=6)
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", status=RoundStatus.PUBLISHED)
    clients = []
    for name, result in (("first", "1-0"), ("second", "0-1")):
        user = django_user_model.objects.create_user(name)
        appoint(t, user, "arbiter")
        client = Client()
        client.force_login(user)
        clients.append((client, result))
    picks = iter(clients)
    lock = threading.Lock()

    def press() -> str:
        with lock:
            client, result = next(picks)
        # Both pages showed board 2 empty.
        data = {"board": "2", "result": result, "expected": ""}
        return client.post(f"/t/{t.pk}/rounds/1/result/", data, headers={"HX-Request": "true"}).content.decode()

    answers = _in_threads(2, press)
    saved = [a for a in answers if "Board 2: " in a]
    refused = [a for a in answers if "nothing was saved" in a]
    assert len(saved) == 1 and len(refused) == 1, answers
    stored = Game.objects.get(round=rnd, board=2).result
    assert f"board 2 now has {Result(stored).label}" in refused[0]
    assert AuditEntry.objects.filter(action="result").count() == 1


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


def test_the_poll_shows_the_stage_the_pairing_job_reports(client) -> None:
    rnd = Round.objects.create(
        tournament=builders.tournament(players=4),
        number=1,
        status=RoundStatus.PAIRING,
        # Queued, not running: without a worker holding the job's lock, a running job
        # would be reaped as lost on PostgreSQL.
        pairing_job_state=JobState.QUEUED,
        pairing_progress="3/12",
    )
    response = client.get(f"/t/{rnd.tournament_id}/rounds/1/status/", headers={"HX-Request": "true"})
    page = response.content.decode()
    assert response.status_code == 200 and 'hx-trigger="every 1s"' in page
    assert "bracket 3 of 12" in page
    Round.objects.filter(pk=rnd.pk).update(pairing_progress="")
    page = client.get(f"/t/{rnd.tournament_id}/rounds/1/status/", headers={"HX-Request": "true"}).content.decode()
    assert "bracket" not in page


def test_a_result_typed_by_pairing_number_lands_on_that_players_board(desk) -> None:
    t, client, _user = desk
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "#5 0-1"}).content.decode()
    assert "Board 2: 0-1" in answer and 'id="board-2"' in answer
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "#1 ="}).content.decode()
    assert "Board 1: ½-½" in answer
    assert dict(rnd.games.values_list("board", "result")) == {1: Result.DRAW, 2: Result.BLACK_WINS, 3: ""}
    refused = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "#7 1-0"}).content.decode()
    assert "pairing number 7 has no board in round 1" in refused and "“#7 1-0”" in refused
    refused = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"entry": "#3 2-0"}).content.decode()
    assert "is not a result" in refused


def test_the_draft_and_the_desk_show_each_players_rating(desk) -> None:
    t, client, _user = desk
    white, black = builders.player(t, 1), builders.player(t, 4)
    white.rating, black.rating, black.provisional_rating = 2150, 0, 1720
    white.save(update_fields=["rating"])
    black.save(update_fields=["rating", "provisional_rating"])
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PAIRED)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert f'{white.name}</a> <span class="rtg">2150</span>' in page
    assert f'{black.name}</a> <span class="rtg">1720 <abbr class="provisional"' in page

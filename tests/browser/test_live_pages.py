"""A reader's round page in chromium: its poll is answered 304 while nothing changes and
the page stays as it is; a result entered at the desk shows within 5 s."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import Result, RoundStatus
from tourney.services.results import set_result
from tourney.services.rounds import publish_pairing

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_live_round_page_keeps_its_boards_on_304_and_shows_a_result(browser, live_server) -> None:
    t = builders.tournament(players=4, name="Live Open")
    rnd = builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PUBLISHED)
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    assert page.locator("#pairing table.pairing tbody tr").count() == 2

    with page.expect_response(lambda r: r.url.endswith("/rounds/1/") and r.status == 304, timeout=6_000) as poll:
        pass
    assert poll.value.request.headers.get("if-none-match")
    page.wait_for_timeout(300)  # htmx has handled the 304
    assert page.locator("#pairing table.pairing tbody tr").count() == 2  # nothing swapped away

    set_result(game_id=rnd.games.get(board=1).pk, result=Result.WHITE_WINS)
    page.locator("#board-1 td.result", has_text="1-0").wait_for(timeout=5_000)
    assert page.locator("#pairing table.pairing tbody tr").count() == 2
    page.wait_for_load_state("networkidle")


def test_a_page_open_on_an_unpublished_round_shows_the_pairing_once_it_is_published(browser, live_server) -> None:
    t = builders.tournament(players=4, name="Waiting Open")
    rnd = builders.round_with(t, 1, "1-3, 4-2", status=RoundStatus.PAIRED)  # a draft the public does not see
    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    assert page.locator("#pairing table.pairing").count() == 0
    assert "not published yet" in page.locator("#pairing").inner_text()
    with page.expect_response(lambda r: r.url.endswith("/rounds/1/") and r.status == 304, timeout=12_000):
        pass  # it asks again, and nothing changed yet
    publish_pairing(round_id=rnd.pk)
    page.locator("#pairing table.pairing tbody tr").nth(1).wait_for(timeout=12_000)
    assert page.locator("#pairing table.pairing tbody tr").count() == 2

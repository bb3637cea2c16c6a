"""A 12-player, 5-round Double-Swiss event (C.04.5 2026) in chromium, from the first pairing
to the final standings: each round paired and published on the desk, both games of every
match entered (both at once from the keyboard, "4 1-0 =", one game at a time, "5.2 0-1", and
by a game's buttons on the board's row), the results published; the standings count game
points, a match worth two."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import Result, RoundStatus
from tourney.standings import tournament_standings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS, ROUNDS = 12, 5


def _typed(page, text: str, feedback: str) -> None:
    entry = page.locator("input[name=entry]")
    entry.fill(text)
    entry.press("Enter")
    page.locator("#entry-feedback", has_text=feedback).wait_for()


def test_a_double_swiss_event_to_the_final_standings(browser, live_server, sign_in, eager_celery) -> None:
    t = builders.tournament(PLAYERS, ROUNDS, pairing_system="double_swiss", rules_edition="2026")
    context = browser.new_context()
    sign_in(context, t)
    page = context.new_page()
    url = f"{live_server.url}/t/{t.pk}"
    for number in range(1, ROUNDS + 1):
        page.goto(f"{url}/rounds/{number}/")
        page.get_by_role("button", name=f"Pair round {number}").click()
        page.locator("#pairing table.pairing").wait_for(timeout=30_000)
        page.get_by_role("button", name="Publish the pairing").click()
        page.get_by_role("button", name="Yes, publish the pairing").click()
        page.locator("#pairing .status-published").wait_for()
        assert "Game 1 · game 2" in page.locator("#pairing thead").inner_text()

        # Board 1 by its buttons: game 1 a draw, game 2 won by its White.
        row = page.locator("#board-1")
        row.locator("form[data-game='1'] button[value='1/2-1/2']").click()
        page.locator("#entry-feedback", has_text="Board 1: game 1").wait_for()
        page.locator("#board-1 form[data-game='2'] button[value='1-0']").click()
        page.locator("#entry-feedback", has_text="Board 1: game 2").wait_for()
        for board in range(2, PLAYERS // 2 + 1):
            if board % 2:
                _typed(page, f"{board}.1 1-0", f"Board {board}: game 1")
                _typed(page, f"{board}.2 0-1", f"Board {board}: game 2")
            else:
                _typed(page, f"{board} 1-0 =", f"Board {board}: game 1 1-0, game 2")
        page.locator("#progress", has_text="all results in").wait_for()
        assert "½-½ · 1-0" in page.locator("#board-1 td.result").inner_text()
        page.get_by_role("button", name="Publish the results").click()
        page.get_by_role("button", name="Yes, publish the results").click()
        page.locator("#pairing .status-closed").wait_for()
        rnd = t.round_set.get(number=number)
        assert rnd.status == RoundStatus.CLOSED
        assert not rnd.games.filter(second_result=Result.PENDING).exists()

    table = tournament_standings(t)
    assert table.final and table.after_round == ROUNDS
    # Every match played: 6 boards x 2 games x 5 rounds, a point a game.
    assert sum(row.points for row in table.standings.rows) == PLAYERS // 2 * 2 * ROUNDS
    page.goto(f"{url}/standings/")
    shown = page.locator("#standings-table tbody tr")
    assert shown.count() == PLAYERS
    top = t.players.get(pairing_number=table.standings.rows[0].player_id)
    assert top.name in shown.first.inner_text()
    page.goto(f"{url}/crosstable/")
    first_cells = page.locator("#standings-table tbody tr").first.locator("td").all_inner_texts()
    assert any(len(c.split()) == 2 for c in first_cells)  # a match's two games in one cell
    context.close()

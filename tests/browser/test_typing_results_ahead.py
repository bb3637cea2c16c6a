"""The keyboard box under an arbiter typing ahead: 60 results at 30 ms a key, without
waiting for any reply, all land on the boards typed; none is retargeted or lost, and an
entry over a result already there asks for a correction instead of changing it."""

from __future__ import annotations

import random

import pytest

from tests import builders
from tourney.models import AuditEntry, Game, Result, RoundStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TYPED = {"1-0": Result.WHITE_WINS, "0-1": Result.BLACK_WINS, "=": Result.DRAW, "+-": Result.WHITE_WINS_FORFEIT}
BOARDS = 60


def test_sixty_results_typed_ahead_land_exactly_where_typed(browser, live_server, sign_in) -> None:
    t = builders.tournament(players=2 * BOARDS + 2, rounds=5)
    games = ", ".join(f"{k}-{k + BOARDS + 1}" for k in range(1, BOARDS + 1)) + f", {BOARDS + 1}-{2 * BOARDS + 2} ="
    rnd = builders.round_with(t, 1, games, status=RoundStatus.PUBLISHED)
    order = list(range(1, BOARDS + 1))
    random.Random(15).shuffle(order)
    choices = list(TYPED)
    wanted = {board: choices[k % len(choices)] for k, board in enumerate(order)}
    keys = "".join(f"{board} {wanted[board]}\n" for board in order)

    context = browser.new_context()
    sign_in(context, t)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    page.locator("input[name=entry]").click()
    page.keyboard.type(keys, delay=30)  # never waits for a reply
    # The last board already has a result: the keyboard must not change it silently.
    page.keyboard.type(f"{BOARDS + 1} 1-0\n", delay=30)
    page.wait_for_function(
        "() => { const f = document.querySelector('form[data-quick-entry]');"
        " return f.dataset.busy === '' && document.getElementById('entry-queue').textContent === ''; }",
        timeout=60_000,
    )
    page.locator(f"#correction-{BOARDS + 1}").wait_for()
    assert page.locator("input[name=entry]").input_value() == ""
    page.wait_for_load_state("networkidle")
    context.close()

    stored = dict(Game.objects.filter(round=rnd).values_list("board", "result"))
    assert stored == {**{board: TYPED[r] for board, r in wanted.items()}, BOARDS + 1: Result.DRAW}
    assert AuditEntry.objects.filter(action="result").count() == BOARDS
    assert not AuditEntry.objects.filter(action__in=["correct result", "refused result"]).exists()


def test_after_publishing_the_box_is_there_without_a_reload_and_a_correction_is_explicit(
    browser, live_server, sign_in
) -> None:
    t = builders.tournament(players=6, rounds=5)
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6")  # paired, not published
    context = browser.new_context()
    sign_in(context, t)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    assert page.locator("input[name=entry]").count() == 0
    page.evaluate("window.notReloaded = true")
    page.get_by_role("button", name="Publish the pairing").click()
    page.get_by_role("button", name="Yes, publish the pairing").click()
    page.locator("#pairing .status-published").wait_for()
    entry = page.locator("input[name=entry]")
    entry.wait_for()
    assert page.evaluate("window.notReloaded") is True

    entry.click()
    page.keyboard.type("1 =\n", delay=30)
    page.locator("#entry-feedback", has_text="Board 1: ½-½").wait_for()
    page.keyboard.type("1 1-0\n", delay=30)
    prompt = page.locator("#correction-1")
    prompt.wait_for()
    assert Game.objects.get(round=rnd, board=1).result == Result.DRAW
    prompt.get_by_role("button", name="Correct the result").click()
    page.locator("#entry-feedback", has_text="Board 1: 1-0").wait_for()
    prompt.wait_for(state="detached")
    assert page.locator("#board-1 td.result").inner_text() == "1-0"  # the row, swapped out of band
    page.wait_for_load_state("networkidle")
    context.close()
    assert Game.objects.get(round=rnd, board=1).result == Result.WHITE_WINS
    assert AuditEntry.objects.get(action="correct result").old_value == Result.DRAW


def test_an_entry_the_server_refuses_stays_in_sight(browser, live_server, sign_in) -> None:
    t = builders.tournament(players=6, rounds=5)
    rnd = builders.round_with(t, 1, "1-4, 2-5, 3-6", status=RoundStatus.PUBLISHED)
    context = browser.new_context()
    sign_in(context, t)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    context.clear_cookies()  # the session ends while the page is open
    page.locator("input[name=entry]").click()
    page.keyboard.type("2 =\n", delay=30)
    unsent = page.locator("#corrections .unsent")
    unsent.wait_for()
    assert "“2 =” (HTTP 403)" in unsent.inner_text()
    page.wait_for_load_state("networkidle")
    context.close()
    assert Game.objects.get(round=rnd, board=2).result == Result.PENDING

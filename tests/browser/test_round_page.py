"""One real browser run: the public tournament page, then an arbiter pairing a round through HTMX."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import JobState, Round, RoundStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_arbiter_pairs_a_round_in_chromium(browser, live_server, sign_in, eager_celery) -> None:
    t = builders.tournament(players=6, name="Browser Open")
    rnd = Round.objects.create(tournament=t, number=1)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/")
    assert page.locator("h1").inner_text() == "Browser Open"
    assert page.locator("#players tbody tr").count() == 6

    sign_in(context, t)
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    with page.expect_response(lambda r: r.url.endswith("/pair/")) as posted:
        page.get_by_role("button", name="Pair round 1").click()
    assert posted.value.request.headers.get("hx-request") == "true" and posted.value.status == 200
    # The pairing section is swapped in place by HTMX: wait for its boards.
    page.locator("#pairing table.pairing tbody tr").nth(2).wait_for(timeout=15_000)
    assert page.locator("#pairing table.pairing tbody tr").count() == 3
    page.wait_for_load_state("networkidle")
    context.close()

    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state) == (RoundStatus.PAIRED, JobState.SUCCEEDED)

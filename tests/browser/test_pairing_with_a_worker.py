"""The whole path on real services: a click in chromium, the job on a real Celery
worker over Redis, the page polling until the worker is done (HTTP 286 ends it)."""

from __future__ import annotations

import pytest

from pairing.tasks import pair_round_task
from tests import builders
from tourney.models import JobState, Round, RoundStatus

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_the_page_polls_until_the_worker_has_paired_the_round(
    browser, live_server, sign_in, celery_worker_queue, monkeypatch
) -> None:
    send = pair_round_task.apply_async
    monkeypatch.setattr(
        pair_round_task, "apply_async", lambda args, **options: send(args, **{**options, "queue": celery_worker_queue})
    )
    t = builders.tournament(players=7, name="Worker Open")
    rnd = Round.objects.create(tournament=t, number=1)
    context = browser.new_context()
    sign_in(context, t)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    with page.expect_response(lambda r: r.url.endswith("/status/") and r.status == 286, timeout=60_000):
        page.get_by_role("button", name="Pair round 1").click()
    page.locator("#pairing table.pairing tbody tr").nth(2).wait_for(timeout=15_000)
    assert page.locator("#pairing table.pairing tbody tr").count() == 3
    assert "Pairing-allocated bye" in page.locator("#pairing").inner_text()
    page.wait_for_load_state("networkidle")
    context.close()

    rnd.refresh_from_db()
    assert (rnd.status, rnd.pairing_job_state) == (RoundStatus.PAIRED, JobState.SUCCEEDED)

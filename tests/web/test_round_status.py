"""GET /t/<id>/rounds/<n>/status/: polled while the pairing job runs."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import JobState, Round, RoundStatus
from tourney.roles import appoint

pytestmark = pytest.mark.django_db


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


def test_the_public_does_not_see_a_draft_pairing_but_sees_it_once_published(client) -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2")
    assert "Alice" not in client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    Round.objects.filter(pk=rnd.pk).update(status=RoundStatus.PUBLISHED)
    page = client.get(f"/t/{t.pk}/rounds/1/").content.decode()
    assert "Alice" in page and 'hx-trigger="every 15s"' in page  # results come in: the page refreshes itself

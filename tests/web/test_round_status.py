"""GET /t/<id>/rounds/<n>/status/: polled while the pairing job runs."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import JobState, Round, RoundStatus

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


def test_it_stops_the_poll_with_286_once_the_job_is_over(client) -> None:
    t = builders.tournament(players=4)
    rnd = builders.round_with(t, 1, "1-3, 4-2")
    Round.objects.filter(pk=rnd.pk).update(pairing_job_state=JobState.SUCCEEDED)
    response = client.get(f"/t/{t.pk}/rounds/1/status/", headers={"HX-Request": "true"})
    assert response.status_code == 286
    page = response.content.decode()
    assert "hx-trigger" not in page and "Alice" in page

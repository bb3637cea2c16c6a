"""POST /t/<id>/rounds/<n>/pair/: the HTMX fragment, the full page, and CSRF."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import builders
from tourney.models import AuditEntry, JobState, Round, RoundStatus
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

"""An Italian arbiter reads the desk's refusals in Italian: the services raise a refusal
from their table (tourney.errors.RefusalTable) and the view renders it in the request's
language."""

from __future__ import annotations

from datetime import timedelta
from html import unescape

import pytest
from django.conf import settings
from django.utils import timezone

from tests import builders
from tourney.models import AuditEntry, Game, Result, Round, RoundStatus

pytestmark = pytest.mark.django_db
CONFIRMED = {"confirmed": "1"}


@pytest.fixture
def italian_desk(desk):
    t, client, user = desk
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    return t, client, user


def _htmx(client, url: str, data: dict) -> str:
    return unescape(client.post(url, data, headers={"HX-Request": "true"}).content.decode())


def test_a_correction_after_the_deadline_is_refused_in_italian(italian_desk) -> None:
    t, client, _user = italian_desk
    rnd = builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", byes="7 pab", status=RoundStatus.CLOSED)
    Round.objects.filter(pk=rnd.pk).update(correction_deadline=timezone.now() - timedelta(minutes=1))
    correction = {"board": "2", "result": "1-0", "expected": Result.DRAW, "confirmed": "1", "reason": "referto"}
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", correction)
    # C.04.2.D.8: the correction deadline announced for the round has passed.
    assert "Rifiutato: il termine per le correzioni del turno 1 è scaduto alle " in answer
    assert "deadline" not in answer
    assert Game.objects.get(round=rnd, board=2).result == Result.DRAW
    # The audit trail is kept in English, whoever reads it.
    refused = AuditEntry.objects.get(action="refused result")
    assert refused.reason.startswith("the correction deadline of round 1 passed at ")


def test_a_result_in_a_draft_round_is_refused_in_italian(italian_desk) -> None:
    t, client, _user = italian_desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab")
    answer = _htmx(client, f"/t/{t.pk}/rounds/1/result/", {"board": "1", "result": "1-0"})
    assert "il turno 1 è nello stato «abbinato»: pubblica prima gli abbinamenti" in answer


def test_publishing_a_round_twice_is_refused_in_italian(italian_desk) -> None:
    t, client, _user = italian_desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    page = _htmx(client, f"/t/{t.pk}/rounds/1/publish/", CONFIRMED)
    assert "il turno 1 è nello stato «pubblicato», non «abbinato»" in page
    assert "is published" not in page


def test_closing_a_round_with_boards_still_playing_is_refused_in_italian(italian_desk) -> None:
    t, client, _user = italian_desk
    builders.round_with(t, 1, "1-4 1-0, 2-5, 3-6 =", byes="7 pab", status=RoundStatus.PUBLISHED)
    response = client.post(f"/t/{t.pk}/rounds/1/close/", CONFIRMED)
    messages = [str(m) for m in response.wsgi_request._messages]
    assert messages == ["il turno 1 non ha ancora il risultato sulla/e scacchiera/e 2"]


def test_the_same_refusal_reads_in_english_for_an_english_arbiter(desk) -> None:
    t, client, _user = desk
    builders.round_with(t, 1, "1-4, 2-5, 3-6", byes="7 pab", status=RoundStatus.PUBLISHED)
    page = _htmx(client, f"/t/{t.pk}/rounds/1/publish/", CONFIRMED)
    assert "round 1 is published, not paired" in page

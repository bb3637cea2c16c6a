""" "Why this pairing?" on a phone, on the public round page: the round explained player by
player, then a "why not" that needs the round paired again, worked out by a real Celery
worker while the page polls; and the same for a team event, a match's "why not team X?"."""

from __future__ import annotations

import itertools

import pytest

from pairing import explanations, team_explanations
from pairing.engine import explain
from pairing.job import pair_round
from tests import builders
from tests.team_builders import play_team_event, team_event
from tourney.models import Round, RoundStatus
from tourney.services.rounds import publish_pairing, round_for

pytestmark = [pytest.mark.browser, pytest.mark.services, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_a_reader_on_a_phone_asks_why_and_why_not(browser, live_server, celery_worker_queue) -> None:
    t = builders.tournament(players=10, rounds=5, name="Phone Open")
    builders.round_with(t, 1, "1-6 1-0, 7-2 0-1, 3-8 =, 9-4 0-1, 5-10 1-0", status=RoundStatus.CLOSED)
    rnd = publish_pairing(round_id=pair_round(round_id=Round.objects.create(tournament=t, number=2).pk).pk)
    ex = explanations.explainable(rnd)
    a, b = next(
        (a, b)
        for a, b in itertools.combinations(range(1, 11), 2)
        if explain.answer_at_once(ex.state, a, b, ex.system, ex.edition, ex.options, ex.pairing) is None
    )

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/2/")
    why = page.locator("section#why-round")
    with page.expect_response(lambda r: r.url.endswith("/rounds/2/why/") and r.status == 200):
        why.locator("summary").tap()
    why.locator(".why-lines li").nth(9).wait_for(timeout=15_000)
    assert why.locator(".why-lines li").count() == 10
    assert "paired in bracket" in why.locator(".why-lines").inner_text()
    # Nothing wider than the phone's screen.
    assert page.evaluate("document.querySelector('#why-round').scrollWidth <= window.innerWidth")

    why.locator("select[name=a]").select_option(str(a))
    why.locator("select[name=b]").select_option(str(b))
    answer = why.locator("#why-not-round")
    why.get_by_role("button", name="Why not?").tap()
    # The worker pairs the round again while the box polls every second.
    answer.locator("ol.forced").wait_for(timeout=60_000)
    text = answer.inner_text()
    assert str(a) in text and str(b) in text and "The best pairing of the round holding this pair:" in text
    assert answer.locator("ol.forced li.chosen").count() == 1
    page.wait_for_load_state("networkidle")
    context.close()


def test_a_reader_on_a_phone_asks_why_not_another_team(browser, live_server, celery_worker_queue) -> None:
    t = team_event(teams=6, members=4, rounds=4, name="Phone Team Cup")
    play_team_event(t, 1)
    rnd = publish_pairing(round_id=pair_round(round_id=round_for(t, 2).pk).pk)
    ex = team_explanations.team_explainable(rnd)
    a, b = next((a, b) for a, b in itertools.combinations(range(1, 7), 2) if ex.at_once(a, b) is None)
    match = next(
        m
        for m in rnd.team_matches.select_related("home", "away")
        if a in (m.home.start_number, getattr(m.away, "start_number", None))
    )

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/2/matches/")
    why = page.locator(f"details#why-match-{match.table}")
    with page.expect_response(lambda r: r.url.endswith(f"/matches/{match.pk}/why/") and r.status == 200):
        why.locator("summary").tap()
    why.locator("form.why-not").wait_for(timeout=15_000)
    if why.locator("select[name=a]").count():
        why.locator("select[name=a]").select_option(str(a))
    why.locator("select[name=b]").select_option(str(b))
    answer = why.locator(".why-not-answer")
    why.get_by_role("button", name="Why not?").tap()
    # The worker pairs the round again with the two teams forced while the box polls.
    answer.locator("ol.forced").wait_for(timeout=60_000)
    text = answer.inner_text()
    assert f"With {a}-{b} paired" in text and "The best pairing of the round holding this pair:" in text
    assert answer.locator("ol.forced li.chosen").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.wait_for_load_state("networkidle")
    context.close()

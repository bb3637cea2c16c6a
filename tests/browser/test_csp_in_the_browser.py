"""Chromium enforces the Content-Security-Policy and reports no violation on the site's
pages; the behaviours moved out of inline handlers still work."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Recorded by the page itself, before any of its scripts runs.
WATCH_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", e => window.__cspViolations.push(
    e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sourceFile || "")));
"""


def test_no_page_breaks_the_policy_and_htmx_still_swaps(browser, live_server, sign_in, eager_celery) -> None:
    t = builders.tournament(players=6, rounds=3, name="Policy Open")
    builders.round_with(t, 1, "1-4 1-0, 2-5 =, 3-6 0-1", status="closed")
    Round.objects.create(tournament=t, number=2)
    context = browser.new_context()
    context.add_init_script(WATCH_VIOLATIONS)
    messages: list[str] = []
    page = context.new_page()
    page.on("console", lambda m: messages.append(m.text) if "Content Security Policy" in m.text else None)
    for path in ("/", f"/t/{t.pk}/", f"/t/{t.pk}/rounds/1/", f"/t/{t.pk}/crosstable/", "/accounts/login/"):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__cspViolations") == [], path

    sign_in(context, t, ("organizer", "arbiter"), username="director")
    for path in (f"/t/{t.pk}/registration/", f"/t/{t.pk}/settings/", f"/t/{t.pk}/rounds/1/print/pairing/"):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__cspViolations") == [], path

    # htmx swaps the pairing in place under the policy.
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/2/")
    page.get_by_role("button", name="Pair round 2").click()
    page.locator("#pairing table.pairing tbody tr").nth(2).wait_for(timeout=15_000)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__cspViolations") == []

    # The audit page's action filter submits itself on change (static/js/site.js).
    page.goto(f"{live_server.url}/t/{t.pk}/audit/")
    with page.expect_navigation():
        page.select_option("select[name=action]", "pair round")
    assert "action=pair+round" in page.url
    assert page.evaluate("window.__cspViolations") == [] and messages == []
    context.close()

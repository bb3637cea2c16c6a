"""A warning FIDE asks for, confirmed in chromium: the full-point bye's server-side confirm
step, in English and in Italian (the browser's language), then the bye and its audit entry."""

from __future__ import annotations

import pytest

from tests import builders
from tourney.models import AuditEntry, Bye, ByeKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEXTS = {
    "en-GB": {
        "question": "Give Bruno a full-point bye in round 2?",
        "consequence": "A full-point bye scores 1 for Bruno in round 2 without a game (a win scores 1).",
        "button": "Yes, give the full-point bye",
        "label": "full-point bye given (confirmed)",
    },
    "it-IT": {
        "question": "Concedere a Bruno un bye da un punto nel turno 2?",
        "consequence": "Un bye da un punto assegna 1 a Bruno nel turno 2 senza giocare (una vittoria vale 1).",
        "button": "Sì, concedi il bye da un punto",
        "label": "bye da un punto concesso (confermato)",
    },
}


@pytest.mark.parametrize("locale", TEXTS)
def test_a_full_point_bye_is_given_once_confirmed(browser, live_server, sign_in, locale: str) -> None:
    texts = TEXTS[locale]
    t = builders.tournament(players=6, rounds=5)
    bruno = builders.player(t, 2)
    context = browser.new_context(locale=locale)
    sign_in(context, t, roles=("arbiter",))
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{t.pk}/registration/")

    form = page.locator(f'form[action="/t/{t.pk}/byes/"]')
    form.locator("select[name=player]").select_option(str(bruno.pk))
    form.locator("input[name=round]").fill("2")
    form.locator("select[name=kind]").select_option(ByeKind.FULL_POINT)
    form.locator("button[type=submit]").click()

    # The server asks first: nothing is written until the arbiter confirms.
    dialog = page.get_by_role("alertdialog")
    dialog.wait_for()
    assert dialog.locator("#confirm-question").inner_text() == texts["question"]
    assert texts["consequence"] in dialog.inner_text()
    assert not Bye.objects.filter(player=bruno).exists()

    dialog.get_by_role("button", name=texts["button"]).click()
    page.wait_for_url(f"{live_server.url}/t/{t.pk}/registration/#byes")
    bye = Bye.objects.get(player=bruno)
    assert (bye.kind, bye.round.number, bye.requested) == (ByeKind.FULL_POINT, 2, True)
    assert AuditEntry.objects.filter(tournament=t, action="give full-point bye").count() == 1

    page.goto(f"{live_server.url}/t/{t.pk}/audit/")
    assert texts["label"] in page.locator("table.audit").inner_text()
    context.close()

"""Rating changes in Debian's chromium, in English and Italian: the arbiter opens the rating
report's preview from the standings, gives a player the K the rating list gives him, and
reads the change on the report, the player's card and the standings (the seed example)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from tourney.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
TEXT = {
    "en": {
        "standings": "Final standings",
        "report": "Rating changes",
        "heading": "Rating report: preview",
        "save": "Save",
        "before": "+24.2",
        "after": "+48.4",
        "expected": "3.29",
        "card": "K 40, 6 rated games",
        "first_pd": "0.81",
    },
    "it": {
        "standings": "Classifica finale",
        "report": "Variazioni Elo",
        "heading": "Rapporto Elo: anteprima",
        "save": "Salva",
        "before": "+24,2",
        "after": "+48,4",
        "expected": "3,29",
        "card": "K 40, 6 partite valide",
        "first_pd": "0,81",
    },
}


@pytest.fixture
def seed() -> Tournament:
    call_command("import_trf", str(FIXTURES / "dutch-seed-example.trf"), stdout=io.StringIO())
    return Tournament.objects.latest("pk")


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_arbiter_previews_the_rating_changes(browser, live_server, sign_in, seed: Tournament, language) -> None:
    text = TEXT[language]
    context = browser.new_context()
    sign_in(context, seed)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{seed.pk}/")
    page.locator("nav.tournament").get_by_role("link", name=text["standings"], exact=True).click()
    page.get_by_role("link", name=text["report"], exact=True).click()
    assert page.locator("h2").inner_text() == text["heading"]
    elisa = page.locator("#rating-5")
    # Elisa 2350, K 20: score 4.5 against ΣPD 3.29 (table 8.1.2): 1.21 × 20 = +24.2.
    assert elisa.locator("td.change").inner_text() == text["before"]
    assert elisa.locator("td.points").nth(1).inner_text() == text["expected"]

    # The rating list gives her K 40 (a junior): 1.21 × 40 = +48.4 -> 2398.
    elisa.locator("input[name=k_factor]").fill("40")
    elisa.get_by_role("button", name=text["save"]).click()
    page.wait_for_load_state("load")
    elisa = page.locator("#rating-5")
    assert elisa.locator("td.k").inner_text() == "40*"
    assert elisa.locator("td.change").inner_text() == text["after"]
    assert elisa.locator("td").nth(9).inner_text() == "2398"

    page.goto(f"{live_server.url}/t/{seed.pk}/standings/")
    row = page.locator("#standings-table tbody tr", has_text="Elisa")
    assert row.locator("td.rating-change").inner_text() == text["after"]
    page.goto(f"{live_server.url}/t/{seed.pk}/players/{seed.players.get(name='Elisa').pk}/")
    change = page.locator("dd.rating-change")
    assert change.inner_text().startswith(text["after"]) and text["card"] in change.inner_text()
    # Her six rated games, the first against Oscar (2100): D 250, PD .81.
    games = page.locator("#rated-games tbody tr")
    assert games.count() == 6
    assert games.nth(0).locator("td").nth(3).inner_text() == text["first_pd"]
    context.close()

"""Categories and prizes in Debian's chromium, in English and Italian: the organizer adds a
women's category and a rating group, sets the prizes, chooses sharing, and reads the
winners and a category's standings (the seed example, final after six rounds)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from tourney.models import Player, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
WOMEN = ("Carla", "Elisa", "Giorgia", "Luisa", "Nancy", "Patrizia")
TEXT = {
    "en": {
        "prizes": "Prizes",
        "settings": "Categories and prizes: settings",
        "add": "Add the category",
        "save_prize": "Save the prize",
        "save": "Save",
        "winners": "Prize winners",
        "general": "General standings",
        "categories": "Categories",
        "shared": "Prizes are shared (Hort system)",
        "amounts": ("600.00", "400.00", "200.00", "120.00", "150.00"),
        "hort": ("500.00", "400.00", "300.00"),
    },
    "it": {
        "prizes": "Premi",
        "settings": "Categorie e premi: impostazioni",
        "add": "Aggiungi la categoria",
        "save_prize": "Salva il premio",
        "save": "Salva",
        "winners": "Premiati",
        "general": "Classifica generale",
        "categories": "Categorie",
        "shared": "I premi sono divisi (sistema Hort)",
        "amounts": ("600,00", "400,00", "200,00", "120,00", "150,00"),
        "hort": ("500,00", "400,00", "300,00"),
    },
}


@pytest.fixture
def seed() -> Tournament:
    call_command("import_trf", str(FIXTURES / "dutch-seed-example.trf"), stdout=io.StringIO())
    t = Tournament.objects.latest("pk")
    Player.objects.filter(tournament=t, name__in=WOMEN).update(sex="w")
    return t


def _winners(page) -> dict[str, list[str]]:
    rows = page.locator("#prize-winners tbody tr")
    return {cells[3]: cells for cells in (rows.nth(k).locator("td").all_inner_texts() for k in range(rows.count()))}


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_organizer_sets_prizes_and_reads_the_winners(
    browser, live_server, sign_in, seed: Tournament, language
) -> None:
    text = TEXT[language]
    context = browser.new_context()
    sign_in(context, seed, roles=("organizer",), username="org")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{seed.pk}/")
    page.locator("nav.tournament").get_by_role("link", name=text["prizes"], exact=True).click()
    page.get_by_role("link", name=text["settings"]).click()

    page.fill("#id_category-name", "Women")
    page.select_option("#id_category-kind", "women")
    page.get_by_role("button", name=text["add"]).click()
    page.fill("#id_category-name", "U2300")
    page.select_option("#id_category-kind", "rating")
    page.fill("#id_category-rating_max", "2299")
    page.get_by_role("button", name=text["add"]).click()
    assert page.locator("#category-list tbody tr").count() == 2

    prizes = [("", 1, 600), ("", 2, 400), ("", 3, 200), ("Women", 1, 120), ("U2300", 1, 150)]
    for category, place, amount in prizes:
        if category:
            page.select_option("#id_prize-category", label=category)
        page.fill("#id_prize-place", str(place))
        page.fill("#id_prize-amount", str(amount))
        page.get_by_role("button", name=text["save_prize"]).click()
    assert page.locator("#prize-list tbody tr").count() == 5

    page.get_by_role("link", name=text["winners"]).click()
    assert page.locator("h2").inner_text() == text["winners"]
    winners = _winners(page)
    # Not shared, one prize each, the higher, given from the highest amount down: 600 Bruno,
    # 400 Alice, 200 Elisa; U2300's 150 to Giorgia (its best, 4th overall); the women's 120
    # passes Elisa and Giorgia (who have higher prizes) by to Carla, 8th.
    assert {name: cells[6] for name, cells in winners.items()} == dict(
        zip(("Bruno", "Alice", "Elisa", "Carla", "Giorgia"), text["amounts"], strict=True)
    )
    assert winners["Bruno"][0] == text["general"]

    page.goto(f"{live_server.url}/t/{seed.pk}/prizes/settings/")
    page.locator("#sharing-form input[name=shared]").check()
    page.locator("#sharing-form").get_by_role("button", name=text["save"]).click()
    page.goto(f"{live_server.url}/t/{seed.pk}/prizes/")
    assert page.locator("#sharing").inner_text().startswith(text["shared"])
    winners = _winners(page)
    # Hort: Bruno, Alice and Elisa tie on 4½ and pool 1200: 200 each plus half their own.
    shares = [winners[name][6].split()[0] for name in ("Bruno", "Alice", "Elisa")]
    assert shares == list(text["hort"])

    page.locator("p.links").get_by_role("link", name=text["categories"], exact=True).click()
    page.get_by_role("link", name="Women").click()
    places = page.locator("#category-table tbody tr")
    assert places.count() == 6
    assert places.nth(0).locator("td").all_inner_texts()[:4] == ["1", "3", "5", "Elisa"]
    context.close()

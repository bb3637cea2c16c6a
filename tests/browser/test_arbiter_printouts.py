"""The arbiter's printouts in Debian's chromium, in English and Italian: from the round page
to the pairing by name and the pairing cards, then the wall chart, the player lists and the
check-in sheet; each printed to PDF with the print stylesheet."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from tourney.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
TEXT = {
    "en": {
        "by_name": "print the pairing by name",
        "cards": "print the pairing cards",
        "heading": "Round 2: find your board by name",
        "black": "Black",
        "pab": "pairing-allocated bye",
        "cards_heading": "Pairing cards, round 2",
        "wall": "Wall chart by starting number",
        "by_rating": "Players by rating",
        "alphabetical": "Players in alphabetical order",
        "checkin": "Check-in for round 6",
    },
    "it": {
        "by_name": "stampa l'abbinamento per nome",
        "cards": "stampa i cartellini",
        "heading": "Turno 2: trova la tua scacchiera per nome",
        "black": "Nero",
        "pab": "bye assegnato dall'abbinamento",
        "cards_heading": "Cartellini di abbinamento, turno 2",
        "wall": "Tabellone per numero di partenza",
        "by_rating": "Giocatori per Elo",
        "alphabetical": "Giocatori in ordine alfabetico",
        "checkin": "Presenze per il turno 6",
    },
}


@pytest.fixture
def seed() -> Tournament:
    call_command("import_trf", str(FIXTURES / "dutch-seed-example.trf"), stdout=io.StringIO())
    return Tournament.objects.latest("pk")


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_printouts_an_arbiter_hands_out(browser, live_server, seed: Tournament, tmp_path: Path, language) -> None:
    text = TEXT[language]
    context = browser.new_context()
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    base = f"{live_server.url}/t/{seed.pk}"

    page.goto(f"{base}/rounds/2/")
    page.get_by_role("link", name=text["by_name"]).click()
    page.wait_for_url("**/print/pairing/alphabetical/")
    page.wait_for_load_state("load")
    page.emulate_media(media="print")
    assert not page.locator(".toolbar").is_visible()
    assert page.locator("h2").inner_text() == text["heading"]
    rows = page.locator("#alphabetical tbody tr")
    assert rows.count() == 14
    names = [rows.nth(k).locator("td").first.inner_text() for k in range(14)]
    assert names == sorted(names)
    alice = page.locator("#alphabetical tbody tr", has_text="Alice").locator("td").all_inner_texts()
    assert alice[4] == text["black"] and alice[5] == "Elisa (5)"
    assert text["pab"] in page.locator("#alphabetical tbody tr", has_text="Roberto").inner_text()
    pdf = page.pdf(path=str(tmp_path / f"by-name-{language}.pdf"), format="A4")
    assert pdf.startswith(b"%PDF") and _pdf_pages(pdf) == 1

    page.emulate_media(media="screen")
    page.goto(f"{base}/rounds/2/")
    page.get_by_role("link", name=text["cards"]).click()
    page.wait_for_url("**/print/scoresheets/")
    page.wait_for_load_state("load")
    page.emulate_media(media="print")
    assert page.locator("h2").inner_text() == text["cards_heading"]
    cards = page.locator("section.pairing-card")
    assert cards.count() == 6
    first, second = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
    assert second["y"] > first["y"] + first["height"] - 1  # cards stacked, none overlapping
    pdf = page.pdf(path=str(tmp_path / f"cards-{language}.pdf"), format="A4")
    assert pdf.startswith(b"%PDF") and _pdf_pages(pdf) == 1  # six cards on one A4 page

    page.goto(f"{base}/print/wallchart/")
    page.emulate_media(media="print")
    assert page.locator("h2").inner_text().startswith(text["wall"])
    numbers = page.locator("#standings-table tbody td.sno").all_inner_texts()
    assert numbers == [str(k) for k in range(1, 15)]
    pdf = page.pdf(path=str(tmp_path / f"wallchart-{language}.pdf"), format="A4", landscape=True)
    assert pdf.startswith(b"%PDF") and _pdf_pages(pdf) == 1

    for order, heading in (("rating", text["by_rating"]), ("alphabetical", text["alphabetical"])):
        page.goto(f"{base}/print/players/{order}/")
        page.emulate_media(media="print")
        assert page.locator("h2").inner_text() == heading
        assert page.locator("#players tbody tr").count() == 14
        assert page.pdf(format="A4").startswith(b"%PDF")
    names = page.locator("#players tbody td.name").all_inner_texts()
    assert names == sorted(names)

    page.goto(f"{base}/print/checkin/")
    page.emulate_media(media="print")
    # Every round of the seed is paired: the sheet is for the last one.
    assert page.locator("h2").inner_text() == text["checkin"]
    assert page.locator("#checkin tbody tr").count() == 14
    pdf = page.pdf(path=str(tmp_path / f"checkin-{language}.pdf"), format="A4")
    assert pdf.startswith(b"%PDF") and _pdf_pages(pdf) == 1
    context.close()

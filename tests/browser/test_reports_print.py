"""The crosstable and the printouts in Debian's chromium: rendered to PDF with the print
stylesheet, and their content checked as the printer sees it (print media)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.core.management import call_command

from tourney.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"


@pytest.fixture
def seed() -> Tournament:
    call_command("import_trf", str(FIXTURES / "dutch-seed-example.trf"), stdout=io.StringIO())
    t = Tournament.objects.latest("pk")
    t.tiebreaks = ["BH/C1", "BH", "SB"]
    t.save(update_fields=["tiebreaks"])
    return t


def _pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def test_the_crosstable_prints_every_player_and_round(browser, live_server, seed: Tournament, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(f"{live_server.url}/t/{seed.pk}/crosstable/")
    page.emulate_media(media="print")
    assert not page.locator("header.site").is_visible()  # the site's chrome is not printed
    rows = page.locator("#standings-table tbody tr")
    assert rows.count() == 14
    first = rows.nth(0).locator("td").all_inner_texts()
    # Rank 1 is Bruno (2): 4½ points, Buchholz Cut-1 19; his six rounds as the seed played them.
    assert first[:3] == ["1", "2", "Bruno"]
    assert first[6:12] == ["9b1", "7w1", "5w½", "6b1", "1w½", "4w½"]
    assert first[12:14] == ["4.5", "19"]
    assert page.locator("#standings-table tbody tr", has_text="Roberto").locator("td.cell").nth(1).inner_text() == "PAB"
    pdf = page.pdf(path=str(tmp_path / "crosstable.pdf"), format="A4", landscape=True)
    assert pdf.startswith(b"%PDF") and _pdf_pages(pdf) >= 1
    page.screenshot(path=str(tmp_path / "crosstable.png"), full_page=True)
    assert (tmp_path / "crosstable.png").stat().st_size > 10_000
    page.close()


def test_the_pairing_sheet_prints_with_its_qr_code(browser, live_server, seed: Tournament, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(f"{live_server.url}/t/{seed.pk}/rounds/2/print/pairing/")
    page.emulate_media(media="print")
    assert not page.locator(".toolbar").is_visible()
    assert page.locator("h2").inner_text() == "Pairing of round 2"
    assert page.locator("#pairing tbody tr").count() == 6
    board1 = page.locator("#pairing tbody tr").nth(0).locator("td").all_inner_texts()
    assert board1[0] == "1" and "Alice" in " ".join(board1)
    qr = page.locator("figure.qr svg")
    assert qr.is_visible() and qr.bounding_box()["width"] >= 80
    assert page.locator("figure.qr svg title").text_content() == f"{live_server.url}/t/{seed.pk}/rounds/2/"
    assert "Roberto: pairing-allocated bye" in page.locator("ul.byes").inner_text()
    pdf = page.pdf(path=str(tmp_path / "pairing.pdf"), format="A4")
    assert pdf.startswith(b"%PDF") and _pdf_pages(pdf) == 1
    page.close()


def test_results_and_standings_print(browser, live_server, seed: Tournament, tmp_path: Path) -> None:
    page = browser.new_page()
    page.goto(f"{live_server.url}/t/{seed.pk}/rounds/3/print/results/")
    page.emulate_media(media="print")
    assert page.locator("#results tbody tr").count() == 7
    assert "-/+ (Black wins by forfeit)" in page.locator("#results").inner_text()
    assert page.pdf(format="A4").startswith(b"%PDF")
    page.goto(f"{live_server.url}/t/{seed.pk}/print/standings/")
    page.emulate_media(media="print")
    assert page.locator("h2").inner_text() == "Final standings"
    ranks = page.locator("#standings-table tbody td.rank").all_inner_texts()
    assert ranks == [str(k) for k in range(1, 15)]
    assert page.pdf(format="A4").startswith(b"%PDF")
    page.close()

"""A rated open in chromium from the FIDE rating list to the FIDE report: the organizer
imports a 5,000-player list in FIDE's published XML form, registers 300 players by FIDE ID
(three from the search box, the rest from a CSV that carries only their IDs), the desk
checks them in by pairing number, pairs and publishes round 1 with the ratings on the
desk, and the TRF-2026 downloaded from the report page carries record 132 and the
arbiters' FIDE IDs and passes ``python -m pairing --check``."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from datetime import date
from pathlib import Path

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from tourney.models import CheckIn, Player, RatingListEntry, RoundStatus, Tournament
from tourney.rating_list.generator import random_players, write_xml
from tourney.roles import ORGANIZERS, appoint, ensure_role_groups

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
LIST_SIZE = 5_000
FIELD = 300


@pytest.fixture
def fide_list(tmp_path: Path) -> tuple[Path, list]:
    """The combined list as FIDE publishes it for download: XML in a zip."""
    players = list(random_players(LIST_SIZE, seed=7))
    xml = tmp_path / "players_list_xml_foa.xml"
    with xml.open("w", encoding="utf-8") as out:
        write_xml(players, out)
    archive = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        zipped.write(xml, xml.name)
    return archive, players


@pytest.fixture
def organizer(django_user_model, settings, tmp_path):
    settings.RATING_LIST_DIR = tmp_path / "lists"
    ensure_role_groups()
    user = django_user_model.objects.create_user("organizer")
    user.groups.add(Group.objects.get(name=ORGANIZERS))
    return user


def _standard(listed) -> int | None:
    rated = listed.ratings.get("standard")
    return rated.rating if rated else None


def _signed_in(browser, live_server, user):
    client = Client()
    client.force_login(user)
    context = browser.new_context()
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    return context


def test_a_rated_open_from_the_rating_list_to_the_fide_report(
    browser, live_server, eager_celery, organizer, fide_list, tmp_path
) -> None:
    archive, listed = fide_list
    context = _signed_in(browser, live_server, organizer)
    page = context.new_page()

    # The way in: the list, imported as a job whose progress the page polls.
    page.goto(f"{live_server.url}/rating-list/")
    page.locator("input[type=file][name=file]").set_input_files(str(archive))
    page.locator("input[name=month]").fill("2026-11")  # the combined XML does not say its month
    page.locator("#upload button[type=submit]").click()
    done = page.locator("#rating-list-job .success, #rating-list-job .error")
    done.wait_for(timeout=120_000)
    assert "5000 players imported" in done.inner_text(), done.inner_text()
    assert RatingListEntry.objects.count() == LIST_SIZE

    t = Tournament.objects.create(
        name="Rated Open",
        rounds=9,
        rules_edition="2026",
        rate="standard",
        place="Padova",
        federation="ITA",
        start_date=date(2026, 12, 5),
        end_date=date(2026, 12, 9),
        chief_arbiter="Verdi, Anna",
        chief_arbiter_fide_id="800000",
        deputy_arbiters="Neri, Luca",
        deputy_arbiter_fide_ids="800001",
        organizer="Circolo Scacchi",
        time_control="90'/40+30'+30\"",
        round_schedule=[f"2026-12-{5 + (k // 2):02d}T{'09:30' if k % 2 == 0 else '15:30'}" for k in range(9)],
    )
    appoint(t, organizer, "organizer")
    appoint(t, organizer, "arbiter")
    active = [p for p in listed if _standard(p)][: FIELD + 10]

    # Three from the search box, by FIDE ID...
    for p in active[:3]:
        page.goto(f"{live_server.url}/t/{t.pk}/registration/rating-list/")
        page.locator("input[name=q]").fill(str(p.fide_id))
        suggestion = page.locator("#list-suggestions li", has_text=str(p.fide_id))
        suggestion.get_by_role("button").click()
        page.wait_for_load_state("load")
    # ... the rest from a CSV that carries only FIDE IDs, completed from the list.
    csv = tmp_path / "entries.csv"
    csv.write_text("fide_id\n" + "".join(f"{p.fide_id}\n" for p in active[3:FIELD]), encoding="utf-8")
    page.goto(f"{live_server.url}/t/{t.pk}/registration/")
    page.locator("form[action$='/registration/csv/'] input[type=file]").set_input_files(str(csv))
    page.locator("form[action$='/registration/csv/'] button[type=submit]").click()
    page.wait_for_load_state("load")
    assert t.players.count() == FIELD
    first = t.players.get(fide_id=str(active[0].fide_id))
    assert (first.rating, first.federation) == (_standard(active[0]), active[0].federation)

    # The desk: check-in by pairing number, then everyone not yet marked.
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/checkin/")
    number = page.locator("input[name=pairing_number]")
    for typed in ("17", "123", "#250"):
        number.fill(typed)
        number.press("Enter")
        player = t.players.get(pairing_number=int(typed.lstrip("#")))
        page.locator(f"#checkin-{player.pk}.presence-present").wait_for()
    assert CheckIn.objects.count() == 3
    page.locator("form[action$='/checkin/everyone/'] button").click()
    page.locator(".confirm button.primary").click()
    page.wait_for_url(f"**/t/{t.pk}/rounds/1/checkin/")
    assert CheckIn.objects.filter(confirmed_at__isnull=False).count() == FIELD

    # Round 1 paired and published; the desk shows each player's rating.
    page.goto(f"{live_server.url}/t/{t.pk}/rounds/1/")
    page.get_by_role("button", name="Pair round 1").click()
    page.locator("#pairing table.pairing").wait_for(timeout=120_000)
    page.get_by_role("button", name="Publish the pairing").click()
    page.get_by_role("button", name="Yes, publish the pairing").click()
    page.locator("#pairing .status-published").wait_for()
    assert t.round_set.get(number=1).status == RoundStatus.PUBLISHED
    top = Player.objects.filter(tournament=t).order_by("pairing_number").first()
    # Numbers follow the initial order (C.04.2.B.3): number 1, the highest rated, is on board 1.
    assert top.rating == max(p.rating for p in t.players.all())
    assert str(top.rating) in page.locator("#board-1 .rtg").all_inner_texts()
    assert page.locator("#pairing table.pairing tbody tr").count() == FIELD // 2

    # The way out: the report page, the TRF-2026 with record 132 and the arbiters' IDs.
    page.goto(f"{live_server.url}/t/{t.pk}/export/trf/check/")
    with page.expect_download() as download:
        page.locator("a[href$='format=trf26']").click()
    report = tmp_path / "report.trf"
    download.value.save_as(report)
    text = report.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert any(line.startswith("132 ") and "26/12/05" in line for line in lines)
    assert any(line.startswith("102 ") and "800000" in line for line in lines)
    assert any(line.startswith("112 ") and "800001" in line for line in lines)
    check = subprocess.run(
        [sys.executable, "-m", "pairing", "--check", str(report)], cwd=ROOT, capture_output=True, text=True
    )
    assert check.returncode == 0, check.stdout + check.stderr
    context.close()

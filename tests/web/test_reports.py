"""The report pages (issue 8): public, by the URL names other pages link to."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from pairing.engine.trf import parse_trf
from tests import builders
from tourney.models import Tournament

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"


@pytest.fixture
def seed(django_db_setup) -> Tournament:
    call_command("import_trf", str(FIXTURES / "dutch-seed-example.trf"), stdout=io.StringIO())
    t = Tournament.objects.latest("pk")
    t.tiebreaks = ["BH/C1", "BH", "SB", "DE"]
    t.save(update_fields=["tiebreaks"])
    return t


def _url(name: str, t: Tournament, **kwargs: int) -> str:
    return reverse(name, kwargs={"tournament_id": t.pk, **kwargs})


def test_every_report_is_public(client, seed: Tournament) -> None:
    for name, kwargs in (
        ("standings", {}),
        ("crosstable", {}),
        ("export_trf", {}),
        ("export_csv", {}),
        ("print_pairing", {"number": 3}),
        ("print_results", {"number": 3}),
        ("print_standings", {}),
    ):
        assert client.get(_url(name, seed, **kwargs)).status_code == 200, name


def test_the_standings_show_a_column_per_tie_break_in_the_tournaments_order(client, seed: Tournament) -> None:
    page = client.get(_url("standings", seed)).content.decode()
    assert "Final standings" in page
    heads = [h for h in ("BH-C1", "BH", "SB", "DE") if f">{h}</abbr>" in page]
    assert heads == ["BH-C1", "BH", "SB", "DE"]
    assert page.index(">BH-C1</abbr>") < page.index(">SB</abbr>")
    assert "Buchholz Cut-1" in page
    # 2 leads on Buchholz Cut-1 (19 against 18.5 for 1 and 5).
    first = page.index('<td class="rank">1</td>')
    assert '<td class="sno">2</td>' in page[first : first + 80]


def test_standings_after_an_earlier_round(client, seed: Tournament) -> None:
    page = client.get(_url("standings", seed) + "?round=2").content.decode()
    assert "Standings after round 2" in page


def test_no_list_gives_the_usual_swiss_list_and_says_so(client) -> None:
    t = builders.tournament(players=4, rounds=3)
    builders.round_with(t, 1, "1-3 1-0, 4-2 =", status="closed")
    page = client.get(_url("standings", t)).content.decode()
    assert "no tie-break list of its own" in page and ">BH-C1</abbr>" in page


def test_an_unknown_code_is_named_not_computed(client) -> None:
    t = builders.tournament(players=2, rounds=1, tiebreaks=["BH", "KOYA"])
    builders.round_with(t, 1, "1-2 1-0", status="closed")
    page = client.get(_url("standings", t)).content.decode()
    assert "Tie-breaks not computed (unknown codes): KOYA." in page


def test_the_crosstable_has_every_round(client, seed: Tournament) -> None:
    page = client.get(_url("crosstable", seed)).content.decode()
    for cell in ("8w1", "2b½", "PAB", "ZPB", "6w−", "11b+"):  # games, the PAB and absence of round 2, a forfeit
        assert f'<td class="result cell">{cell}</td>' in page, cell


def test_trf_downloads_in_both_formats(client, seed: Tournament) -> None:
    r16 = client.get(_url("export_trf", seed) + "?format=trf16")
    r26 = client.get(_url("export_trf", seed) + "?format=trf26")
    assert r16["Content-Disposition"].endswith('-trf16.trf"') and r26["Content-Disposition"].endswith('-trf26.trf"')
    assert "142 6" not in r16.content.decode() and "142 6" in r26.content.decode()
    assert len(parse_trf(r16.content.decode()).players) == 14
    assert client.get(_url("export_trf", seed) + "?format=trf99").status_code == 404


def test_csv_of_the_standings(client, seed: Tournament) -> None:
    text = client.get(_url("export_csv", seed)).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == [
        "rank",
        "start_number",
        "name",
        "title",
        "federation",
        "rating",
        "fide_id",
        "points",
        "BH/C1",
        "BH",
        "SB",
        "DE",
    ]
    assert rows[1][:2] == ["1", "2"] and rows[1][7] == "4.5" and rows[1][8] == "19"
    assert len(rows) == 15


def test_the_pairing_sheet_has_a_qr_code_to_the_rounds_page(client, seed: Tournament) -> None:
    page = client.get(_url("print_pairing", seed, number=2)).content.decode()
    assert "<svg" in page and 'class="segno"' in page
    assert f"http://testserver/t/{seed.pk}/rounds/2/" in page
    assert "pairing-allocated bye" in page and "zero-point bye" in page
    assert "css/print.css" in page


def test_an_unpublished_round_is_not_printed_for_the_public(client) -> None:
    t = builders.tournament(players=2, rounds=1)
    builders.round_with(t, 1, "1-2 *", status="paired")
    assert client.get(_url("print_pairing", t, number=1)).status_code == 404
    assert client.get(_url("print_results", t, number=1)).status_code == 404


def test_an_arbiter_prints_a_pairing_before_publishing_it(client, arbiter) -> None:
    t = builders.tournament(players=2, rounds=1)
    builders.round_with(t, 1, "1-2 *", status="paired")
    client.force_login(arbiter)
    assert client.get(_url("print_pairing", t, number=1)).status_code == 200


def test_results_sheet(client, seed: Tournament) -> None:
    page = client.get(_url("print_results", seed, number=3)).content.decode()
    assert "Results of round 3" in page and "-/+ (Black wins by forfeit)" in page


# ---------------------------------------------------------------- the organizer's list


@pytest.fixture
def organizer(django_user_model, seed: Tournament):
    from tourney.roles import appoint

    user = django_user_model.objects.create_user("organizer")
    appoint(seed, user, "organizer")
    return user


def test_the_organizer_picks_a_preset(client, seed: Tournament, organizer) -> None:
    from tourney.models import AuditEntry

    client.force_login(organizer)
    url = reverse("tiebreak_settings", kwargs={"tournament_id": seed.pk})
    assert "Choose the tie-breaks" in client.get(_url("standings", seed)).content.decode()
    response = client.post(url, {"preset": "swiss-rated", "codes": ""})
    assert response.status_code == 302
    seed.refresh_from_db()
    assert seed.tiebreaks == ["ARO/C1", "BH/C1", "BH", "DE", "WIN"]
    entry = AuditEntry.objects.get(tournament=seed, action="change tie-breaks")
    assert (entry.old_value, entry.new_value) == ("BH/C1 BH SB DE", "ARO/C1 BH/C1 BH DE WIN")
    assert ">ARO-C1</abbr>" in client.get(_url("standings", seed)).content.decode()


def test_the_organizer_types_his_own_list(client, seed: Tournament, organizer) -> None:
    client.force_login(organizer)
    url = reverse("tiebreak_settings", kwargs={"tournament_id": seed.pk})
    client.post(url, {"preset": "", "codes": "ps/c1, bh/m1 de"})
    seed.refresh_from_db()
    assert seed.tiebreaks == ["PS/C1", "BH/M1", "DE"]
    page = client.post(url, {"preset": "", "codes": "BH KOYA BH"}).content.decode()
    assert "KOYA is not a tie-break code this program knows" in page and "a tie-break is listed twice" in page
    seed.refresh_from_db()
    assert seed.tiebreaks == ["PS/C1", "BH/M1", "DE"]


def test_only_the_organizer_changes_the_list(client, seed: Tournament, arbiter) -> None:
    url = reverse("tiebreak_settings", kwargs={"tournament_id": seed.pk})
    assert client.get(url).status_code == 302  # to the login page
    assert client.post(url, {"preset": "swiss"}).status_code == 403
    client.force_login(arbiter)
    assert client.post(url, {"preset": "swiss"}).status_code == 403
    seed.refresh_from_db()
    assert seed.tiebreaks == ["BH/C1", "BH", "SB", "DE"]

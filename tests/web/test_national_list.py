"""National rating lists in the app: a CSV list imported by its column mapping (kept per
list), players registered from it by national ID or name keeping their national ID and
rating (the TRF's NRS record), and their national ratings updated before round 1."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tourney.models import AuditEntry, NationalListEntry, NationalRating, NationalRatingList, RatingListEntry
from tourney.trf_io import export_text

pytestmark = pytest.mark.django_db

FSI = (
    "Codice;Cognome Nome;Elo Italia;ID FIDE;Sesso;Anno\n"
    "12345;Rossi Mario;1850;860000;M;1980\n"
    "23456;Bianchi Anna;1440;;F;2011\n"
)
COLUMNS = {"column_national_id": "Codice", "column_name": "Cognome Nome", "column_rating": "Elo Italia",
           "column_fide_id": "ID FIDE", "column_sex": "Sesso", "column_birth_year": "Anno"}  # fmt: skip


def upload(client: Client, text: str, **columns: str) -> object:
    data = {"name": "FSI Elo Italia", "federation": "ita", "month": "2026-09", **COLUMNS, **columns}
    return client.post("/rating-list/national/", {**data, "file": SimpleUploadedFile("fsi.csv", text.encode())})


def test_a_list_is_imported_by_its_mapping_which_it_keeps(organizer: Client) -> None:
    response = upload(organizer, FSI)
    assert response.status_code == 302
    national = NationalRatingList.objects.get()
    assert (national.federation, national.rows, national.month) == ("ITA", 2, date(2026, 9, 1))
    assert national.mapping["rating"] == "Elo Italia"
    page = organizer.get(response["Location"]).content.decode()
    assert 'value="Elo Italia"' in page  # the saved mapping, offered for the next file
    upload(organizer, FSI.replace(";1850;", ";1870;"))  # a newer file: updated in place
    assert NationalListEntry.objects.get(national_id="12345").rating == 1870
    assert NationalListEntry.objects.count() == 2


def test_a_file_without_the_mapped_column_is_refused_with_its_columns(organizer: Client) -> None:
    page = upload(organizer, FSI, column_rating="Elo").content.decode()
    assert "no column" in page and "<code>Elo Italia</code>" in page
    assert not NationalRatingList.objects.exists()


def test_a_file_without_a_mapping_comes_back_with_a_guess(organizer: Client) -> None:
    text = "ID;Name;Elo\n1;Verdi Luca;1600\n"
    data = {"name": "Other", "federation": "ITA", "file": SimpleUploadedFile("o.csv", text.encode())}
    page = organizer.post("/rating-list/national/", data).content.decode()
    assert 'name="column_rating" value="Elo"' in page and 'name="column_national_id" value="ID"' in page


def test_an_arbiter_is_told_he_is_not_an_organizer(django_user_model) -> None:
    client = Client()
    client.force_login(django_user_model.objects.create_user("arbiter"))
    response = client.get("/rating-list/national/")
    assert response.status_code == 403 and "not an organizer" in response.content.decode()


def test_players_are_registered_by_national_id_or_name_and_keep_their_national_data(
    organizer: Client, own_tournament
) -> None:
    upload(organizer, FSI)
    national = NationalRatingList.objects.get()
    RatingListEntry.objects.create(
        fide_id=860000, name="Rossi, Mario", name_key="rossi, mario", federation="ITA", sex="M",
        standard_rating=2010, standard_month=date(2026, 9, 1), birth_year=1980, title="FM",
    )  # fmt: skip
    t, client = own_tournament
    found = client.get(f"/t/{t.pk}/registration/rating-list/?list={national.pk}&q=bianchi").content.decode()
    assert "Bianchi Anna" in found and 'name="national_id" value="23456"' in found
    assert (
        "Bianchi Anna" in client.get(f"/t/{t.pk}/registration/rating-list/?list={national.pk}&q=23456").content.decode()
    )
    for national_id in ("12345", "23456"):
        client.post(f"/t/{t.pk}/registration/rating-list/add/", {"list": national.pk, "national_id": national_id})
    rossi, bianchi = t.players.order_by("pairing_number")
    # Rossi's FIDE data from the FIDE list; Bianchi, no FIDE rating: the national one as provisional.
    assert (rossi.rating, rossi.title, rossi.fide_id) == (2010, "FM", "860000")
    assert (bianchi.rating, bianchi.provisional_rating) == (0, 1440)
    records = {r.player_id: r for r in NationalRating.objects.all()}
    assert (records[rossi.pk].national_id, records[rossi.pk].rating) == ("12345", 1850)
    assert records[bianchi.pk].record.startswith("ITA    2 w")
    trf = export_text(t)
    assert "ITA    1 m    Rossi Mario" in trf and "12345" in trf
    again = client.post(
        f"/t/{t.pk}/registration/rating-list/add/", {"list": national.pk, "national_id": "12345"}, follow=True
    )
    assert "already registered" in again.content.decode() and t.players.count() == 2


def test_national_ratings_are_updated_from_a_newer_list_before_round_1(organizer: Client, own_tournament) -> None:
    upload(organizer, FSI)
    national = NationalRatingList.objects.get()
    t, client = own_tournament
    client.post(f"/t/{t.pk}/registration/rating-list/add/", {"list": national.pk, "national_id": "23456"})
    upload(organizer, FSI.replace(";1440;", ";1502;"))
    record = NationalRating.objects.get()
    preview = client.get(f"/t/{t.pk}/registration/ratings/").content.decode()
    assert f'value="n{record.pk}:1502"' in preview and "FSI Elo Italia" in preview
    client.post(f"/t/{t.pk}/registration/ratings/", {"change": f"n{record.pk}:1502"})
    record.refresh_from_db()
    assert record.rating == 1502 and " 1502 " in record.record
    assert t.players.get().provisional_rating == 1502
    assert AuditEntry.objects.filter(action="update national rating from list").count() == 1

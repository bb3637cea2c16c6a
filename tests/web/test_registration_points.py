"""The smaller points of a rated open's registration: a refusal names the field by its
label, an unrated player leaves the rating empty, the CSV help lists every column and the
CSV problems come in line order, a user who is no organizer is told so on /new/, the Baku
acceleration is labelled by the tournament's edition."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests import builders
from tourney.roles import appoint

pytestmark = pytest.mark.django_db


def test_a_refusal_names_the_field_by_its_label(organizer) -> None:
    t = builders.tournament(players=0)
    appoint(t, organizer.get("/").wsgi_request.user, "organizer")
    data = {"name": "Rossi", "rating": "2000", "provisional_rating": "1500"}
    page = organizer.post(f"/t/{t.pk}/registration/add/", data).content.decode()
    assert "Provisional rating: only an unrated player takes a provisional rating" in page
    assert "provisional_rating:" not in page and not t.players.exists()


def test_an_unrated_player_leaves_the_rating_empty(organizer) -> None:
    t = builders.tournament(players=0)
    appoint(t, organizer.get("/").wsgi_request.user, "organizer")
    response = organizer.post(f"/t/{t.pk}/registration/add/", {"name": "Unrated", "rating": ""})
    assert response.status_code == 302 and t.players.get().rating == 0
    player = t.players.get()
    organizer.post(f"/t/{t.pk}/registration/{player.pk}/", {"name": "Unrated Still", "rating": ""})
    assert t.players.get().name == "Unrated Still"


def test_the_csv_help_lists_every_column(organizer) -> None:
    from tourney.services.imports import CSV_COLUMNS

    t = builders.tournament(players=0)
    appoint(t, organizer.get("/").wsgi_request.user, "organizer")
    page = organizer.get(f"/t/{t.pk}/registration/").content.decode()
    help_text = page[page.index("First line:") :][:400]
    assert all(column in help_text for column in CSV_COLUMNS)


def test_csv_problems_come_in_line_order(organizer) -> None:
    t = builders.tournament(players=0)
    appoint(t, organizer.get("/").wsgi_request.user, "organizer")
    text = "name;rating;fide_id\nAnna;2000;111\nBruno;2000;111\nCarla;2x00;\n"
    page = organizer.post(f"/t/{t.pk}/registration/csv/", {"file": SimpleUploadedFile("p.csv", text.encode())})
    body = page.content.decode()
    assert body.index("line 3, column fide_id") < body.index("line 4, column rating")
    assert not t.players.exists()


def test_a_user_who_is_no_organizer_is_told_so_on_new(django_user_model) -> None:
    client = Client()
    client.force_login(django_user_model.objects.create_user("arbiter-only"))
    response = client.get("/new/")
    assert response.status_code == 403
    assert "You are not an organizer" in response.content.decode()


def test_the_baku_acceleration_is_c_04_7_in_2026_events(organizer) -> None:
    assert "Baku acceleration (C.04.7)" in organizer.get("/new/").content.decode()
    t2026 = builders.tournament(players=0, rules_edition="2026")
    t2017 = builders.tournament(players=0, rules_edition="2017")
    for t in (t2026, t2017):
        appoint(t, organizer.get("/").wsgi_request.user, "organizer")
    assert "Baku acceleration (C.04.7)" in organizer.get(f"/t/{t2026.pk}/settings/").content.decode()
    page_2017 = organizer.get(f"/t/{t2017.pk}/settings/").content.decode()
    assert "Baku acceleration (C.04.5.1)" in page_2017 and "Baku acceleration (C.04.7)" not in page_2017

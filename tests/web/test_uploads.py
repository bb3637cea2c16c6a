"""Uploads: refused from the headers alone (role, size) before the body is read, and never
spooled to disk (tourney/uploads.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import multipartparser
from django.test import Client

from tests import builders
from tourney.models import Player

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
BIG = 3 * 1024 * 1024  # above Django's default 2.5 MB in memory: it used to go to a temporary file


@pytest.fixture
def bodies_read(monkeypatch) -> list[str]:
    """Every multipart body Django starts to parse, and every temporary upload file it opens."""
    read: list[str] = []
    parse = multipartparser.MultiPartParser.parse

    def parsing(self):  # type: ignore[no-untyped-def]
        read.append("parsed")
        return parse(self)

    monkeypatch.setattr(multipartparser.MultiPartParser, "parse", parsing)
    from django.core.files import uploadhandler

    spooled = uploadhandler.TemporaryUploadedFile

    class Recorded(spooled):  # type: ignore[misc,valid-type]
        def __init__(self, *args: object, **kwargs: object) -> None:
            read.append("temporary file")
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(uploadhandler, "TemporaryUploadedFile", Recorded)
    return read


def _file(size: int, name: str = "players.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, b"name\n" + b"x" * (size - 5))


def _with_csrf_token(client: Client) -> str:
    """A real attacker's token: any visitor gets one from a page with a form."""
    client.get("/accounts/login/")
    return client.cookies[settings.CSRF_COOKIE_NAME].value


def test_an_anonymous_upload_is_refused_before_its_body_is_read(bodies_read) -> None:
    client = Client(enforce_csrf_checks=True)
    token = _with_csrf_token(client)
    response = client.post("/import/", {"file": _file(BIG, "t.trf"), "csrfmiddlewaretoken": token})
    assert response.status_code == 403 and "log in first" in response.content.decode()
    assert bodies_read == []


def test_a_user_without_the_role_cannot_make_a_tournament_read_his_upload(bodies_read, django_user_model) -> None:
    t = builders.tournament(players=2)
    stranger = django_user_model.objects.create_user("stranger")
    client = Client(enforce_csrf_checks=True)
    client.force_login(stranger)
    token = _with_csrf_token(client)
    response = client.post(f"/t/{t.pk}/registration/csv/", {"file": _file(BIG), "csrfmiddlewaretoken": token})
    assert response.status_code == 403 and bodies_read == []
    missing = client.post("/t/999999/registration/csv/", {"file": _file(BIG), "csrfmiddlewaretoken": token})
    assert missing.status_code == 403 and bodies_read == []


def test_a_file_sent_to_a_page_that_takes_none_stops_at_the_form_limit(bodies_read, own_tournament) -> None:
    t, client = own_tournament
    response = client.post(f"/t/{t.pk}/registration/add/", {"name": "X", "file": _file(BIG)})
    assert response.status_code == 413 and bodies_read == []
    small = client.post(f"/t/{t.pk}/registration/add/", {"name": "Xavier", "file": _file(1000)})
    assert small.status_code != 413 and bodies_read == ["parsed"]  # in memory, not in a temporary file


def test_an_oversize_upload_gets_413_with_the_limit_before_it_is_read(bodies_read, own_tournament) -> None:
    t, client = own_tournament
    response = client.post(f"/t/{t.pk}/registration/csv/", {"file": _file(settings.REQUEST_MAX_BYTES + 1)})
    assert response.status_code == 413
    page = response.content.decode()
    assert "Too large" in page and "the limit is 10.0\xa0MB" in page and "Nothing was read or saved" in page
    assert bodies_read == []


def test_a_declared_200_mb_body_is_refused_from_its_header_alone(bodies_read) -> None:
    response = Client().post(
        "/import/", {"file": _file(100, "t.trf")}, CONTENT_LENGTH=str(200 * 1024 * 1024)
    )  # what nginx would have let through without its cap
    assert response.status_code == 413 and "200.0\xa0MB" in response.content.decode()
    assert bodies_read == []


def test_a_large_form_without_a_file_gets_413_too(bodies_read) -> None:
    body = "username=" + "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    response = Client().post("/accounts/login/", body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413


def test_the_413_page_is_italian_too(django_user_model) -> None:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    response = client.post("/import/", {"file": _file(100, "t.trf")}, CONTENT_LENGTH=str(20 * 1024 * 1024))
    assert response.status_code == 413 and "Troppo grande" in response.content.decode()


def test_an_organizers_upload_is_read_in_memory_and_registers_the_players(bodies_read, own_tournament) -> None:
    t, client = own_tournament
    rows = "name,rating\n" + "".join(f"Player {k},{1500 + k}\n" for k in range(1, 4))
    padding = "\n" * (BIG - len(rows))  # blank lines: a file above Django's old on-disk threshold
    response = client.post(f"/t/{t.pk}/registration/csv/", {"file": SimpleUploadedFile("p.csv", rows.encode())})
    assert response.status_code == 302 and Player.objects.filter(tournament=t).count() == 3
    large = client.post(
        f"/t/{t.pk}/registration/csv/",
        {"file": SimpleUploadedFile("q.csv", (rows.replace("Player", "Other") + padding).encode())},
    )
    assert large.status_code == 200 and "the limit is 2.0" in large.content.decode()  # UPLOAD_MAX_BYTES
    assert "temporary file" not in bodies_read and bodies_read.count("parsed") == 2


def test_the_cap_is_nginxs_client_max_body_size() -> None:
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    size = re.search(r"client_max_body_size\s+(\d+)m;", conf)
    assert size is not None
    nginx_cap = int(size.group(1)) * 1024 * 1024
    assert nginx_cap == settings.REQUEST_MAX_BYTES
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == settings.REQUEST_MAX_BYTES
    assert settings.FILE_UPLOAD_HANDLERS == ["django.core.files.uploadhandler.MemoryFileUploadHandler"]

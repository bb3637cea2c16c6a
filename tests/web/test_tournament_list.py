from __future__ import annotations

import pytest

from tests import builders

pytestmark = pytest.mark.django_db


def test_it_lists_tournaments_without_login(client) -> None:
    builders.tournament(players=3, name="Spring Open", place="Rome")
    response = client.get("/")
    assert response.status_code == 200
    assert b"Spring Open" in response.content and b"Rome" in response.content


def test_it_says_when_there_is_no_tournament(client) -> None:
    assert b"No tournament yet" in client.get("/").content


def test_it_serves_the_vendored_htmx(client) -> None:
    page = client.get("/").content.decode()
    assert "/static/vendor/htmx/htmx-2.0.11.min.js" in page
    assert 'hx-headers=\'{"X-CSRFToken": "' in page

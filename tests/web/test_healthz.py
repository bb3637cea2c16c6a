"""/healthz answers the container health check whatever the host and scheme."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_answers_ok(client) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}


def test_it_answers_an_unlisted_host_over_http_in_production(client, settings) -> None:
    settings.ALLOWED_HOSTS = ["chess.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/healthz", HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 200 and response.json() == {"status": "ok"}
    # Every other page still goes through host validation.
    assert client.get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400


def test_it_reports_a_database_failure_without_its_details(client, monkeypatch, caplog) -> None:
    from django.db import connection

    def broken():
        raise RuntimeError('connection to server at "db.internal" (10.0.0.5), port 5432 failed')

    monkeypatch.setattr(connection, "cursor", broken)
    response = client.get("/healthz")
    assert response.status_code == 503 and response.json() == {"status": "error", "database": "unavailable"}
    assert "db.internal" not in response.content.decode() and "5432" not in response.content.decode()
    assert "db.internal" in caplog.text  # the operator finds it in the log

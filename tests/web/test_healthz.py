"""/healthz answers the container health check whatever the host and scheme, and names the
service that does not answer: the database, the cache or the broker."""

from __future__ import annotations

import pytest

from tourney import middleware

pytestmark = pytest.mark.django_db
HEALTHY = {"status": "ok", "database": "ok", "cache": "ok", "broker": "ok"}


def test_it_answers_ok(client) -> None:
    assert client.get("/healthz").json() == HEALTHY


def test_it_answers_an_unlisted_host_over_http_in_production(client, settings) -> None:
    settings.ALLOWED_HOSTS = ["chess.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/healthz", HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 200 and response.json() == HEALTHY
    # Every other page still goes through host validation.
    assert client.get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400


def test_it_reports_a_database_failure_without_its_details(client, monkeypatch, caplog) -> None:
    from django.db import connection

    def broken():
        raise RuntimeError('connection to server at "db.internal" (10.0.0.5), port 5432 failed')

    monkeypatch.setattr(connection, "cursor", broken)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {**HEALTHY, "status": "error", "database": "unavailable"}
    assert "db.internal" not in response.content.decode() and "5432" not in response.content.decode()
    assert "db.internal" in caplog.text  # the operator finds it in the log


def test_it_reports_a_cache_that_does_not_answer(client, settings) -> None:
    settings.CACHES = {**settings.CACHES, "default": _closed_port_redis()}
    response = client.get("/healthz")
    assert response.status_code == 503 and response.json()["cache"] == "unavailable"
    assert response.json()["database"] == "ok"


def test_it_reports_a_broker_that_does_not_answer(client, settings) -> None:
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{_closed_port()}/0"
    response = client.get("/healthz")
    assert response.status_code == 503 and response.json()["broker"] == "unavailable"


def test_the_broker_is_not_asked_when_tasks_run_in_process(settings, monkeypatch) -> None:
    settings.CELERY_BROKER_URL = "memory://"
    middleware._broker()  # no error, no connection


def _closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _closed_port_redis() -> dict:
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": f"redis://127.0.0.1:{_closed_port()}/0",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }

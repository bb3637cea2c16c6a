"""The typed environment helpers of tourney/settings.py fail loudly."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests.deploy.django_process import django_in_subprocess
from tourney.settings import database_from_url, env_bool, env_int, env_list, env_str

ROOT = Path(__file__).resolve().parents[2]


def test_env_bool_reads_the_usual_spellings(monkeypatch) -> None:
    for raw, value in (("1", True), ("TRUE", True), ("on", True), ("0", False), ("no", False), ("", False)):
        monkeypatch.setenv("X_FLAG", raw)
        assert env_bool("X_FLAG", not value) is value


def test_env_bool_refuses_anything_else(monkeypatch) -> None:
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="X_FLAG='maybe' is not a boolean"):
        env_bool("X_FLAG", False)


def test_env_int_refuses_a_non_integer(monkeypatch) -> None:
    monkeypatch.setenv("X_NUMBER", "12s")
    with pytest.raises(ImproperlyConfigured, match="X_NUMBER='12s' is not an integer"):
        env_int("X_NUMBER", 0)


def test_env_str_without_default_is_required(monkeypatch) -> None:
    monkeypatch.delenv("X_MISSING", raising=False)
    with pytest.raises(ImproperlyConfigured, match="X_MISSING is required"):
        env_str("X_MISSING")


def test_env_list_splits_on_commas(monkeypatch) -> None:
    monkeypatch.setenv("X_HOSTS", "a.org, b.org,,")
    assert env_list("X_HOSTS", []) == ["a.org", "b.org"]


def test_a_postgres_url_becomes_a_database() -> None:
    db = database_from_url("postgres://user:p%40ss@db.example:6543/chess")
    assert (db["ENGINE"], db["NAME"], db["USER"], db["PASSWORD"], db["HOST"], db["PORT"]) == (
        "django.db.backends.postgresql",
        "chess",
        "user",
        "p@ss",
        "db.example",
        "6543",
    )


def test_a_sqlite_url_becomes_a_database() -> None:
    assert database_from_url("sqlite:////tmp/x.sqlite3")["NAME"] == "/tmp/x.sqlite3"


@pytest.mark.parametrize("url", ["mysql://x/y", "postgres://host/", "postgres://host:port/db"])
def test_a_bad_database_url_is_refused(url: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_from_url(url)


def _settings_in_subprocess(**env: str) -> subprocess.CompletedProcess[str]:
    return django_in_subprocess(unset=("DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL"), **env)


def test_production_without_a_secret_key_refuses_to_start() -> None:
    result = _settings_in_subprocess(DEBUG="0")
    assert result.returncode != 0 and "environment variable SECRET_KEY is required" in result.stderr


def test_without_redis_tasks_run_eagerly_and_with_it_they_go_to_the_broker() -> None:
    code = "from django.conf import settings as s; print(s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_URL)"
    for env, expected in (({}, "True memory://"), ({"REDIS_URL": "redis://r:6379/1"}, "False redis://r:6379/1")):
        out = django_in_subprocess(code, unset=("REDIS_URL",), check=True, **env).stdout
        assert out.strip() == expected


def test_the_language_cookie_is_secure_whenever_the_session_cookie_is() -> None:
    code = "from django.conf import settings as s; print(s.LANGUAGE_COOKIE_SECURE, s.SESSION_COOKIE_SECURE)"
    production = {"DEBUG": "0", "SECRET_KEY": "s" * 60}
    for env, expected in (
        ({}, "False False"),
        (production, "True True"),
        ({**production, "SESSION_COOKIE_SECURE": "0"}, "False False"),
    ):
        unset = ("DEBUG", "SECRET_KEY", "SESSION_COOKIE_SECURE")
        out = django_in_subprocess(code, unset=unset, check=True, **env).stdout
        assert out.strip() == expected, env

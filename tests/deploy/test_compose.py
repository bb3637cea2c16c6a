"""docker-compose.yml, checked against the settings (no Docker engine runs here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tourney.settings import database_from_url

ROOT = Path(__file__).resolve().parents[2]
SETTINGS_SOURCE = (ROOT / "tourney" / "settings.py").read_text()
PROJECT_VARIABLES = set(re.findall(r'env_\w+\("([A-Z_]+)"', SETTINGS_SOURCE))


def _interpolate(value: str) -> str:
    """Compose's ${VAR:?msg} / ${VAR:-default} with a sample value, as Compose would substitute."""
    return re.sub(r"\$\{(\w+)(?::[?-][^}]*)?\}", lambda m: f"sample-{m.group(1).lower()}", value)


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_it_has_the_four_services_with_health_checks(compose) -> None:
    services = compose["services"]
    assert set(services) == {"web", "worker", "db", "redis"}
    for name, service in services.items():
        assert service["healthcheck"]["test"], name
        assert service.get("restart") == "unless-stopped", name


def test_the_web_runs_gunicorn_on_the_wsgi_app_after_migrating(compose) -> None:
    command = compose["services"]["web"]["command"]
    assert "manage.py migrate --noinput" in command
    assert "gunicorn tourney.wsgi:application" in command
    assert "/healthz" in str(compose["services"]["web"]["healthcheck"]["test"])


def test_the_worker_runs_celery_on_the_project_app(compose) -> None:
    assert compose["services"]["worker"]["command"].startswith("celery -A tourney worker")


def test_the_app_services_wait_for_healthy_db_and_redis(compose) -> None:
    for name in ("web", "worker"):
        depends = compose["services"][name]["depends_on"]
        assert depends["db"]["condition"] == depends["redis"]["condition"] == "service_healthy"


def test_data_lives_in_named_volumes(compose) -> None:
    assert compose["services"]["db"]["volumes"] == ["pgdata:/var/lib/postgresql/data"]
    assert set(compose["volumes"]) == {"pgdata", "redisdata"}


def test_the_environment_is_what_the_settings_read(compose) -> None:
    for name in ("web", "worker"):
        env = compose["services"][name]["environment"]
        assert set(env) <= PROJECT_VARIABLES, set(env) - PROJECT_VARIABLES
        assert {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL"} <= set(env)
        assert env["DEBUG"] == "0"
        assert ":?" in env["SECRET_KEY"]  # no default secret: Compose refuses to start without one


def test_the_urls_point_at_the_compose_services(compose) -> None:
    services = compose["services"]
    env = services["web"]["environment"]
    database = database_from_url(_interpolate(env["DATABASE_URL"]))
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["HOST"] == "db" and database["PORT"] == "5432"
    db_env = services["db"]["environment"]
    assert (database["NAME"], database["USER"]) == (db_env["POSTGRES_DB"], db_env["POSTGRES_USER"])
    assert _interpolate(db_env["POSTGRES_PASSWORD"]) == database["PASSWORD"]
    assert env["REDIS_URL"].startswith("redis://redis:6379/")


def test_the_dockerfile_installs_the_pinned_requirements() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "pip install -r requirements.txt" in dockerfile and "collectstatic" in dockerfile
    for line in (ROOT / "requirements.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            assert "==" in line, f"unpinned requirement: {line}"

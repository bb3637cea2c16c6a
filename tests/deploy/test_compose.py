"""docker-compose.yml, checked against the settings (no Docker engine runs here)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.deploy.django_process import django_in_subprocess
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


LONG_RUNNING = {"proxy", "web", "desk", "worker", "db", "redis", "cache"}


def test_it_has_the_services_with_health_checks(compose) -> None:
    services = compose["services"]
    assert set(services) == LONG_RUNNING | {"migrate"}
    for name in LONG_RUNNING:
        assert services[name]["healthcheck"]["test"], name
        assert services[name].get("restart") == "unless-stopped", name


def test_the_web_runs_gunicorn_on_the_wsgi_app_after_the_migrations(compose) -> None:
    services = compose["services"]
    assert services["migrate"]["command"] == "python manage.py migrate --noinput"
    assert services["migrate"]["restart"] == "no"  # one run, before any web replica
    web = services["web"]
    assert web["command"].startswith("gunicorn tourney.wsgi:application")
    assert web["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert "/healthz" in str(web["healthcheck"]["test"])


def test_the_web_scales_behind_the_proxy(compose) -> None:
    """`docker compose up --scale web=3`: no fixed host port or name on web; the proxy
    publishes the port and finds every replica through Docker's resolver."""
    services = compose["services"]
    web = services["web"]
    assert "ports" not in web and "container_name" not in web
    assert services["proxy"]["ports"] == ["8000:80"]
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "resolver 127.0.0.11" in conf and 'default "http://web:8000";' in conf and "proxy_pass $app;" in conf
    assert "./deploy/nginx.conf:/etc/nginx/templates/default.conf.template:ro" in services["proxy"]["volumes"]


def test_logged_in_users_have_replicas_of_their_own(compose) -> None:
    """The desk stays fast under the crowd: requests with the desk marker go to desk."""
    desk, web = compose["services"]["desk"], compose["services"]["web"]
    assert desk["command"].startswith("gunicorn tourney.wsgi:application")
    assert desk["environment"] == web["environment"] and "ports" not in desk
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    assert 'map $secure_link $app { default "http://web:8000"; "1" "http://desk:8000"; }' in conf
    assert "secure_link $desk_hash,$desk_expires;" in conf  # a made-up marker is a reader's
    assert 'secure_link_md5 "$secure_link_expires$cookie_sessionid ${DESK_ROUTING_SECRET}";' in conf
    proxy = compose["services"]["proxy"]
    assert proxy["volumes"] == ["./deploy/nginx.conf:/etc/nginx/templates/default.conf.template:ro"]
    assert proxy["environment"]["DESK_ROUTING_SECRET"].startswith("${DESK_ROUTING_SECRET:?")
    assert web["environment"]["DESK_ROUTING_SECRET"].startswith("${DESK_ROUTING_SECRET:?")


def test_the_proxy_never_keeps_a_logged_in_users_page() -> None:
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "proxy_no_cache $signed_in" in conf and "proxy_cache_bypass $signed_in" in conf
    assert "location = /healthz {" in conf  # not behind proxy_cache_lock
    assert "$cookie_django_language" in conf and "$http_hx_target" in conf  # the page's variants


def test_the_proxy_keeps_one_copy_per_variant_django_serves() -> None:
    """Its cache key takes the normalised HTMX target, language and encoding, never a raw
    header a client may fill at will."""
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    key = re.search(r'proxy_cache_key "([^"]+)";', conf).group(1)
    assert "$hx_target" in key and "$encoding" in key and "$language" in key
    assert "$http_" not in key and "$cookie_" not in key
    targets = re.search(r"map \$http_hx_target \$hx_target \{(.*?)\}", conf, re.S).group(1)
    from tourney.caching.pages import HTMX_TARGETS

    assert set(re.findall(r"^\s+(\w+) \1;", targets, re.M)) == HTMX_TARGETS


def test_the_web_tier_keeps_no_state_of_its_own() -> None:
    """Sessions (in the database, not depending on Redis) and the cache are shared by every
    replica when REDIS_URL is set."""
    code = (
        "from django.conf import settings as s; "
        "print(s.SESSION_ENGINE, s.CACHES['default']['BACKEND'], s.CACHES['default']['LOCATION'])"
    )
    redis = "redis://redis:6379/0"
    out = django_in_subprocess(code, unset=("CACHE_URL",), check=True, REDIS_URL=redis).stdout.split()
    assert out == [
        "django.contrib.sessions.backends.db",
        "django.core.cache.backends.redis.RedisCache",
        "redis://redis:6379/0",
    ]


def test_the_pages_cache_is_bounded_and_the_broker_never_evicts(compose) -> None:
    """A flood of cache entries evicts other cache entries, never a queued job."""
    cache, broker = compose["services"]["cache"]["command"], compose["services"]["redis"]["command"]
    assert "--maxmemory " in cache and "--maxmemory-policy allkeys-lru" in cache
    assert "--maxmemory-policy noeviction" in broker
    env = compose["services"]["web"]["environment"]
    assert env["CACHE_URL"].startswith("redis://cache:6379/") and env["REDIS_URL"].startswith("redis://redis:6379/")
    assert ":?" in env["SITE_URL"]  # the address printed on the pairing sheets


def test_the_worker_runs_celery_on_the_project_app(compose) -> None:
    assert compose["services"]["worker"]["command"].startswith("celery -A tourney worker")


def test_the_app_services_wait_for_healthy_db_and_redis(compose) -> None:
    for name in ("migrate", "web", "desk", "worker"):
        depends = compose["services"][name]["depends_on"]
        assert depends["db"]["condition"] == depends["redis"]["condition"] == "service_healthy"
        assert depends["cache"]["condition"] == "service_healthy"


def test_data_lives_in_named_volumes(compose) -> None:
    assert compose["services"]["db"]["volumes"] == ["pgdata:/var/lib/postgresql/data"]
    assert set(compose["volumes"]) == {"pgdata", "redisdata", "rating-lists"}


def test_an_uploaded_rating_list_reaches_the_worker(compose) -> None:
    directory = compose["x-app-environment"]["RATING_LIST_DIR"]
    for name in ("web", "desk", "worker"):
        assert f"rating-lists:{directory}" in compose["services"][name]["volumes"], name


def test_the_environment_is_what_the_settings_read(compose) -> None:
    for name in ("migrate", "web", "desk", "worker"):
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


def test_the_login_throttle_counts_both_proxies_in_front_of_the_app(compose) -> None:
    """Behind the TLS proxy (BEHIND_TLS_PROXY) and nginx (proxy), each appending to
    X-Forwarded-For, the client's address is the second entry from the right: with one
    proxy counted, every client is the TLS proxy and one attacker locks everyone out
    (tests/deploy/test_login_behind_nginx.py)."""
    env = {name: _interpolate(str(value)) for name, value in compose["services"]["web"]["environment"].items()}
    env.update(DATABASE_URL="sqlite:///:memory:", SECRET_KEY="k" * 50, SITE_URL="https://chess.example.org")
    code = "from django.conf import settings as s; print(s.TRUSTED_PROXY_COUNT)"
    out = django_in_subprocess(code, unset=("TRUSTED_PROXY_COUNT",), check=True, **env).stdout.split()
    assert out == ["2"]

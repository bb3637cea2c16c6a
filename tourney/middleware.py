"""Health check answered before host validation and the HTTPS redirect.

Container health checks call http://127.0.0.1:8000/healthz from inside the
container: that host is not in ALLOWED_HOSTS and the request is not HTTPS, so
the check must be answered before SecurityMiddleware and CommonMiddleware see it.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse

HEALTH_PATH = "/healthz"
logger = logging.getLogger(__name__)


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _cache() -> None:
    """The cache takes a write and gives it back (a Redis that refuses writes is down too)."""
    key = f"{HEALTH_CACHE_KEY}:{secrets.token_hex(8)}"  # one per check: processes check side by side
    cache.set(key, 1, timeout=10)
    if cache.get(key) != 1:
        raise RuntimeError("the cache did not keep a value")
    cache.delete(key)


def _broker() -> None:
    """The Celery broker answers (a Redis one: PING; an in-memory one is always there)."""
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://")):
        return
    _broker_client(url).ping()


@functools.lru_cache(maxsize=4)
def _broker_client(url: str) -> Any:
    """One client (and its connection pool) per broker URL for the process's lifetime."""
    import redis

    return redis.Redis.from_url(url, socket_connect_timeout=BROKER_TIMEOUT, socket_timeout=BROKER_TIMEOUT)


HEALTH_CACHE_KEY = "healthz"
BROKER_TIMEOUT = 2.0
CHECKS: dict[str, Callable[[], None]] = {"database": _database, "cache": _cache, "broker": _broker}


class HealthCheckMiddleware:
    """/healthz: the database, the cache and the broker each answer; 503 naming the ones
    that do not (the pages still render without the cache, but slower, and no pairing job
    runs without the broker: the operator wants to know)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path != HEALTH_PATH or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        report = {}
        for name, check in CHECKS.items():
            try:
                check()
            except Exception:  # any failure of a service means unhealthy
                # The error names hosts and ports: for the log, not for whoever asks.
                logger.exception("health check: the %s does not answer", name)
                report[name] = "unavailable"
            else:
                report[name] = "ok"
        healthy = all(state == "ok" for state in report.values())
        return JsonResponse({"status": "ok" if healthy else "error", **report}, status=200 if healthy else 503)

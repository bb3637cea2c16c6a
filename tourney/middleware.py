"""Health check answered before host validation and the HTTPS redirect.

Container health checks call http://127.0.0.1:8000/healthz from inside the
container: that host is not in ALLOWED_HOSTS and the request is not HTTPS, so
the check must be answered before SecurityMiddleware and CommonMiddleware see it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse

HEALTH_PATH = "/healthz"
logger = logging.getLogger(__name__)


class HealthCheckMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path != HEALTH_PATH or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
        except Exception:  # any database failure means unhealthy
            # The error names hosts and ports: for the log, not for whoever asks.
            logger.exception("health check: the database does not answer")
            return JsonResponse({"status": "error", "database": "unavailable"}, status=503)
        return JsonResponse({"status": "ok"})

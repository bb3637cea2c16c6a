"""Content-Security-Policy: scripts and styles from this site only.

Every page gets the policy of settings.CONTENT_SECURITY_POLICY (directive -> sources).
No inline script, style or event handler runs unless it carries the request's nonce:
a template writes ``<script nonce="{{ csp_nonce }}">`` (the context processor below
gives it). The site's own behaviour lives in static files (static/js/), htmx reads its
configuration from a meta tag and compiles no code (allowEval off), so the policy
needs neither 'unsafe-inline' nor 'unsafe-eval'. Django 5.2 has no CSP of its own.

CONTENT_SECURITY_POLICY_REPORT_ONLY sends it as Content-Security-Policy-Report-Only,
to try a change of policy on a live site without breaking a page.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

NONCE = "'nonce-{nonce}'"
HEADER = "Content-Security-Policy"


def policy(nonce: str) -> str:
    directives = settings.CONTENT_SECURITY_POLICY
    return "; ".join(
        " ".join([name, *(source.format(nonce=nonce) for source in sources)]) for name, sources in directives.items()
    )


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        nonce = secrets.token_urlsafe(18)
        request.csp_nonce = nonce  # type: ignore[attr-defined]
        response = self.get_response(request)
        if settings.DEBUG and response.status_code >= 400:
            return response  # Django's technical error pages are all inline CSS and script
        header = HEADER + ("-Report-Only" if settings.CONTENT_SECURITY_POLICY_REPORT_ONLY else "")
        if header not in response:
            response[header] = policy(nonce)
        return response


def csp_nonce(request: HttpRequest) -> dict[str, str]:
    """Context processor: ``{{ csp_nonce }}`` for the rare inline script or style."""
    return {"csp_nonce": getattr(request, "csp_nonce", "")}

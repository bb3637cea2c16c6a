"""Content-Security-Policy: every page forbids inline code without the request's nonce,
and no page of the site needs any (walked as the public, the director and a superuser)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.routes import all_routes
from tourney.models import Bye, ByeKind, Player, Tournament
from tourney.roles import appoint

pytestmark = pytest.mark.django_db
SKIPPED_PREFIXES = ("i18n/", "accounts/logout/")


class _InlineCode(HTMLParser):
    """What a strict policy refuses: inline scripts and styles without the nonce, event
    handler attributes, style attributes and javascript: links."""

    def __init__(self, nonce: str) -> None:
        super().__init__()
        self.nonce = nonce
        self.refused: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in ("script", "style") and not values.get("src") and values.get("nonce") != self.nonce:
            self.refused.append(f"<{tag}> without the nonce")
        for name, value in attrs:
            if name.startswith("on") or name == "style":
                self.refused.append(f"<{tag} {name}=...>")
            if name in ("href", "action", "src") and (value or "").strip().lower().startswith("javascript:"):
                self.refused.append(f"<{tag} {name}={value}>")


@pytest.fixture
def scene(seed: Tournament, django_user_model):
    director = django_user_model.objects.create_user("director")
    appoint(seed, director, "organizer")
    appoint(seed, director, "arbiter")
    kwargs = {
        "tournament_id": seed.pk,
        "number": 2,
        "player_id": Player.objects.get(tournament=seed, pairing_number=12).pk,
        "bye_id": Bye.objects.filter(round__tournament=seed, kind=ByeKind.ZERO_POINT).first().pk,
        "appointment_id": seed.appointments.first().pk,
    }
    pages = []
    for route, pattern in all_routes():
        if route.startswith(SKIPPED_PREFIXES) or not pattern.name or route.startswith("admin/"):
            continue
        wanted = {k: v for k, v in kwargs.items() if k in pattern.pattern.converters}
        if set(wanted) == set(pattern.pattern.converters):
            pages.append(reverse(pattern.name, kwargs=wanted))
    admin_pages = ["/admin/", "/admin/tourney/game/", "/admin/tourney/game/add/", "/admin/tourney/auditentry/"]
    return {"director": director, "pages": pages, "admin_pages": admin_pages}


def _refusals(client: Client, pages: list[str]) -> dict[str, list[str]]:
    found = {}
    for url in pages:
        response = client.get(url)
        if not response.get("Content-Type", "").startswith("text/html"):
            continue
        policy = response["Content-Security-Policy"]
        nonce = re.search(r"'nonce-([^']+)'", policy).group(1)
        parser = _InlineCode(nonce)
        parser.feed(response.content.decode())
        if parser.refused:
            found[url] = parser.refused
    return found


def test_the_policy_allows_this_site_only_and_no_inline_code(client) -> None:
    policy = client.get("/")["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert re.fullmatch(r"'self' 'nonce-[\w-]{20,}'", directives["script-src"])
    assert re.fullmatch(r"'self' 'nonce-[\w-]{20,}'", directives["style-src"])
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy


def test_each_request_has_its_own_nonce(client) -> None:
    assert client.get("/")["Content-Security-Policy"] != client.get("/")["Content-Security-Policy"]


def test_htmx_compiles_no_code_and_injects_no_style(client) -> None:
    page = client.get("/").content.decode()
    config = json.loads(re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", page).group(1))
    assert config["allowEval"] is False and config["includeIndicatorStyles"] is False


def test_no_page_needs_inline_code(client, scene) -> None:
    assert _refusals(client, scene["pages"]) == {}
    client.force_login(scene["director"])
    assert _refusals(client, scene["pages"]) == {}


def test_the_admin_needs_no_inline_code_either(admin_client, scene) -> None:
    assert _refusals(admin_client, scene["admin_pages"]) == {}


def test_report_only_mode_for_trying_a_policy(client, settings) -> None:
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = True
    response = client.get("/")
    assert "Content-Security-Policy-Report-Only" in response and "Content-Security-Policy" not in response

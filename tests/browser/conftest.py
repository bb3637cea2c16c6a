"""Playwright against Debian's chromium (never a downloaded browser)."""

from __future__ import annotations

import pytest
from django.db import connections
from django.test import Client

from tourney.roles import appoint

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(autouse=True)
def allow_orm_beside_playwright(monkeypatch):
    # Playwright's sync API runs an event loop in the test thread; Django's ORM calls
    # made from the test itself would otherwise be refused as "async unsafe".
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()
            # ORM calls made while Playwright runs use a connection of their own (its
            # greenlets carry their own context); close it or the test database cannot be dropped.
            connections.close_all()


@pytest.fixture
def sign_in(live_server, django_user_model):
    """sign_in(context, tournament, roles, username): a user appointed to those roles of the
    tournament, his session given to the browser context."""

    def signed_in(context, tournament, roles=("arbiter",), username="arbiter") -> None:
        user = django_user_model.objects.create_user(username)
        for role in roles:
            appoint(tournament, user, role)
        client = Client()
        client.force_login(user)
        context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])

    return signed_in

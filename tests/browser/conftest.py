"""Playwright against Debian's chromium (never a downloaded browser)."""

from __future__ import annotations

import pytest
from django.db import connections

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

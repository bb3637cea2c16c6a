"""`make run` serves the demo tournament: started here exactly as the README says, on another port."""

from __future__ import annotations

import os
import re
import socket
import urllib.request
from pathlib import Path

import pytest

from tests.deploy.django_process import serving

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode()


@pytest.fixture
def served(tmp_path: Path):
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    # A database of its own, so that the test never touches the developer's db.sqlite3.
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "make-run.log"
    with serving(["make", "run", f"PORT={port}"], env=env, health=base + "/healthz", log=log, wait=180):
        yield base


def test_make_run_serves_the_demo_tournament(served: str) -> None:
    listing = _get(served + "/")
    assert "Dutch worked example (seed 002)" in listing
    link = re.search(r'href="(/t/\d+/)"', listing)
    assert link, listing
    page = _get(served + link.group(1))
    assert "Roberto" in page and "Round 6" in page
    assert "Closed" in page

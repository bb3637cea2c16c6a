"""Django started afresh in a child interpreter, so that tourney/settings.py reads the
environment the test gives it; or served by a real server process (:func:`serving`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def django_in_subprocess(
    code: str = "", *, unset: tuple[str, ...] = (), check: bool = False, **env: str
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` after ``django.setup()`` on tourney.settings, the variables in ``unset``
    taken out of this environment and those in ``env`` put in."""
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        text=True,
        capture_output=True,
        check=check,
        env={**clean, "DJANGO_SETTINGS_MODULE": "tourney.settings", **env},
    )


@contextmanager
def serving(command: list[str], *, env: dict[str, str], health: str, log: Path, wait: float = 60) -> Iterator[None]:
    """*command* (a server) running from the project's root until *health* answers, its
    output in *log*; stopped, with every process it started, on the way out."""
    with open(log, "w") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                urllib.request.urlopen(health, timeout=10).read()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"{' '.join(command)} did not answer {health}:\n{log.read_text()}")
                time.sleep(0.3)
        yield
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)

"""Django started afresh in a child interpreter, so that tourney/settings.py reads the
environment the test gives it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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

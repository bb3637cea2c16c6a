"""`manage.py check --deploy` is clean with production variables set."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k" * 20 + "-production-test-secret-" + "9f3b2c7d1e" * 2,
    "ALLOWED_HOSTS": "chess.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://chess.example.org",
    "DATABASE_URL": "postgres://tourney:secret@db:5432/tourney",
    "REDIS_URL": "redis://redis:6379/0",
    "SITE_URL": "https://chess.example.org",
}


def _check_deploy(fail_level: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "manage.py", "check", "--deploy", "--fail-level", fail_level]
    return subprocess.run(command, cwd=ROOT, env=env, text=True, capture_output=True)


def test_check_deploy_reports_nothing_with_production_variables() -> None:
    env = {**{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}, **PRODUCTION}
    result = _check_deploy("DEBUG", env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_check_deploy_warns_of_a_cache_in_process_memory() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "CACHE_URL")}
    env.update(PRODUCTION)
    env["REDIS_URL"] = ""
    result = _check_deploy("ERROR", env)
    assert "tourney.W001" in result.stdout + result.stderr


def test_check_deploy_warns_of_a_missing_site_address() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(PRODUCTION)
    env["SITE_URL"] = ""
    result = _check_deploy("ERROR", env)
    assert "tourney.W003" in result.stdout + result.stderr

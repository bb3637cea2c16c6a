"""The services/browser markers: skipped with the reason, or failed under REQUIRE_SERVICES=1."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytest_plugins = ["pytester"]

INNER_CONFTEST = """
from tests.conftest import pytest_runtest_setup  # the suite's own gate
"""
INNER_TEST = """
import pytest

@pytest.mark.services
def test_needs_services():
    pass
"""


@pytest.fixture
def inner(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    pytester.makeconftest(INNER_CONFTEST)
    pytester.makepyfile(test_inner=INNER_TEST)
    pytester.makeini("[pytest]\nmarkers =\n    services: x\n    browser: x\n")
    return pytester


def test_without_services_the_test_is_skipped_with_the_reason(inner, monkeypatch) -> None:
    monkeypatch.delenv("REQUIRE_SERVICES", raising=False)
    result = inner.runpytest_subprocess("-p", "no:django", "-p", "no:cacheprovider", "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*services test skipped: DATABASE_URL does not point at PostgreSQL; REDIS_URL*"])


def test_with_require_services_a_missing_service_fails(inner, monkeypatch) -> None:
    monkeypatch.setenv("REQUIRE_SERVICES", "1")
    result = inner.runpytest_subprocess("-p", "no:django", "-p", "no:cacheprovider")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*REQUIRE_SERVICES=1 but DATABASE_URL does not point at PostgreSQL*"])

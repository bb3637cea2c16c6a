"""Suite-wide test configuration.

Two markers gate tests on what the machine has:

* ``services``: PostgreSQL (DATABASE_URL=postgres://...), Redis (REDIS_URL) and a
  real Celery worker. Without them the test is skipped with the reason.
* ``browser``: Playwright driving Debian's /usr/bin/chromium. Skipped without it.

With REQUIRE_SERVICES=1 (CI sets it) a missing service fails the test instead.
Engine tests (tests/engine/) never touch the database.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CHROMIUM = "/usr/bin/chromium"


def _required() -> bool:
    return os.environ.get("REQUIRE_SERVICES", "").strip() in ("1", "true", "yes")


def services_missing() -> str | None:
    """Why the service tests cannot run here, or None when they can."""
    reasons = []
    if not os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        reasons.append("DATABASE_URL does not point at PostgreSQL")
    if not os.environ.get("REDIS_URL"):
        reasons.append("REDIS_URL is not set")
    return "; ".join(reasons) or None


def browser_missing() -> str | None:
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        return f"{CHROMIUM} is not installed (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    return None


def pytest_sessionstart(session: pytest.Session) -> None:
    from tests.translations import compile_stale_catalogues

    compile_stale_catalogues()


def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker, missing in (("services", services_missing), ("browser", browser_missing)):
        if item.get_closest_marker(marker) is None:
            continue
        reason = missing()
        if reason is None:
            continue
        if _required():
            pytest.fail(f"REQUIRE_SERVICES=1 but {reason}", pytrace=False)
        pytest.skip(f"{marker} test skipped: {reason}")


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Each test starts in the site's language: a request in Italian leaves Italian active in
    the thread (the locale middleware activates, nothing deactivates), and a later test's
    service messages would come out translated."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_public_cache(settings) -> None:
    """Each test reads its own public cache (tourney/caching/): the keys carry a release
    of their own, so nothing is flushed (the Redis database may be the Celery broker's too)
    and no page cached by another test, or another run, is ever served."""
    settings.PUBLIC_CACHE_RELEASE = f"test-{uuid.uuid4().hex}"
    settings.PUBLIC_PAGE_REFRESH_SECONDS = 0  # a change shows at once (its own tests set it)


@pytest.fixture(autouse=True)
def _test_logins_carry_the_desk_marker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Client.login and force_login sign in without a response: they set the desk marker a
    real sign-in gets from DeskMarkerMiddleware (tourney/caching/), or the public page
    cache would take the signed-in user for a reader."""
    from django.conf import settings
    from django.test.client import ClientMixin

    from tourney.caching.readers import desk_marker

    set_login_cookies = ClientMixin._set_login_cookies

    def with_marker(self, request) -> None:  # type: ignore[no-untyped-def]
        set_login_cookies(self, request)
        self.cookies[settings.DESK_COOKIE_NAME] = desk_marker(request.session.session_key)

    monkeypatch.setattr(ClientMixin, "_set_login_cookies", with_marker)


@pytest.fixture
def eager_celery():
    """Run tasks in-process for this test even when a broker is configured."""
    from tourney.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield app
    app.conf.task_always_eager = before


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """No persistent connections in tests: live-server request threads would keep
    theirs open and block the test database's teardown on PostgreSQL."""
    from django.conf import settings

    for database in settings.DATABASES.values():
        database["CONN_MAX_AGE"] = 0


def _test_database_url() -> str:
    from django.db import connection

    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


@pytest.fixture
def queued_pairings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The round ids whose pairing job the services queue, kept here instead of sent; the
    options each was sent with (its soft time limit) in ``queued.options``."""
    from pairing.tasks import pair_round_task

    queued = QueuedJobs()

    def send(args: tuple[int], **options: object) -> None:
        queued.append(args[0])
        queued.options.append(options)

    monkeypatch.setattr(pair_round_task, "apply_async", send)
    return queued


class WorkerQueue(str):
    """The name of a test worker's queue, with its process and log for the tests that watch it."""

    process: subprocess.Popen
    log: Path


class QueuedJobs(list):
    def __init__(self) -> None:
        super().__init__()
        self.options: list[dict[str, object]] = []


@pytest.fixture
def celery_worker_queue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A real Celery worker process of tourney's app on the test database, consuming a
    queue of its own on the real broker (so that no other worker on the machine takes
    its tasks); the pairing jobs the services queue go to it.

    Needs a transactional test (django_db(transaction=True)): the worker only sees
    committed rows.
    """
    yield from _celery_worker("tourney", tmp_path, monkeypatch, {})


@pytest.fixture
def stalling_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """A real worker whose pairing stops where the engine would run, until it is killed
    (tests/hooks.py): yields its queue and the file it writes its pid to when it stops there."""
    marker = tmp_path / "worker.pid"
    for queue in _celery_worker("tests.hooks", tmp_path, monkeypatch, {"PAIRING_HOOK_MARKER": str(marker)}):
        yield queue, marker


def _celery_worker(
    app: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    extra_env: dict[str, str],
    extra_args: tuple[str, ...] = (),
    pool: tuple[str, ...] = ("--pool=solo", "--concurrency=1"),
) -> Iterator[str]:
    from pairing.tasks import pair_round_task, why_not_task
    from tourney.services.import_jobs import import_trf_task

    queue = WorkerQueue(f"test-{uuid.uuid4().hex[:8]}")
    for task in (pair_round_task, import_trf_task, why_not_task):
        send = task.apply_async
        monkeypatch.setattr(
            task, "apply_async", lambda args, send=send, **options: send(args, **{**options, "queue": queue})
        )
    env = {
        **os.environ,
        "DATABASE_URL": _test_database_url(),
        "DATABASE_CONN_MAX_AGE": "0",
        "TEST_WORKER_QUEUE": queue,  # tests/hooks.py sends the beat's tasks there
        **extra_env,
    }
    log = tmp_path / "celery-worker.log"
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        app,
        "worker",
        *pool,
        "-Q",
        queue,
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
        "-l",
        "INFO",
        *extra_args,
    ]
    with open(log, "w") as out:
        worker = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    queue.process, queue.log = worker, log
    try:
        yield queue
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
        print(log.read_text())

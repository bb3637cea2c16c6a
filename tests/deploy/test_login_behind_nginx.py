"""The login throttle behind the shipped nginx configuration (deploy/nginx.conf) run by a
real nginx: the test plays the TLS proxy in front of it (it appends the client's address
to X-Forwarded-For), nginx appends the TLS proxy's, and the application counts failures
per client. Skipped where no nginx is installed."""

from __future__ import annotations

import http.client
import re
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tourney.login_throttle import clear_address, clear_failures

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
PASSWORD = "a-long-test-password"
ATTACKER, COLLEAGUE = "203.0.113.7", "192.0.2.44"

pytestmark = [
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed"),
    pytest.mark.django_db(transaction=True),
]


def _free_port() -> int:
    for port in range(18150, 18200):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in 18150-18199")


def _configuration(directory: Path, port: int, upstream: str) -> str:
    """deploy/nginx.conf with the compose names replaced: this port, the test's server."""
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    site = site.replace("listen 80;", f"listen 127.0.0.1:{port};")
    site = site.replace("resolver 127.0.0.11 valid=10s ipv6=off;", "")
    site = site.replace("proxy_pass $app;", f"proxy_pass {upstream};")
    site = site.replace("/var/cache/nginx/tourney", str(directory / "cache"))
    temporary = " ".join(
        f"{kind}_temp_path {directory / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        # One process, as the test's user (a root master would hand the cache to nobody).
        f"master_process off;\npid {directory / 'nginx.pid'};\nerror_log {directory / 'error.log'};\nevents {{}}\n"
        f"http {{\naccess_log off;\n{temporary}\n{site}\n}}\n"
    )


@pytest.fixture
def nginx(live_server, tmp_path) -> Iterator[int]:
    port = _free_port()
    (tmp_path / "nginx.conf").write_text(_configuration(tmp_path, port, live_server.url))
    server = subprocess.Popen(
        [
            NGINX,
            "-p",
            str(tmp_path),
            "-e",
            str(tmp_path / "error.log"),
            "-c",
            str(tmp_path / "nginx.conf"),
            "-g",
            "daemon off;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if server.poll() is not None:
                raise RuntimeError(server.stderr.read().decode())
            time.sleep(0.05)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=10)


class TlsProxy:
    """What the TLS proxy in front sends nginx: the client's own X-Forwarded-For with the
    client's address appended."""

    def __init__(self, port: int) -> None:
        self.port = port
        page = self._request("GET", "/accounts/login/", ATTACKER)
        self.cookie = re.search(r"csrftoken=([^;]+)", page.getheader("Set-Cookie")).group(1)
        self.token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.read().decode()).group(1)

    def _request(self, method: str, path: str, client: str, forged: str = "", body: str | None = None, **headers: str):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        forwarded = f"{forged}, {client}" if forged else client
        connection.request(method, path, headers={"X-Forwarded-For": forwarded, **headers}, body=body)
        return connection.getresponse()

    def login(self, client: str, username: str, password: str, forged: str = "") -> int:
        body = urlencode({"username": username, "password": password, "csrfmiddlewaretoken": self.token})
        response = self._request(
            "POST",
            "/accounts/login/",
            client,
            forged,
            body=body,
            **{"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={self.cookie}"},
        )
        response.read()
        return response.status


def _attack_then_log_in(proxy: TlsProxy, username: str, limit: int) -> tuple[int, int]:
    """*limit* failures from the attacker over many names (a forged first entry each time),
    then the right password from the attacker and from a colleague: their two statuses."""
    for k in range(limit):
        proxy.login(ATTACKER, f"{username}-guess-{k}", "Spring2026!", forged=f"198.51.100.{k}")
    return proxy.login(ATTACKER, username, PASSWORD), proxy.login(COLLEAGUE, username, PASSWORD)


@pytest.fixture
def account(django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 30
    user = django_user_model.objects.create_user(f"arb-{uuid.uuid4().hex[:8]}", password=PASSWORD)
    yield user
    for address in (ATTACKER, COLLEAGUE, "127.0.0.1"):  # 127.0.0.1: the TLS proxy, as nginx sees it
        for k in range(30):
            clear_failures(f"{user.username}-guess-{k}", address)
        clear_failures(user.username, address)
        clear_address(address)


def test_thirty_failures_from_one_client_lock_out_that_client_only(nginx, account, settings) -> None:
    settings.TRUSTED_PROXY_COUNT = 2  # the TLS proxy and nginx
    assert _attack_then_log_in(TlsProxy(nginx), account.username, 30) == (429, 302)


def test_counting_one_proxy_too_few_locks_everyone_out(nginx, account, settings) -> None:
    """Why TRUSTED_PROXY_COUNT must count nginx too: with 1, every client is counted as the
    TLS proxy's address (the entry nginx appended), and the attacker locks out everyone."""
    settings.TRUSTED_PROXY_COUNT = 1
    assert _attack_then_log_in(TlsProxy(nginx), account.username, 30) == (429, 429)

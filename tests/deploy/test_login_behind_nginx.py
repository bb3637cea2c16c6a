"""The login throttle behind the shipped nginx configuration (deploy/nginx.conf) run by a
real nginx: the test plays the TLS proxy in front of it (it appends the client's address
to X-Forwarded-For), nginx appends the TLS proxy's, and the application counts failures
per client. Skipped where no nginx is installed."""

from __future__ import annotations

import http.client
import re
import uuid
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest

from tests.deploy.nginx_site import NGINX, running_nginx
from tourney.login_throttle import clear_address, clear_failures

PASSWORD = "a-long-test-password"
ATTACKER, COLLEAGUE = "203.0.113.7", "192.0.2.44"

pytestmark = [
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed"),
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def nginx(live_server, tmp_path, settings) -> Iterator[int]:
    with running_nginx(
        tmp_path, web=live_server.url, desk=live_server.url, secret=settings.DESK_ROUTING_SECRET
    ) as port:
        yield port


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

"""deploy/nginx.conf run by a real nginx (skipped where none is installed): the desk marker
Django sets routes to the desk replicas, a made-up, foreign or expired one does not; the
cache key keeps one copy per encoding and none per made-up header value."""

from __future__ import annotations

import http.server
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.deploy.nginx_site import NGINX, running_nginx
from tourney.caching.readers import desk_marker

pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")


class _Upstream(http.server.BaseHTTPRequestHandler):
    """Answers its name and how many requests it has seen: a public page, gzip or not as asked."""

    def do_GET(self) -> None:
        self.server.seen += 1  # type: ignore[attr-defined]
        body = f"{self.server.name} {self.server.seen}".encode()  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Cache-Control", "public, max-age=60")
        if "gzip" in self.headers.get("Accept-Encoding", ""):
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def _upstream(name: str) -> http.server.ThreadingHTTPServer:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Upstream)
    server.name, server.seen = name, 0  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


@pytest.fixture
def proxy(tmp_path: Path, settings) -> Iterator[str]:
    settings.DESK_ROUTING_SECRET = "a-secret-the-proxy-and-django-share"
    web, desk = _upstream("web"), _upstream("desk")
    try:
        with running_nginx(
            tmp_path,
            web=f"http://127.0.0.1:{web.server_port}",
            desk=f"http://127.0.0.1:{desk.server_port}",
            secret=settings.DESK_ROUTING_SECRET,
        ) as port:
            yield f"http://127.0.0.1:{port}"
    finally:
        web.shutdown()
        desk.shutdown()


def _get(url: str, **headers: str) -> tuple[str, str]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=5) as response:
        return response.read().decode(errors="replace").split()[0], response.headers.get("X-Cache", "")


def test_only_a_marker_django_signed_for_the_session_reaches_the_desk(proxy) -> None:
    session = "k" * 32
    valid = desk_marker(session)
    assert _get(f"{proxy}/t/1/", Cookie=f"sessionid={session}; desk={valid}")[0] == "desk"
    for cookie in (
        "sessionid=x",  # a made-up session, no marker
        "sessionid=x; desk=y",  # a made-up marker
        f"sessionid={'o' * 32}; desk={valid}",  # another session's marker
        f"sessionid={session}; desk={desk_marker(session, int(time.time()) - 10)}",  # expired
    ):
        assert _get(f"{proxy}/t/1/", Cookie=cookie)[0] == "web", cookie


def test_a_made_up_cookie_is_served_from_the_proxy_cache(proxy) -> None:
    _get(f"{proxy}/t/2/")
    assert _get(f"{proxy}/t/2/", Cookie="sessionid=x; desk=y")[1] == "HIT"


def test_gzip_and_identity_are_kept_apart_and_made_up_targets_share_a_copy(proxy) -> None:
    _get(f"{proxy}/t/3/", **{"Accept-Encoding": "gzip"})
    assert _get(f"{proxy}/t/3/")[1] == "MISS"  # no gzip bytes for a client that did not ask
    assert _get(f"{proxy}/t/3/", **{"Accept-Encoding": "gzip, br"})[1] == "HIT"
    htmx = {"HX-Request": "true"}
    _get(f"{proxy}/t/3/", **htmx, **{"HX-Target": "made-up-1"})
    assert _get(f"{proxy}/t/3/", **htmx, **{"HX-Target": "made-up-2"})[1] == "HIT"
    assert _get(f"{proxy}/t/3/", **htmx, **{"HX-Target": "players"})[1] == "MISS"


def test_the_language_is_keyed_as_django_chooses_it(proxy) -> None:
    _get(f"{proxy}/t/4/", **{"Accept-Language": "en-GB,en;q=0.9"})
    assert _get(f"{proxy}/t/4/", **{"Accept-Language": "fr-FR, de;q=0.5"})[1] == "HIT"  # both English
    assert _get(f"{proxy}/t/4/", **{"Accept-Language": "it-IT,it;q=0.9"})[1] == "MISS"
    assert _get(f"{proxy}/t/4/", Cookie="django_language=it")[1] == "HIT"
    assert _get(f"{proxy}/t/4/", **{"Accept-Language": "en;q=0.1, it;q=0.9"})[1] == "BYPASS"  # Django decides

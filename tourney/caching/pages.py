"""The rendered public pages, kept per version: this process's recent copies, Redis's, one
render per page variant at a time, the previous copy served while the next is due."""

from __future__ import annotations

import gzip
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

from tourney.caching import key_prefix, token_time, versions_read
from tourney.caching.computed import shared_rendering
from tourney.caching.guard import guarded

LOCK_SECONDS = 30  # one process renders a page while the others serve the previous copy or wait
WAIT_STEP = 0.05
# Headers of a rendered page worth keeping with it (downloads name their file).
KEPT_HEADERS = ("Content-Type", "Content-Disposition")


@dataclass(frozen=True)
class PageVersion:
    key: str  # the cached page
    latest: str  # where the last page rendered for this variant is, whatever its version
    etag: str  # quoted
    last_modified: float
    read_at: float  # when its tokens were read: every change bumped before is in this version


# The HTMX targets the public pages swap (their sections' ids): another target gets the
# same answer as none, and no copy of its own.
HTMX_TARGETS = frozenset({"players", "rounds", "pairing", "standings", "card"})


def htmx_target(request: HttpRequest) -> str:
    target = request.headers.get("HX-Target", "")
    return target if target in HTMX_TARGETS else ""


def page_version(
    request: HttpRequest, tournament_id: int, parts: Sequence[str], *, per_host: bool = False, htmx_parts: bool = True
) -> PageVersion:
    """The page's key, pointer and validators; *per_host*: it shows the address it was asked
    by (no SITE_URL), so a copy per host name; *htmx_parts*: an HTMX request gets a part of
    it (else the whole page, one copy for both)."""
    tokens, read_at = versions_read(tournament_id, parts)
    htmx = htmx_parts and request.headers.get("HX-Request") == "true"
    page = "|".join(
        [
            request.get_full_path(),
            translation.get_language() or "",
            f"{request.scheme}://{request.get_host()}" if per_host else "",
        ]
    )
    variant = "|".join([page, "htmx" if htmx else "page", htmx_target(request) if htmx else ""])
    digest = hashlib.sha256(f"{variant}|{'.'.join(tokens)}".encode()).hexdigest()[:32]
    variant_digest = hashlib.sha256(variant.encode()).hexdigest()[:32]
    # The ETag names the version of the page, whole or in part: the live poll (an HTMX
    # request for a part) sends back the whole page's ETag and gets 304 until a change.
    page = f"{page}|{'.'.join(tokens)}"
    return PageVersion(
        key=f"{key_prefix()}:p:{tournament_id}:{digest}",
        latest=f"{key_prefix()}:l:{tournament_id}:{variant_digest}",
        etag='"' + hashlib.sha256(page.encode()).hexdigest()[:32] + '"',
        last_modified=max(token_time(t) for t in tokens),
        read_at=read_at,
    )


def _stored(response: HttpResponse) -> dict[str, Any]:
    content = response.content
    return {
        "content": content,
        # Compressed once here, not at every request: a 2,000-player page shrinks ten times.
        "gzip": gzip.compress(content, compresslevel=6, mtime=0) if len(content) >= GZIP_FROM else None,
        "headers": {h: response[h] for h in KEPT_HEADERS if response.has_header(h)},
    }


GZIP_FROM = 1024


def stored_response(page: dict[str, Any], request: HttpRequest) -> HttpResponse:
    zipped = page.get("gzip")
    if zipped is not None and "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(zipped)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(page["content"])
    for header, value in page["headers"].items():
        response[header] = value
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def render_shared(view: Callable[..., HttpResponse], request: HttpRequest, args: tuple, kwargs: dict) -> HttpResponse:
    """The view's page for every reader: no CSRF token in it, what it computes kept."""
    request.shared_page = True  # type: ignore[attr-defined]
    with shared_rendering():
        return view(request, *args, **kwargs)


class RecentPages:
    """The pages this process served last, by key. A key names one version of one page,
    whose bytes never change: a copy here is never stale, and a big page (a 2,000-player
    crosstable is megabytes) is not fetched from Redis at every request."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.pages: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()

    def get(self, key: str) -> dict[str, Any] | None:
        with self.lock:
            page = self.pages.get(key)
            if page is not None:
                self.pages.move_to_end(key)
            return page

    def put(self, key: str, page: dict[str, Any]) -> None:
        size = len(page["content"])
        if size > self.max_bytes // 4:
            return
        with self.lock:
            if key in self.pages:
                return
            self.pages[key] = page
            self.size += size
            while self.size > self.max_bytes:
                _, old = self.pages.popitem(last=False)
                self.size -= len(old["content"])


recent_pages = RecentPages(max_bytes=64 * 1024 * 1024)


def _page(key: str) -> dict[str, Any] | None:
    """The page stored under *key*: this process's copy, else Redis's (then kept here)."""
    page = recent_pages.get(key)
    if page is None:
        page = guarded("get", key, default=None)
        if page is not None:
            recent_pages.put(key, page)
    return page


# {variant's pointer key: {"key", "rendered"}}: the last page of each variant this process
# read or rendered, so that while a new version is due a request costs no Redis round trip.
# "rendered" is when the versions that page was rendered for were read (before its render):
# the refresh window counts from there, so a change waits at most the window, whatever the
# render took and however long this process reused its tokens (PUBLIC_VERSIONS_LOCAL_SECONDS).
_known_latest: dict[str, dict[str, Any]] = {}
# {variant's pointer key: until when}: another process was found rendering the variant's new
# version; until then this one serves the previous copy without asking again.
_rendered_elsewhere_until: dict[str, float] = {}
# Short: once the other process has stored the new version, this one shows it this late at most.
RENDERING_ELSEWHERE_SECONDS = 0.25


def _renewed_lately(pointer: dict[str, Any] | None) -> bool:
    return pointer is not None and time.time() - pointer["rendered"] < settings.PUBLIC_PAGE_REFRESH_SECONDS


def copy_in_hand(version: PageVersion) -> tuple[dict[str, Any], str] | None:
    """The page for *version* and its ETag, or the previous page of its variant while the
    versions that one was rendered for were read less than PUBLIC_PAGE_REFRESH_SECONDS ago
    (results coming in every second do not make every big page render every second: a
    reader's copy is at most that late); None when the page is to be rendered."""
    page = recent_pages.get(version.key)
    if page is not None:
        return page, version.etag
    pointer = _known_latest.get(version.latest)
    rendering_elsewhere = _rendered_elsewhere_until.get(version.latest, 0.0) > time.monotonic()
    if pointer is not None and pointer["key"] != version.key and (_renewed_lately(pointer) or rendering_elsewhere):
        previous = recent_pages.get(pointer["key"])
        if previous is not None:
            return previous, previous["etag"]
    page = _page(version.key)
    if page is not None:
        _known_latest[version.latest] = {"key": version.key, "rendered": page["rendered"]}
        return page, version.etag
    pointer = guarded("get", version.latest, default=None)
    if _renewed_lately(pointer):
        previous = _page(pointer["key"])
        if previous is not None:
            _known_latest[version.latest] = pointer
            return previous, previous["etag"]
    return None


def cached_page(
    view: Callable[..., HttpResponse], request: HttpRequest, args: tuple, kwargs: dict, version: PageVersion
) -> tuple[dict[str, Any] | None, HttpResponse | None, str]:
    """The page for *version* (kept in this process, from the cache, or rendered and
    stored), or the view's own answer when it is not a page to keep (404, redirect); the
    ETag it was made for."""
    in_hand = copy_in_hand(version)
    if in_hand is not None:
        return in_hand[0], None, in_hand[1]
    latest = guarded("get", version.latest, default=None)  # a small pointer: {"key", "rendered"}
    previous = _page(latest["key"]) if latest is not None else None
    # One render per page variant at a time, whatever the version: while results come in
    # every second, processes rendering successive versions side by side would starve.
    lock = version.latest + ":lock"
    deadline = time.monotonic() + LOCK_SECONDS
    # A cache that fails takes no lock: this process renders.
    while not guarded("add", lock, 1, timeout=LOCK_SECONDS, default=True):
        # Another process renders this page: serve the previous copy meanwhile, or wait for it.
        if previous is not None:
            # The next requests for it are answered before the middleware meanwhile.
            _rendered_elsewhere_until[version.latest] = time.monotonic() + RENDERING_ELSEWHERE_SECONDS
            _known_latest[version.latest] = latest
            return previous, None, previous["etag"]
        time.sleep(WAIT_STEP)
        page = _page(version.key)
        if page is not None:
            return page, None, version.etag
        if time.monotonic() > deadline:
            break
    try:
        response = render_shared(view, request, args, kwargs)
        if response.status_code != 200 or response.streaming:
            return None, response, version.etag
        page = {
            **_stored(response),
            "etag": version.etag,
            "last_modified": version.last_modified,
            "rendered": version.read_at,
        }
        ttl = settings.PUBLIC_PAGE_CACHE_SECONDS
        new_latest = {"key": version.key, "rendered": page["rendered"]}
        guarded("set_many", {version.key: page, version.latest: new_latest}, timeout=ttl)
        if latest is not None and latest["key"] != version.key and latest["rendered"] <= page["rendered"]:
            # One version per page variant in the cache: the one it replaces goes now.
            guarded("delete", latest["key"])
        recent_pages.put(version.key, page)
        _known_latest[version.latest] = new_latest
        return page, None, version.etag
    finally:
        guarded("delete", lock)

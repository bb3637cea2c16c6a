"""Public pages computed once per change: versions per tournament, the page cache, HTTP caching.

Every tournament has a few version tokens in Django's cache (Redis in production, shared by
every web process and the Celery worker):

- ``all``: bumped by every change a reader can see;
- ``base``: the players and the settings (names, ratings, tie-break list, number of rounds);
- ``rounds``: a round's status (paired, published, closed...) and so its boards;
- ``r<n>``: round *n* (pairing requested, paired, published, exchanged, results, closed,
  requested byes).

A page depends on some of them: a round's pairing page on ``base`` and its own round; the
tournament page on ``base`` and ``rounds`` (a result does not change it); the standings,
crosstable, player cards and downloads on ``all``. The services
call :func:`public_change` at the point of the write; the bump runs in
``transaction.on_commit``, so a reader never sees a new version before its data is committed.
A token is the change time in microseconds (hex): it gives ``Last-Modified``, and a token
lost from the cache comes back as a new, later one, so a page can never be mistaken for
an older one.

:func:`public_page` wraps a public view. A reader (nobody signed in: a made-up session
cookie makes no difference) gets the page from the cache, keyed by (tournament, version
tokens, canonical path and query, language, known HTMX target); it is rendered once per
change and per variant, with no CSRF token in it (the same bytes for every reader, so a
proxy may keep it), with ``ETag``/``Last-Modified`` and ``Cache-Control: public,
max-age=PUBLIC_PAGE_MAX_AGE``; ``If-None-Match`` is answered 304 without touching the
database. Any other URL of a page (a zero-padded number, a parameter it does not read) is
redirected to its own, and nothing is kept for a tournament or round that does not exist,
so made-up URLs cannot fill the cache. A signed-in user (an arbiter, an organizer: his
requests carry the desk marker, checked here before the session is read) is rendered
fresh, never read from nor written to the cache, and marked ``private, no-store``: what
the desk shows (a draft pairing, its explanations) never reaches a cache a reader can hit,
and the arbiter never reads a public copy older than his own change.

The cache only spares work: every call to it goes through :func:`guarded`, and a cache that
is down or refuses writes makes pages render afresh, never an error.
"""

from __future__ import annotations

import base64
import contextvars
import gzip
import hashlib
import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Any

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core import checks
from django.core.cache import cache
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect, QueryDict
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.crypto import constant_time_compare
from django.utils.http import http_date, urlencode

ALL = "all"
BASE = "base"
ROUNDS = "rounds"
# The site-wide scope (tournament id 0): the list of tournaments on the home page.
SITE = 0
TOURNAMENT_LIST = "list"
VERSION_TTL = 30 * 24 * 3600  # a token lost after this comes back as a newer one: pages recompute once
LOCK_SECONDS = 30  # one process renders a page while the others serve the previous copy or wait
WAIT_STEP = 0.05
# Headers of a rendered page worth keeping with it (downloads name their file).
KEPT_HEADERS = ("Content-Type", "Content-Disposition")


def round_part(number: int) -> str:
    return f"r{number}"


def _prefix() -> str:
    return f"pub:{settings.PUBLIC_CACHE_RELEASE}"


def _version_key(tournament_id: int, part: str) -> str:
    return f"{_prefix()}:v:{tournament_id}:{part}"


def _token() -> str:
    return format(time.time_ns() // 1000, "x")


def _token_time(token: str) -> float:
    try:
        return int(token, 16) / 1_000_000
    except ValueError:
        return time.time()


# ---------------------------------------------------------------- the cache may fail

logger = logging.getLogger(__name__)
# What a guarded cache call answers when the cache failed (distinct from a miss).
FAILED: Any = object()
# After a connection failure this process leaves the cache alone this long: every request
# would otherwise wait for a connection that is refused or times out.
CACHE_RETRY_SECONDS = 2.0
# One warning per this many seconds at most: a crowd would otherwise fill the log.
CACHE_WARNING_SECONDS = 10.0
_cache_down_until = 0.0
_last_cache_warning = 0.0


class CacheUnavailable(Exception):
    """The cache did not answer: the page is rendered without it."""


class UnknownPage(Exception):
    """The page names a tournament or a round that does not exist: nothing is kept for it."""


def _connection_failure(error: Exception) -> bool:
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError
    except ImportError:  # pragma: no cover - redis is in requirements.txt
        return isinstance(error, OSError)
    return isinstance(error, RedisConnectionError | RedisTimeoutError | OSError)


def guarded(operation: str, *args: Any, default: Any = FAILED, **kwargs: Any) -> Any:
    """``cache.<operation>(*args, **kwargs)``, or *default* when the cache fails. The cache
    only spares work: a cache that is down, or refuses writes, makes pages render afresh,
    never an error."""
    global _cache_down_until, _last_cache_warning
    if time.monotonic() < _cache_down_until:
        return default
    try:
        return getattr(cache, operation)(*args, **kwargs)
    except Exception as error:  # any cache failure: the page renders without the cache
        now = time.monotonic()
        if _connection_failure(error):
            _cache_down_until = now + CACHE_RETRY_SECONDS
        if now - _last_cache_warning >= CACHE_WARNING_SECONDS:
            _last_cache_warning = now
            logger.warning("public page cache: %s failed (%s: %s); rendering without it", operation,
                           type(error).__name__, error)  # fmt: skip
        return default


# ---------------------------------------------------------------- invalidation


def parts_changed(*, round_number: int | None = None, base: bool = False, status: bool = False) -> tuple[str, ...]:
    parts = [ALL]
    if base:
        parts.append(BASE)
    if status:
        parts.append(ROUNDS)
    if round_number is not None:
        parts.append(round_part(round_number))
    return tuple(parts)


def bump(tournament_id: int, parts: Iterable[str]) -> None:
    """New tokens for *parts* of the tournament now (use public_change from a service). Its
    players or settings (name, place, dates, status) are on the home page's list too."""
    keys = [_version_key(tournament_id, p) for p in parts]
    if BASE in parts:
        keys.append(_version_key(SITE, TOURNAMENT_LIST))
    _write_tokens(keys)


# Version keys whose new token the cache refused: written again at the next chance (a
# change already committed must reach the readers once the cache takes writes again).
_pending_bumps: dict[str, None] = {}
_next_bump_retry = 0.0
BUMP_RETRY_SECONDS = 1.0


def _write_tokens(keys: Sequence[str]) -> None:
    global _next_bump_retry
    token = _token()
    seen = time.monotonic()
    for key in keys:  # this process sees its own change at once
        _known_versions[key] = (token, seen)
    if guarded("set_many", dict.fromkeys(keys, token), timeout=VERSION_TTL) is FAILED:
        _pending_bumps.update(dict.fromkeys(keys))
        _next_bump_retry = seen + BUMP_RETRY_SECONDS
        return
    for key in keys:
        _pending_bumps.pop(key, None)


def _retry_pending_bumps() -> None:
    if _pending_bumps and time.monotonic() >= _next_bump_retry:
        _write_tokens(list(_pending_bumps))


# The tokens this process read last, with when: under a crowd every request would otherwise
# ask Redis for them. A change made in another process shows here after
# PUBLIC_VERSIONS_LOCAL_SECONDS at most (0: ask Redis every time).
_known_versions: dict[str, tuple[str, float]] = {}


def public_change(
    tournament_id: int, *, round_number: int | None = None, base: bool = False, status: bool = False
) -> None:
    """What readers see of the tournament changes when the current transaction commits:
    round *round_number*'s pairing or results (*status*: and the round's status, or its
    boards), or (*base*) its players or settings. Every change also renews the pages that
    show the whole tournament's results."""
    parts = parts_changed(round_number=round_number, base=base, status=status)
    transaction.on_commit(lambda: bump(tournament_id, parts))


def versions(tournament_id: int, parts: Sequence[str]) -> tuple[str, ...]:
    """The current tokens of *parts*, in order (one round trip when they are known, none
    when this process read them less than PUBLIC_VERSIONS_LOCAL_SECONDS ago)."""
    return _versions_read(tournament_id, parts)[0]


def _versions_read(tournament_id: int, parts: Sequence[str]) -> tuple[tuple[str, ...], float]:
    """versions(), and when they were read from the cache (wall clock, seconds): every
    change bumped before that time is in them."""
    keys = [_version_key(tournament_id, p) for p in parts]
    now = time.monotonic()
    fresh_for = settings.PUBLIC_VERSIONS_LOCAL_SECONDS
    if fresh_for > 0:
        known = [_known_versions.get(k) for k in keys]
        if all(k is not None and now - k[1] < fresh_for for k in known):
            oldest = min(k[1] for k in known)  # type: ignore[index]
            return tuple(k[0] for k in known), time.time() - (now - oldest)  # type: ignore[index]
    _retry_pending_bumps()
    found = guarded("get_many", keys)
    if found is FAILED:
        raise CacheUnavailable
    missing = [k for k in keys if k not in found]
    if missing:
        # A token is kept only for what exists: made-up tournament or round numbers would
        # otherwise each leave keys in the cache for VERSION_TTL.
        if not _exists(tournament_id, [p for p, k in zip(parts, keys, strict=True) if k in missing]):
            raise UnknownPage
        token = _token()
        for key in missing:
            guarded("add", key, token, timeout=VERSION_TTL)
        again = guarded("get_many", missing)
        found.update({k: token for k in missing} if again is FAILED else again)
    tokens = tuple(str(found.get(k, "")) for k in keys)
    for key, token in zip(keys, tokens, strict=True):
        _known_versions[key] = (token, now)
    return tokens, time.time() - (time.monotonic() - now)


def _rounds_of(tournament_id: int) -> int | None:
    """The tournament's number of rounds, None when there is no such tournament."""
    from tourney.models import Tournament

    return Tournament.objects.filter(pk=tournament_id).values_list("rounds", flat=True).first()


def _exists(tournament_id: int, parts: Sequence[str]) -> bool:
    """The tournament exists and so do the rounds among *parts* (asked only when a version
    is missing from the cache: once per tournament and round every VERSION_TTL)."""
    if tournament_id == SITE:
        return True
    rounds = _rounds_of(tournament_id)
    if rounds is None:
        return False
    numbers = [int(p[1:]) for p in parts if re.fullmatch(r"r\d+", p)]
    return all(1 <= n <= rounds for n in numbers)


# ---------------------------------------------------------------- the page cache


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
    tokens, read_at = _versions_read(tournament_id, parts)
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
        key=f"{_prefix()}:p:{tournament_id}:{digest}",
        latest=f"{_prefix()}:l:{tournament_id}:{variant_digest}",
        etag='"' + hashlib.sha256(page.encode()).hexdigest()[:32] + '"',
        last_modified=max(_token_time(t) for t in tokens),
        read_at=read_at,
    )


def shared_request(request: HttpRequest) -> bool:
    """A reader's request whose page may be shared: nobody signed in (a valid session of a
    user, whatever cookies the request carries), no message waiting for him."""
    user = getattr(request, "user", None)
    return not (user is not None and user.is_authenticated) and not _messages_waiting(request)


def _messages_waiting(request: HttpRequest) -> bool:
    """A message for this reader in his cookie (signed by this site: a made-up one is none)."""
    value = request.COOKIES.get(CookieStorage.cookie_name)
    return bool(value) and CookieStorage(request)._decode(value) is not None


# The desk marker: a cookie set beside the session of a signed-in user, "<hash>.<expires>",
# the hash an MD5 of the expiry time, his session key and DESK_ROUTING_SECRET, as nginx's
# secure_link_md5 computes it (deploy/nginx.conf): the proxy checks it without Django and
# sends only a valid one to the desk replicas; here it is checked without the session store,
# so a request whose marker is missing, expired or not its session cookie's is a reader's,
# answered from the cache before the session is read. It routes, the session authenticates.


def desk_marker(session_key: str, expires: int | None = None) -> str:
    if expires is None:
        expires = int(time.time()) + settings.SESSION_COOKIE_AGE
    signed = f"{expires}{session_key} {settings.DESK_ROUTING_SECRET}".encode()
    digest = hashlib.md5(signed).digest()  # nginx's secure_link knows no other hash
    return f"{base64.urlsafe_b64encode(digest).rstrip(b'=').decode()}.{expires}"


def desk_marker_valid(marker: str, session_key: str) -> bool:
    _, _, expires = marker.partition(".")
    if not (session_key and expires.isdigit()) or int(expires) < time.time():
        return False
    return constant_time_compare(marker, desk_marker(session_key, int(expires)))


def may_be_private(request: HttpRequest) -> bool:
    """The request may be a signed-in user's (a valid desk marker of its session cookie) or
    carry a message: the session decides, further down. Any other is a reader's."""
    session_key = request.COOKIES.get(settings.SESSION_COOKIE_NAME, "")
    marker = request.COOKIES.get(settings.DESK_COOKIE_NAME, "")
    return desk_marker_valid(marker, session_key) or _messages_waiting(request)


class DeskMarkerMiddleware:
    """Sets the desk marker beside a signed-in user's session (at sign-in, and whenever the
    session key changes: a password change cycles it) and clears it once nobody is signed
    in (sign-out, an expired session). After AuthenticationMiddleware."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        session = getattr(request, "session", None)
        name = settings.DESK_COOKIE_NAME
        if user is not None and user.is_authenticated and session is not None and session.session_key:
            if not desk_marker_valid(request.COOKIES.get(name, ""), session.session_key):
                age = session.get_expiry_age()
                response.set_cookie(
                    name,
                    desk_marker(session.session_key, int(time.time()) + age),
                    max_age=age,
                    path=settings.SESSION_COOKIE_PATH,
                    domain=settings.SESSION_COOKIE_DOMAIN,
                    secure=settings.SESSION_COOKIE_SECURE,
                    httponly=True,
                    samesite=settings.SESSION_COOKIE_SAMESITE,
                )
        elif name in request.COOKIES:
            response.delete_cookie(
                name,
                path=settings.SESSION_COOKIE_PATH,
                domain=settings.SESSION_COOKIE_DOMAIN,
                samesite=settings.SESSION_COOKIE_SAMESITE,
            )
        return response


def site_url(request: HttpRequest, path: str) -> str:
    """The absolute address of *path* as readers reach the site: SITE_URL, else the
    request's own (development; a page showing it is then kept per host name)."""
    return f"{settings.SITE_URL}{path}" if settings.SITE_URL else request.build_absolute_uri(path)


def csrf_for_shared_pages(request: HttpRequest) -> dict[str, str]:
    """Context processor: a shared page carries no CSRF token (the same bytes for every
    reader, and no cookie set by it); the language switch takes an anonymous POST
    without one (tourney.language.set_language)."""
    return {"csrf_token": ""} if getattr(request, "shared_page", False) else {}


def _stored(response: HttpResponse) -> dict[str, Any]:
    content = response.content
    return {
        "content": content,
        # Compressed once here, not at every request: a 2,000-player page shrinks ten times.
        "gzip": gzip.compress(content, compresslevel=6, mtime=0) if len(content) >= GZIP_FROM else None,
        "headers": {h: response[h] for h in KEPT_HEADERS if response.has_header(h)},
    }


GZIP_FROM = 1024


def _response(page: dict[str, Any], request: HttpRequest) -> HttpResponse:
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


def _public_headers(response: HttpResponse, etag: str, last_modified: float, max_age: int) -> HttpResponse:
    # Weak when compressed: the same page in two encodings (If-None-Match compares weakly).
    response["ETag"] = f"W/{etag}" if response.get("Content-Encoding") == "gzip" else etag
    response["Last-Modified"] = http_date(last_modified)
    patch_cache_control(response, public=True, max_age=max_age)
    patch_vary_headers(response, ("Cookie", "Accept-Language", "HX-Request", "HX-Target"))
    return response


def _render(view: Callable[..., HttpResponse], request: HttpRequest, args: tuple, kwargs: dict) -> HttpResponse:
    request.shared_page = True  # type: ignore[attr-defined]
    sharing = _rendering_shared_page.set(True)
    try:
        return view(request, *args, **kwargs)
    finally:
        _rendering_shared_page.reset(sharing)


# ---------------------------------------------------------------- computed once per change

# True while a page shared by every reader renders: what it computes may be reused by the
# next one of the same versions. A logged-in user's page computes afresh (the desk reads
# what the database holds now, even written behind the services' back).
_rendering_shared_page: contextvars.ContextVar[bool] = contextvars.ContextVar("shared_page", default=False)
COMPUTED_ENTRIES = 24  # a few tournaments' states, standings and tables


def rounds_through(number: int) -> tuple[str, ...]:
    """What the public view of rounds 1..*number* depends on: the players and settings, and
    each of those rounds (its status, pairing and results are bumped under its own part)."""
    return (BASE, *(round_part(k) for k in range(1, number + 1)))


_computed: OrderedDict[str, Any] = OrderedDict()
_computed_lock = threading.Lock()


def computed_once(
    tournament_id: int, parts: Sequence[str], name: str, compute: Callable[[], Any], *, shared: bool = False
) -> Any:
    """*compute*()'s value, computed once per change of the tournament's *parts* while shared
    pages render (kept by this process, the last COMPUTED_ENTRIES; *shared*: in the cache
    too, for every process: a string, say); computed afresh for a logged-in user's page.

    The versions are read before *compute* reads the database, and a version moves only
    once its change is committed: a value kept under a version is never older than it."""
    if not _rendering_shared_page.get():
        return compute()
    try:
        key = f"{_prefix()}:c:{tournament_id}:{name}:{'.'.join(versions(tournament_id, parts))}"
    except (CacheUnavailable, UnknownPage):
        return compute()
    with _computed_lock:
        if key in _computed:
            _computed.move_to_end(key)
            return _computed[key]
    value = guarded("get", key, default=None) if shared else None
    if value is None:
        value = compute()
        if shared:
            guarded("set", key, value, timeout=settings.PUBLIC_PAGE_CACHE_SECONDS)
    with _computed_lock:
        _computed[key] = value
        while len(_computed) > COMPUTED_ENTRIES:
            _computed.popitem(last=False)
    return value


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


def _copy_in_hand(version: PageVersion) -> tuple[dict[str, Any], str] | None:
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


def _cached_page(
    view: Callable[..., HttpResponse], request: HttpRequest, args: tuple, kwargs: dict, version: PageVersion
) -> tuple[dict[str, Any] | None, HttpResponse | None, str]:
    """The page for *version* (kept in this process, from the cache, or rendered and
    stored), or the view's own answer when it is not a page to keep (404, redirect); the
    ETag it was made for."""
    in_hand = _copy_in_hand(version)
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
        response = _render(view, request, args, kwargs)
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


def _canonical_round(value: str) -> str | None:
    """Standings after round 0 (none complete) up to 99, Tournament.rounds' bound; any
    other value shows the last complete round, as no parameter does."""
    return str(int(value)) if re.fullmatch(r"[0-9]{1,3}", value) and int(value) <= 99 else None


def _canonical_format(value: str) -> str | None:
    # An unknown format is the view's to refuse (404), and nothing is kept for it.
    return value.lower()


# The query parameters the public pages read (standings after a round, the TRF format), each
# with its canonical value (None: a value no page knows).
PAGE_PARAMETERS: dict[str, Callable[[str], str | None]] = {"round": _canonical_round, "format": _canonical_format}
PartsOf = Callable[[dict[str, Any]], Sequence[str]]
ViewDecorator = Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]


@dataclass(frozen=True)
class PageOptions:
    parts: PartsOf  # the versions it depends on
    parameters: frozenset[str]  # the query parameters it reads
    absolute_urls: bool  # it shows the site's address (a QR code): per host without SITE_URL
    htmx_parts: bool  # an HTMX request gets a part of the page (the view reads request.htmx)

    def per_host(self) -> bool:
        return self.absolute_urls and not settings.SITE_URL


def whole_tournament(kwargs: dict[str, Any]) -> Sequence[str]:
    return (ALL,)


def round_list(kwargs: dict[str, Any]) -> Sequence[str]:
    """The tournament page: its settings and players, each round's status and boards."""
    return (BASE, ROUNDS)


def one_round(kwargs: dict[str, Any]) -> Sequence[str]:
    return (BASE, round_part(int(kwargs["number"])))


def every_tournament(kwargs: dict[str, Any]) -> Sequence[str]:
    """The home page: every tournament's settings and number of players (SITE scope)."""
    return (TOURNAMENT_LIST,)


def _scope(kwargs: dict[str, Any]) -> int:
    return int(kwargs.get("tournament_id", SITE))


def _page_answer(
    request: HttpRequest, version: PageVersion, page: dict[str, Any], etag: str, max_age: int
) -> HttpResponse:
    if etag != version.etag:  # the previous copy, while the new one is due or rendered
        answer = get_conditional_response(request, etag=etag) or _response(page, request)
        return _public_headers(answer, etag, page["last_modified"], 0)
    return _public_headers(_response(page, request), etag, version.last_modified, max_age)


def _not_modified(request: HttpRequest, version: PageVersion, max_age: int) -> HttpResponse | None:
    answer = get_conditional_response(request, etag=version.etag, last_modified=int(version.last_modified))
    return None if answer is None else _public_headers(answer, version.etag, version.last_modified, max_age)


def public_page(
    parts: PartsOf = whole_tournament,
    *,
    parameters: Sequence[str] = (),
    absolute_urls: bool = False,
    htmx_parts: bool = False,
) -> ViewDecorator:
    """Serve the view's page from the cache to readers, computed once per change of
    *parts* (whole_tournament, one_round); HTTP-cacheable. *parameters*: the query
    parameters it reads (PAGE_PARAMETERS); any other is redirected away. *absolute_urls*:
    it shows the site's address (site_url). *htmx_parts*: the view answers an HTMX request
    with a part of the page (kept apart); other views answer it the whole page, the same
    copy, so no one makes a second copy of every page render after each change. See the
    module's docstring."""
    assert set(parameters) <= set(PAGE_PARAMETERS), parameters
    options = PageOptions(parts, frozenset(parameters), absolute_urls, htmx_parts)

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in ("GET", "HEAD") or not shared_request(request):
                response = view(request, *args, **kwargs)
                patch_cache_control(response, private=True, no_store=True, no_cache=True, max_age=0)
                patch_vary_headers(response, ("Cookie",))
                return response
            route = _public_route(request.path_info, settings.ROOT_URLCONF)
            canonical = _canonical_url(request, route) if route is not None else None
            if canonical is None and not _round_exists(request, kwargs):
                canonical = request.path  # the view shows the last complete round, as with no parameter
            if canonical is not None:
                return _redirect(canonical)
            try:
                version = page_version(
                    request, _scope(kwargs), parts(kwargs), per_host=options.per_host(), htmx_parts=htmx_parts
                )
            except (CacheUnavailable, UnknownPage):
                # Rendered for this request alone: nothing to keep (a page of a tournament
                # that does not exist), or no cache to keep it in.
                response = _render(view, request, args, kwargs)
                patch_cache_control(response, no_cache=True, max_age=0)
                return response
            request.public_etag = version.etag  # type: ignore[attr-defined]  # the live poll sends it back
            max_age = settings.PUBLIC_PAGE_MAX_AGE
            not_modified = _not_modified(request, version, max_age)
            if not_modified is not None:
                return not_modified
            page, own, etag = _cached_page(view, request, args, kwargs, version)
            if own is not None:
                return own
            assert page is not None
            return _page_answer(request, version, page, etag, max_age)

        wrapped.public_page = options  # type: ignore[attr-defined]  # for PublicPageMiddleware
        return wrapped

    return decorator


@dataclass(frozen=True)
class PublicRoute:
    options: PageOptions
    kwargs: dict[str, Any]
    path: str  # the canonical path (no zero-padded number)


@lru_cache(maxsize=4096)
def _public_route(path: str, urlconf: str) -> PublicRoute | None:
    """The public page at *path*, or None (not a public page)."""
    try:
        match = resolve(path, urlconf)
    except Resolver404:
        return None
    options = getattr(match.func, "public_page", None)
    if not isinstance(options, PageOptions) or match.args:
        return None
    try:
        canonical = reverse(match.view_name, urlconf=urlconf, kwargs=match.kwargs)
    except NoReverseMatch:  # pragma: no cover - every public page is named
        return None
    return PublicRoute(options, match.kwargs, canonical)


def _canonical_query(query: QueryDict, parameters: frozenset[str]) -> str:
    kept = []
    for name in sorted(parameters):
        value = query.get(name)  # the last one, as the views read it
        canonical = None if value is None else PAGE_PARAMETERS[name](value)
        if canonical is not None:
            kept.append((name, canonical))
    return urlencode(kept)


def _canonical_url(request: HttpRequest, route: PublicRoute) -> str | None:
    """The page's one URL when *request* asked it by another (a zero-padded number, a
    parameter the page does not read or a value it does not know), else None. One copy
    per page: made-up URLs would each render and keep a copy of their own."""
    query = _canonical_query(request.GET, route.options.parameters)
    if request.path == route.path and request.META.get("QUERY_STRING", "") == query:
        return None
    return route.path + (f"?{query}" if query else "")


def _round_exists(request: HttpRequest, kwargs: dict[str, Any]) -> bool:
    """The page's ``round`` parameter, if any, names a round of the tournament (one query,
    only for a page not in hand)."""
    after = request.GET.get("round")
    if after is None or not after.isdigit() or int(after) == 0:
        return True
    rounds = _rounds_of(_scope(kwargs))
    return rounds is None or int(after) <= rounds  # no tournament: the view answers 404


def _redirect(url: str) -> HttpResponse:
    response = HttpResponsePermanentRedirect(url)
    # No proxy keeps a copy per made-up URL.
    patch_cache_control(response, no_cache=True, max_age=0)
    return response


class PublicPageMiddleware:
    """A reader's page already in hand is answered here, before the session, language, CSRF,
    authentication and message middleware and the URL dispatch: a crowd's requests cost a
    dictionary lookup, no database query, no Redis round trip most of the time. What those
    middleware would have added (Content-Language, Vary, X-Frame-Options, Content-Length) is
    added here; SecurityMiddleware and the CSP middleware, before this one, add theirs.
    A public page asked by another URL than its own is redirected to it here.
    Anything else (a page to render, a signed-in user, a POST) goes down the usual way, where
    :func:`public_page` renders and stores it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.frame_options = XFrameOptionsMiddleware(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        answer = self.answer_in_hand(request)
        return self.get_response(request) if answer is None else answer

    def answer_in_hand(self, request: HttpRequest) -> HttpResponse | None:
        if request.method not in ("GET", "HEAD"):
            return None
        route = _public_route(request.path_info, settings.ROOT_URLCONF)
        if route is None:
            return None
        request.get_host()  # ALLOWED_HOSTS, as CommonMiddleware checks it (DisallowedHost: 400)
        canonical = _canonical_url(request, route)
        if canonical is not None:
            return self.frame_options.process_response(request, _redirect(canonical))
        if may_be_private(request):
            return None
        language = translation.get_language_from_request(request)  # as LocaleMiddleware
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()  # type: ignore[attr-defined]
        try:
            version = page_version(
                request,
                _scope(route.kwargs),
                route.options.parts(route.kwargs),
                per_host=route.options.per_host(),
                htmx_parts=route.options.htmx_parts,
            )
        except CacheUnavailable:
            return None
        except UnknownPage:
            # No such tournament or round: answered here, not after the session, the URL
            # dispatch and the view (made-up numbers cost one indexed query).
            raise Http404 from None
        max_age = settings.PUBLIC_PAGE_MAX_AGE
        response = _not_modified(request, version, max_age)
        if response is None:
            in_hand = _copy_in_hand(version)
            if in_hand is None:
                return None
            response = _page_answer(request, version, in_hand[0], in_hand[1], max_age)
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)  # type: ignore[attr-defined]
        if not response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
        return self.frame_options.process_response(request, response)


class PrivateByDefaultMiddleware:
    """What a logged-in user receives is his alone: every answer to him that says nothing
    of caching (the desk, registration, settings, the audit trail, HTMX fragments) is
    marked ``private, no-store``, so no proxy and no shared browser keeps it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.has_header("Cache-Control"):
            return response
        user = getattr(request, "user", None)
        if request.method not in ("GET", "HEAD") or (user is not None and user.is_authenticated):
            patch_cache_control(response, private=True, no_store=True, no_cache=True, max_age=0)
            patch_vary_headers(response, ("Cookie",))
        return response


@checks.register(checks.Tags.caches, deploy=True)
def check_shared_cache(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """`check --deploy`: the public pages' versions must be shared by every process. In this
    process's memory, a change made in one gunicorn worker would not reach the others."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend.endswith("LocMemCache"):
        return [
            checks.Warning(
                "The cache is this process's memory: with more than one web process, public pages "
                "would not see changes made in another.",
                hint="Set REDIS_URL (or CACHE_URL) so that every process shares the cache.",
                id="tourney.W001",
            )
        ]
    return []


@checks.register(checks.Tags.security, deploy=True)
def check_site_url(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """`check --deploy`: the address on printed pairing sheets comes from SITE_URL, not from
    whatever Host a request names."""
    if settings.SITE_URL:
        return []
    return [
        checks.Warning(
            "SITE_URL is not set: printed pairing sheets and check-in codes show the address each "
            "request names, and the pairing sheet is kept once per host name.",
            hint="Set SITE_URL to the site's address, e.g. https://chess.example.org.",
            id="tourney.W003",
        )
    ]


# ---------------------------------------------------------------- live pages

# The live pages (a round under way, its points and ARO list, a player card) poll this often
# (hx-trigger in their templates, held to it by tests/tourney/test_caching.py), answered 304
# while nothing changed: before the middleware, or by the proxy within its max-age.
LIVE_POLL_SECONDS = 2
# A reader keeping a live page open sees a change within this (renders aside).
LIVE_CHANGE_LIMIT_SECONDS = 5


def live_change_delay() -> float:
    """The longest a committed change takes to reach a reader's live page, rendering aside.

    After the change: the processes see its versions within PUBLIC_VERSIONS_LOCAL_SECONDS;
    the previous copy is served until PUBLIC_PAGE_REFRESH_SECONDS after its versions were
    read, which was before the change (the two overlap, they do not add up); a process
    that found another rendering the new copy asks again RENDERING_ELSEWHERE_SECONDS later;
    a proxy keeps a page it fetched just before its process saw the change for
    PUBLIC_PAGE_MAX_AGE (the previous copy goes out with max-age 0); then the next poll."""
    local = settings.PUBLIC_VERSIONS_LOCAL_SECONDS
    server = max(settings.PUBLIC_PAGE_REFRESH_SECONDS, local) + RENDERING_ELSEWHERE_SECONDS
    proxy = local + settings.PUBLIC_PAGE_MAX_AGE
    return LIVE_POLL_SECONDS + max(server, proxy)


@checks.register(checks.Tags.caches, deploy=True)
def check_live_change_delay(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """`check --deploy`: the timings set by the environment keep a change within
    LIVE_CHANGE_LIMIT_SECONDS of a reader's live page."""
    delay = live_change_delay()
    if delay < LIVE_CHANGE_LIMIT_SECONDS:
        return []
    return [
        checks.Warning(
            f"A change may take {delay:g} s to reach a reader's live page (limit {LIVE_CHANGE_LIMIT_SECONDS} s).",
            hint="Lower PUBLIC_PAGE_REFRESH_SECONDS, PUBLIC_PAGE_MAX_AGE or PUBLIC_VERSIONS_LOCAL_MS.",
            id="tourney.W002",
        )
    ]

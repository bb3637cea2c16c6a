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

:func:`public_page` wraps a public view. A reader without a session cookie gets the page
from the cache, keyed by (tournament, version tokens, path, language, HTMX target); it is
rendered once per change and per variant, with no CSRF token in it (the same bytes for
every reader, so a proxy may keep it), with ``ETag``/``Last-Modified`` and
``Cache-Control: public, max-age=PUBLIC_PAGE_MAX_AGE``; ``If-None-Match`` is answered 304
without touching the database. A request with a session cookie (an arbiter, an organizer:
anyone logged in) is rendered fresh, never read from nor written to the cache, and marked
``private, no-store``: what the desk shows (a draft pairing, its explanations) never reaches
a cache a reader can hit, and the arbiter never reads a public copy older than his own change.
"""

from __future__ import annotations

import contextvars
import gzip
import hashlib
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
from django.http import HttpRequest, HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date

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
    token = _token()
    keys = [_version_key(tournament_id, p) for p in parts]
    if BASE in parts:
        keys.append(_version_key(SITE, TOURNAMENT_LIST))
    cache.set_many(dict.fromkeys(keys, token), timeout=VERSION_TTL)
    seen = time.monotonic()
    for key in keys:  # this process sees its own change at once
        _known_versions[key] = (token, seen)


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
    found = cache.get_many(keys)
    missing = [k for k in keys if k not in found]
    if missing:
        token = _token()
        for key in missing:
            cache.add(key, token, timeout=VERSION_TTL)
        found.update(cache.get_many(missing))
    tokens = tuple(str(found.get(k, "")) for k in keys)
    for key, token in zip(keys, tokens, strict=True):
        _known_versions[key] = (token, now)
    return tokens, time.time() - (time.monotonic() - now)


# ---------------------------------------------------------------- the page cache


@dataclass(frozen=True)
class PageVersion:
    key: str  # the cached page
    latest: str  # where the last page rendered for this variant is, whatever its version
    etag: str  # quoted
    last_modified: float
    read_at: float  # when its tokens were read: every change bumped before is in this version


def page_version(request: HttpRequest, tournament_id: int, parts: Sequence[str]) -> PageVersion:
    tokens, read_at = _versions_read(tournament_id, parts)
    htmx = request.headers.get("HX-Request") == "true"
    variant = "|".join(
        [
            request.get_full_path(),
            translation.get_language() or "",
            "htmx" if htmx else "page",
            request.headers.get("HX-Target", "") if htmx else "",
        ]
    )
    digest = hashlib.sha256(f"{variant}|{'.'.join(tokens)}".encode()).hexdigest()[:32]
    variant_digest = hashlib.sha256(variant.encode()).hexdigest()[:32]
    # The ETag names the version of the page, whole or in part: the live poll (an HTMX
    # request for a part) sends back the whole page's ETag and gets 304 until a change.
    page = f"{request.get_full_path()}|{translation.get_language()}|{'.'.join(tokens)}"
    return PageVersion(
        key=f"{_prefix()}:p:{tournament_id}:{digest}",
        latest=f"{_prefix()}:l:{tournament_id}:{variant_digest}",
        etag='"' + hashlib.sha256(page.encode()).hexdigest()[:32] + '"',
        last_modified=max(_token_time(t) for t in tokens),
        read_at=read_at,
    )


def shared_request(request: HttpRequest) -> bool:
    """A reader's request whose page may be shared: no session (nobody logged in), no
    message waiting for him."""
    return not (request.COOKIES.get(settings.SESSION_COOKIE_NAME) or request.COOKIES.get(CookieStorage.cookie_name))


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
    key = f"{_prefix()}:c:{tournament_id}:{name}:{'.'.join(versions(tournament_id, parts))}"
    with _computed_lock:
        if key in _computed:
            _computed.move_to_end(key)
            return _computed[key]
    value = cache.get(key) if shared else None
    if value is None:
        value = compute()
        if shared:
            cache.set(key, value, timeout=settings.PUBLIC_PAGE_CACHE_SECONDS)
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
        page = cache.get(key)
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
    pointer = cache.get(version.latest)
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
    latest = cache.get(version.latest)  # a small pointer: {"key", "rendered"}
    previous = _page(latest["key"]) if latest is not None else None
    # One render per page variant at a time, whatever the version: while results come in
    # every second, processes rendering successive versions side by side would starve.
    lock = version.latest + ":lock"
    deadline = time.monotonic() + LOCK_SECONDS
    while not cache.add(lock, 1, timeout=LOCK_SECONDS):
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
        latest = {"key": version.key, "rendered": page["rendered"]}
        cache.set_many({version.key: page, version.latest: latest}, timeout=ttl)
        recent_pages.put(version.key, page)
        _known_latest[version.latest] = latest
        return page, None, version.etag
    finally:
        cache.delete(lock)


# The query parameters the public pages read (standings after a round, the TRF format).
PAGE_PARAMETERS = frozenset({"round", "format"})
PartsOf = Callable[[dict[str, Any]], Sequence[str]]
ViewDecorator = Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]


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


def public_page(parts: PartsOf = whole_tournament) -> ViewDecorator:
    """Serve the view's page from the cache to readers, computed once per change of
    *parts* (whole_tournament, one_round); HTTP-cacheable. See the module's docstring."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in ("GET", "HEAD") or not shared_request(request):
                response = view(request, *args, **kwargs)
                patch_cache_control(response, private=True, no_store=True, no_cache=True, max_age=0)
                patch_vary_headers(response, ("Cookie",))
                return response
            if not set(request.GET) <= PAGE_PARAMETERS:
                # Parameters no page reads: not a page to keep (a copy per made-up URL would
                # crowd the cache out), rendered for this request alone.
                response = _render(view, request, args, kwargs)
                patch_cache_control(response, no_cache=True, max_age=0)
                return response
            version = page_version(request, _scope(kwargs), parts(kwargs))
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

        wrapped.public_page = True  # type: ignore[attr-defined]
        wrapped.public_parts = parts  # type: ignore[attr-defined]  # for PublicPageMiddleware
        return wrapped

    return decorator


@lru_cache(maxsize=4096)
def _public_route(path: str, urlconf: str) -> tuple[PartsOf, dict[str, Any]] | None:
    """The parts and arguments of the public page at *path*, or None (not a public page)."""
    try:
        match = resolve(path, urlconf)
    except Resolver404:
        return None
    parts = getattr(match.func, "public_parts", None)
    return None if parts is None or match.args else (parts, match.kwargs)


class PublicPageMiddleware:
    """A reader's page already in hand is answered here, before the session, language, CSRF,
    authentication and message middleware and the URL dispatch: a crowd's requests cost a
    dictionary lookup, no database query, no Redis round trip most of the time. What those
    middleware would have added (Content-Language, Vary, X-Frame-Options, Content-Length) is
    added here; SecurityMiddleware and the CSP middleware, before this one, add theirs.
    Anything else (a page to render, a logged-in user, a POST) goes down the usual way, where
    :func:`public_page` renders and stores it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.frame_options = XFrameOptionsMiddleware(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        answer = self.answer_in_hand(request)
        return self.get_response(request) if answer is None else answer

    def answer_in_hand(self, request: HttpRequest) -> HttpResponse | None:
        if request.method not in ("GET", "HEAD") or not shared_request(request):
            return None
        if not set(request.GET) <= PAGE_PARAMETERS:
            return None
        route = _public_route(request.path_info, settings.ROOT_URLCONF)
        if route is None:
            return None
        parts, kwargs = route
        request.get_host()  # ALLOWED_HOSTS, as CommonMiddleware checks it (DisallowedHost: 400)
        language = translation.get_language_from_request(request)  # as LocaleMiddleware
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()  # type: ignore[attr-defined]
        version = page_version(request, _scope(kwargs), parts(kwargs))
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

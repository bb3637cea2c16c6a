"""The :func:`public_page` decorator of the public views: what versions a page depends on
(its scope), the query parameters it reads, its one canonical URL."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect, QueryDict
from django.urls import NoReverseMatch, Resolver404, resolve, reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import urlencode

from tourney.caching import ALL, BASE, ROUNDS, SITE, TOURNAMENT_LIST, round_part, rounds_of
from tourney.caching.conditional import not_modified, page_answer
from tourney.caching.guard import CacheUnavailable, UnknownPage
from tourney.caching.pages import cached_page, page_version, render_shared
from tourney.caching.readers import shared_request


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


def scope_of(kwargs: dict[str, Any]) -> int:
    return int(kwargs.get("tournament_id", SITE))


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
            route = public_route(request.path_info, settings.ROOT_URLCONF)
            canonical = canonical_url(request, route) if route is not None else None
            if canonical is None and not _round_exists(request, kwargs):
                canonical = request.path  # the view shows the last complete round, as with no parameter
            if canonical is not None:
                return redirect_to(canonical)
            try:
                version = page_version(
                    request, scope_of(kwargs), parts(kwargs), per_host=options.per_host(), htmx_parts=htmx_parts
                )
            except (CacheUnavailable, UnknownPage):
                # Rendered for this request alone: nothing to keep (a page of a tournament
                # that does not exist), or no cache to keep it in.
                response = render_shared(view, request, args, kwargs)
                patch_cache_control(response, no_cache=True, max_age=0)
                return response
            request.public_etag = version.etag  # type: ignore[attr-defined]  # the live poll sends it back
            max_age = settings.PUBLIC_PAGE_MAX_AGE
            answer = not_modified(request, version, max_age)
            if answer is not None:
                return answer
            page, own, etag = cached_page(view, request, args, kwargs, version)
            if own is not None:
                return own
            assert page is not None
            return page_answer(request, version, page, etag, max_age)

        wrapped.public_page = options  # type: ignore[attr-defined]  # for PublicPageMiddleware
        return wrapped

    return decorator


@dataclass(frozen=True)
class PublicRoute:
    options: PageOptions
    kwargs: dict[str, Any]
    path: str  # the canonical path (no zero-padded number)


@lru_cache(maxsize=4096)
def public_route(path: str, urlconf: str) -> PublicRoute | None:
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


def canonical_url(request: HttpRequest, route: PublicRoute) -> str | None:
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
    rounds = rounds_of(scope_of(kwargs))
    return rounds is None or int(after) <= rounds  # no tournament: the view answers 404


def redirect_to(url: str) -> HttpResponse:
    response = HttpResponsePermanentRedirect(url)
    # No proxy keeps a copy per made-up URL.
    patch_cache_control(response, no_cache=True, max_age=0)
    return response

"""The cache's middleware: a reader's page in hand answered before the session and the
URL dispatch; the desk marker beside a signed-in user's session; whatever a signed-in user
gets is private."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers

from tourney.caching.conditional import not_modified, page_answer
from tourney.caching.guard import CacheUnavailable, UnknownPage
from tourney.caching.pages import copy_in_hand, page_version
from tourney.caching.public_views import canonical_url, public_route, redirect_to, scope_of
from tourney.caching.readers import desk_marker, desk_marker_valid, may_be_private


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
        route = public_route(request.path_info, settings.ROOT_URLCONF)
        if route is None:
            return None
        request.get_host()  # ALLOWED_HOSTS, as CommonMiddleware checks it (DisallowedHost: 400)
        canonical = canonical_url(request, route)
        if canonical is not None:
            return self.frame_options.process_response(request, redirect_to(canonical))
        if may_be_private(request):
            return None
        language = translation.get_language_from_request(request)  # as LocaleMiddleware
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()  # type: ignore[attr-defined]
        try:
            version = page_version(
                request,
                scope_of(route.kwargs),
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
        response = not_modified(request, version, max_age)
        if response is None:
            in_hand = copy_in_hand(version)
            if in_hand is None:
                return None
            response = page_answer(request, version, in_hand[0], in_hand[1], max_age)
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

"""Who is a reader: a page shared by every reader is for nobody signed in and no message
waiting; the desk marker tells a signed-in user's request before the session is read."""

from __future__ import annotations

import base64
import hashlib
import time

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare


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


def site_url(request: HttpRequest, path: str) -> str:
    """The absolute address of *path* as readers reach the site: SITE_URL, else the
    request's own (development; a page showing it is then kept per host name)."""
    return f"{settings.SITE_URL}{path}" if settings.SITE_URL else request.build_absolute_uri(path)


def csrf_for_shared_pages(request: HttpRequest) -> dict[str, str]:
    """Context processor: a shared page carries no CSRF token (the same bytes for every
    reader, and no cookie set by it); the language switch takes an anonymous POST
    without one (tourney.language.set_language)."""
    return {"csrf_token": ""} if getattr(request, "shared_page", False) else {}

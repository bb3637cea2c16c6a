"""Login throttling: after LOGIN_FAILURE_LIMIT failed logins for one user name from one
client address, that pair is refused for LOGIN_LOCKOUT_MINUTES, whatever the password;
after LOGIN_ADDRESS_FAILURE_LIMIT failures from one address, whatever the user names (one
password tried on many accounts), the address is.

The user name counted is the one authenticated: both are its canonical form (NFKC, case
folded), so "ａrb2", "𝐚rb2", "ARB2" and "arb２" share the count of arb2, and
CanonicalUsernameBackend logs a person in by that form only. An attempt is counted
before its password is checked, by an atomic increment: of many attempts sent at once,
no more than the limit get a password checked. A success gives its count back (and clears
the pair's). The address is the client's as the trusted proxies saw it (client_address).

The count lives in Django's configured cache (Redis when REDIS_URL is set, so every
worker process shares it). The refusal names the wait, never whether the account exists.
Both the site's login and the admin's go through here.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import unicodedata
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext

# Redis down or refusing writes: the counts go on in this process's memory (each worker
# process then counts on its own) rather than failing every login with a 500.
_local_counts = LocMemCache("login-throttle", {"OPTIONS": {"MAX_ENTRIES": 100_000}})


def _counts(operation: str, *args: Any) -> Any:
    """The shared cache's *operation*, or this process's when the shared one fails."""
    from tourney.caching.guard import guarded

    return guarded(operation, *args, fallback=_local_counts)


def _lockout_seconds() -> int:
    return settings.LOGIN_LOCKOUT_MINUTES * 60


def canonical_username(username: str) -> str:
    """The form a user name is counted and authenticated by: NFKC (full-width, mathematical
    and other compatibility letters become the plain ones), case folded, NFKC again (folding
    can leave a composed form), without surrounding spaces."""
    folded = unicodedata.normalize("NFKC", username).casefold()
    return unicodedata.normalize("NFKC", folded).strip()


def client_address(request: HttpRequest | None) -> str:
    """The client's address as the outermost trusted proxy saw it.

    Each of the TRUSTED_PROXY_COUNT proxies in front appends the address it received the
    request from to X-Forwarded-For, so the client's is the entry that many from the right
    (behind a TLS proxy and the compose nginx: the second from the right); the entries to
    its left are the client's own to write and never count. With fewer entries than proxies
    (a request that did not pass them all) or none trusted, REMOTE_ADDR. An IPv6 address
    counts by its /64, what one subscriber holds (else he would have 2**64 addresses)."""
    if request is None:
        return "unknown"
    proxies = settings.TRUSTED_PROXY_COUNT
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    if proxies and len(forwarded) >= proxies:
        address = forwarded[-proxies]
    else:
        address = request.META.get("REMOTE_ADDR") or "unknown"
    return _counted_address(address)


def _counted_address(address: str) -> str:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _key(username: str, address: str) -> str:
    digest = hashlib.sha256(f"{canonical_username(username)}\n{address}".encode()).hexdigest()
    return f"login-failures:{digest}"


def _address_key(address: str) -> str:
    return f"login-failures-address:{hashlib.sha256(address.encode()).hexdigest()}"


def _over_limits(pair_count: int, address_count: int, allowed: int = 0) -> str | None:
    """ "user" or "address" when a count is past its limit (*allowed* more), else None."""
    if pair_count >= settings.LOGIN_FAILURE_LIMIT + allowed:
        return "user"
    if address_count >= settings.LOGIN_ADDRESS_FAILURE_LIMIT + allowed:
        return "address"
    return None


def locked_out(username: str, address: str) -> str | None:
    """ "user" when the user name is locked out from *address*, "address" when the whole
    address is, else None."""
    return _over_limits(_counts("get", _key(username, address)) or 0, _counts("get", _address_key(address)) or 0)


def _count(key: str) -> int:
    _counts("add", key, 0, _lockout_seconds())
    try:
        count = _counts("incr", key)  # atomic: Redis INCRBY, or under the local cache's lock
    except ValueError:  # expired between add and incr
        _counts("set", key, 1, _lockout_seconds())
        count = 1
    _counts("touch", key, _lockout_seconds())  # the lockout runs from the last failure
    return count


def reserve_attempt(username: str, address: str) -> str | None:
    """Count an attempt as a failure before its password is checked: None when it may go
    on, else the lock it ran into ("user" or "address"), and its password is not checked.
    The counts are taken by atomic increments, so attempts sent at once each see their own
    number and at most the limit of them go on."""
    address_count = _count(_address_key(address))
    pair_count = _count(_key(username, address))
    return _over_limits(pair_count, address_count, allowed=1)


def attempt_succeeded(username: str, address: str) -> None:
    """The password was right: the pair's count is cleared, and the address gets back the
    attempt reserve_attempt counted (a success is no failure of the address)."""
    clear_failures(username, address)
    with contextlib.suppress(ValueError):  # expired meanwhile: nothing to give back
        _counts("decr", _address_key(address))


def clear_failures(username: str, address: str) -> None:
    _counts("delete", _key(username, address))


def clear_address(address: str) -> None:
    _counts("delete", _address_key(address))


class CanonicalUsernameBackend(ModelBackend):
    """Django's model backend, finding the user by the canonical form of the name typed
    (canonical_username): whatever logs in as arb2 is counted as arb2. Where two accounts
    share a canonical form (Arb and arb), only the exact name logs in."""

    def authenticate(
        self, request: HttpRequest | None, username: str | None = None, password: str | None = None, **kwargs: Any
    ) -> AbstractBaseUser | None:
        users = get_user_model()
        if username is None:
            username = kwargs.get(users.USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = user_by_canonical_name(username)
        if user is None:
            users().set_password(password)  # as slow as a check: the time tells no account apart
            return None
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        return None


def user_by_canonical_name(username: str) -> AbstractBaseUser | None:
    """The one user whose name has the canonical form of *username* (the exact name first)."""
    users = get_user_model()
    typed = unicodedata.normalize("NFKC", username).strip()
    wanted = canonical_username(username)
    field = users.USERNAME_FIELD
    candidates = [
        user
        for user in users._default_manager.filter(**{f"{field}__iexact": typed})
        if canonical_username(user.get_username()) == wanted
    ]
    exact = [user for user in candidates if user.get_username() == typed]
    if exact:
        return exact[0]
    return candidates[0] if len(candidates) == 1 else None


class ThrottledLogin:
    """The check for AuthenticationForm and its admin subclass (mixed in before them)."""

    request: HttpRequest | None
    cleaned_data: dict[str, Any]
    throttled = False

    def clean(self) -> dict[str, Any]:
        username = canonical_username(self.data.get("username", ""))  # type: ignore[attr-defined]
        address = client_address(self.request)
        # Django checks a password only when both fields came through (AuthenticationForm.clean).
        tries_password = self.cleaned_data.get("username") is not None and bool(self.cleaned_data.get("password"))
        lock = locked_out(username, address) if username else None
        if lock is None and tries_password:
            lock = reserve_attempt(username, address)
        if lock:
            self.throttled = True
            raise forms.ValidationError(_refusal(lock, settings.LOGIN_LOCKOUT_MINUTES), code="throttled")
        cleaned = super().clean()  # type: ignore[misc]  # a failure keeps the attempt counted
        if self.get_user() is not None:  # type: ignore[attr-defined]
            attempt_succeeded(username, address)
        return cleaned


def _refusal(lock: str, minutes: int) -> str:
    if lock == "user":
        text = ngettext(
            "Too many failed logins for this user name from your address. Try again in %(minutes)d minute.",
            "Too many failed logins for this user name from your address. Try again in %(minutes)d minutes.",
            minutes,
        )
    else:
        text = ngettext(
            "Too many failed logins from your address. Try again in %(minutes)d minute.",
            "Too many failed logins from your address. Try again in %(minutes)d minutes.",
            minutes,
        )
    return text % {"minutes": minutes}


class ThrottledAuthenticationForm(ThrottledLogin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottledLogin, AdminAuthenticationForm):
    pass


class ThrottledLoginView(LoginView):
    authentication_form = ThrottledAuthenticationForm

    def form_invalid(self, form: Any) -> HttpResponse:
        return throttled_status(super().form_invalid(form))


def throttled_status(response: HttpResponse) -> HttpResponse:
    """429 Too Many Requests for a login page whose form was refused by the throttle."""
    form = (getattr(response, "context_data", None) or {}).get("form")
    if getattr(form, "throttled", False):
        response.status_code = 429
    return response

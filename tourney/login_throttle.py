"""Login throttling: after LOGIN_FAILURE_LIMIT failed logins for one user name from one
address, that pair is refused for LOGIN_LOCKOUT_MINUTES, whatever the password; after
LOGIN_ADDRESS_FAILURE_LIMIT failures from one address, whatever the user names (one
password tried on many accounts), the address is.

The count lives in Django's configured cache (Redis when REDIS_URL is set, so every
worker process shares it). A success clears it. The refusal names the wait, never
whether the account exists. Both the site's login and the admin's go through here.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import ngettext


def _lockout_seconds() -> int:
    return settings.LOGIN_LOCKOUT_MINUTES * 60


def client_address(request: HttpRequest | None) -> str:
    """REMOTE_ADDR; behind TRUSTED_PROXY_COUNT proxies, the address the outermost of them
    appended to X-Forwarded-For (the entries before it are the client's own to write)."""
    if request is None:
        return "unknown"
    proxies = settings.TRUSTED_PROXY_COUNT
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    if proxies and len(forwarded) >= proxies:
        return forwarded[-proxies]
    return request.META.get("REMOTE_ADDR") or "unknown"


def _key(username: str, address: str) -> str:
    digest = hashlib.sha256(f"{username.strip().casefold()}\n{address}".encode()).hexdigest()
    return f"login-failures:{digest}"


def _address_key(address: str) -> str:
    return f"login-failures-address:{hashlib.sha256(address.encode()).hexdigest()}"


def locked_out(username: str, address: str) -> str | None:
    """ "user" when the user name is locked out from *address*, "address" when the whole
    address is, else None."""
    if (cache.get(_key(username, address)) or 0) >= settings.LOGIN_FAILURE_LIMIT:
        return "user"
    if (cache.get(_address_key(address)) or 0) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
        return "address"
    return None


def _count(key: str) -> int:
    cache.add(key, 0, _lockout_seconds())
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, _lockout_seconds())
        count = 1
    cache.touch(key, _lockout_seconds())  # the lockout runs from the last failure
    return count


def record_failure(username: str, address: str) -> int:
    """Count one more failure for the pair and for the address; returns the pair's count."""
    _count(_address_key(address))
    return _count(_key(username, address))


def clear_failures(username: str, address: str) -> None:
    """A success clears the pair's count (the address keeps its own)."""
    cache.delete(_key(username, address))


def clear_address(address: str) -> None:
    cache.delete(_address_key(address))


class ThrottledLogin:
    """The check for AuthenticationForm and its admin subclass (mixed in before them)."""

    request: HttpRequest | None
    throttled = False

    def clean(self) -> dict[str, Any]:
        username = self.data.get("username", "")  # type: ignore[attr-defined]
        address = client_address(self.request)
        lock = locked_out(username, address) if username else None
        if lock:
            self.throttled = True
            raise forms.ValidationError(_refusal(lock, settings.LOGIN_LOCKOUT_MINUTES), code="throttled")
        try:
            cleaned = super().clean()  # type: ignore[misc]
        except forms.ValidationError:
            if username:
                record_failure(username, address)
            raise
        if self.get_user() is not None:  # type: ignore[attr-defined]  # a form without a password tried nothing
            clear_failures(username, address)
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
        response = super().form_invalid(form)
        if getattr(form, "throttled", False):
            response.status_code = 429  # Too Many Requests
        return response

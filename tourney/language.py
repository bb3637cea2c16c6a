"""The language of a logged-in user: his own choice, whatever browser he uses.

A reader who is not logged in gets the language he chose on the page (Django's language
cookie) or else his browser's (``LocaleMiddleware``). A logged-in user's choice is his:
the switch in the header records it (``set_language``), and ``UserLanguageMiddleware``
applies it on every page he opens, on any computer, over the cookie and the browser.
Two arbiters sharing the desk's computer each read their own language.

The choice is stored in the user's ``UserPreference`` row; the admin shows it and may
change it. It is read at every page of a logged-in user (one indexed query), so a
choice made on one computer holds at once on the others.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.utils import translation
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language


def supported(code: str | None) -> bool:
    return bool(code) and code in dict(settings.LANGUAGES)


def preferred_language(user) -> str | None:
    """The language *user* chose, or None if he never chose one."""
    from tourney.models import UserPreference

    code = UserPreference.objects.filter(user=user).values_list("language", flat=True).first()
    return code if supported(code) else None


def remember_language(user, code: str) -> None:
    """Record *code* as *user*'s language, replacing an earlier choice."""
    if not supported(code):
        raise ValueError(f"unsupported language {code!r}")
    from tourney.models import UserPreference

    UserPreference.objects.update_or_create(user=user, defaults={"language": code})


class UserLanguageMiddleware:
    """After ``AuthenticationMiddleware``: a logged-in user reads his own language."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            code = preferred_language(user)
            if code:
                translation.activate(code)
                request.LANGUAGE_CODE = code
        return self.get_response(request)


@csrf_exempt
@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's language switch (the cookie, the redirect to ``next``); a logged-in user's
    choice is also recorded as his.

    A reader's switch needs no CSRF token: the public pages are shared by every reader
    (tourney/caching/) and carry none, and all it changes is his own language cookie.
    A logged-in user's switch writes his preference: it is checked as every other POST."""
    if request.user.is_authenticated:
        refused = CsrfViewMiddleware(lambda r: HttpResponse()).process_view(request, django_set_language, (), {})
        if refused is not None:
            return refused
    response = django_set_language(request)
    code = request.POST.get("language")
    if request.user.is_authenticated and supported(code):
        remember_language(request.user, code)
    return response

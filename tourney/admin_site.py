"""The Django admin site: superusers only.

The admin repairs data across every tournament, bypassing the appointments that
limit everyone else to their own tournaments (tourney/roles.py); so being staff, or
holding a model permission, is not enough to enter it. Its login is throttled like
the site's (tourney/login_throttle.py). Installed by tourney.apps.RepairAdminConfig.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest, HttpResponse

from tourney.login_throttle import ThrottledAdminAuthenticationForm, throttled_status


class RepairAdminSite(admin.AdminSite):
    site_header = "Data repair"
    login_form = ThrottledAdminAuthenticationForm

    def login(self, request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
        return throttled_status(super().login(request, extra_context))

    def has_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.is_active and request.user.is_superuser)

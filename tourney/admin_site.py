"""The Django admin site: superusers only.

The admin repairs data across every tournament, bypassing the appointments that
limit everyone else to their own tournaments (tourney/roles.py); so being staff, or
holding a model permission, is not enough to enter it.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.http import HttpRequest


class RepairAdminSite(admin.AdminSite):
    site_header = "Data repair"

    def has_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.is_active and request.user.is_superuser)


class RepairAdminConfig(AdminConfig):
    default_site = "tourney.admin_site.RepairAdminSite"

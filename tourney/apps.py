"""The tournament app and the repair-only admin: role groups made after migrating, the cache's
deploy checks registered."""

from __future__ import annotations

from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.db.models.signals import post_migrate


class TourneyConfig(AppConfig):
    name = "tourney"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tourney.caching import checks  # noqa: F401  (registers the cache's deploy checks)
        from tourney.roles import ensure_role_groups

        # After migrate, once the permissions exist: idempotent.
        post_migrate.connect(ensure_role_groups, sender=self)


class RepairAdminConfig(admin_apps.AdminConfig):
    """django.contrib.admin with the superusers-only site (tourney/admin_site.py)."""

    default = False  # TourneyConfig stays this module's app config
    default_site = "tourney.admin_site.RepairAdminSite"

from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_migrate


class TourneyConfig(AppConfig):
    name = "tourney"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tourney import caching  # noqa: F401  (registers its deploy check)
        from tourney.roles import ensure_role_groups

        # After migrate, once the permissions exist: idempotent.
        post_migrate.connect(ensure_role_groups, sender=self)

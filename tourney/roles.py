"""Organizer and arbiter roles, as Django groups with permissions.

Public pages need no login; these groups gate the pages that change a tournament.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Group, Permission

ORGANIZERS = "Organizers"
ARBITERS = "Arbiters"

_ORGANIZER_PERMISSIONS = [
    "manage_tournament",
    "add_tournament",
    "change_tournament",
    "view_tournament",
    "add_player",
    "change_player",
    "view_player",
    "add_round",
    "view_round",
    "view_game",
    "view_bye",
    "view_auditentry",
]
_ARBITER_PERMISSIONS = [
    "direct_tournament",
    "view_tournament",
    "view_player",
    "change_player",
    "add_round",
    "change_round",
    "view_round",
    "change_game",
    "view_game",
    "add_bye",
    "change_bye",
    "delete_bye",
    "view_bye",
    "view_auditentry",
]


def ensure_role_groups(**_: Any) -> None:
    for name, codenames in ((ORGANIZERS, _ORGANIZER_PERMISSIONS), (ARBITERS, _ARBITER_PERMISSIONS)):
        group, _ = Group.objects.get_or_create(name=name)
        perms = Permission.objects.filter(content_type__app_label="tourney", codename__in=codenames)
        group.permissions.add(*perms)

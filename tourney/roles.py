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


# ---------------------------------------------------------------- per tournament
#
# The groups say what kind of user someone is; an Appointment says on which
# tournament. An organizer creates tournaments (the Organizers group's add
# permission) and is appointed organizer of each one they create; they appoint
# the arbiters, who run the rounds of that tournament only. Superusers may do all.


def can_create_tournament(user: Any) -> bool:
    return bool(user.is_authenticated and (user.is_superuser or user.has_perm("tourney.add_tournament")))


def _appointed(user: Any, tournament: Any, roles: tuple[str, ...]) -> bool:
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    from tourney.models import Appointment

    return Appointment.objects.filter(tournament=tournament, user=user, role__in=roles).exists()


def can_manage(user: Any, tournament: Any) -> bool:
    """Settings, registration and appointments of *tournament*."""
    return _appointed(user, tournament, ("organizer",))


def can_direct(user: Any, tournament: Any) -> bool:
    """Pairing, publication, results, byes and withdrawals of *tournament*."""
    return _appointed(user, tournament, ("arbiter",))


def can_register(user: Any, tournament: Any) -> bool:
    """Entries, late entries (C.04.2.C.2: the chief arbiter admits a latecomer), withdrawals, byes."""
    return _appointed(user, tournament, ("organizer", "arbiter"))


def appoint(tournament: Any, user: Any, role: str, *, by: Any = None) -> Any:
    """Give *user* *role* on *tournament*, and the matching group (for the admin's repair pages)."""
    from tourney.models import Appointment

    appointment, _ = Appointment.objects.get_or_create(
        tournament=tournament, user=user, role=role, defaults={"appointed_by": by}
    )
    user.groups.add(Group.objects.get_or_create(name=ORGANIZERS if role == "organizer" else ARBITERS)[0])
    return appointment

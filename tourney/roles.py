"""Who may do what: rights on a tournament come from its appointments only.

Public pages need no login. One group remains, *Organizers*: the organizers-at-large a
superuser names, who may create and import tournaments. Everything done on a tournament
(its settings, registration, pairing, results) needs an Appointment to *that*
tournament; dismissing the appointment ends the rights it gave. An appointment never
adds a group, and no group grants a right on a tournament. A captain's appointment is on
one team of a team event and gives its lineups only (can_captain).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Group, Permission

ORGANIZERS = "Organizers"
# The group's one permission: creating (and importing) a tournament.
ORGANIZER_PERMISSIONS = ["add_tournament"]


def ensure_role_groups(**_: Any) -> None:
    """The Organizers group with exactly its permission (run after every migrate)."""
    group, _ = Group.objects.get_or_create(name=ORGANIZERS)
    perms = Permission.objects.filter(content_type__app_label="tourney", codename__in=ORGANIZER_PERMISSIONS)
    group.permissions.set(perms)


# ---------------------------------------------------------------- per tournament
#
# An organizer-at-large (the Organizers group, given by a superuser) creates
# tournaments and is appointed organizer of each one they create; the organizers of a
# tournament appoint its arbiters and other organizers, who act on that tournament
# only. Superusers may do all.


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


def can_captain(user: Any, team: Any) -> bool:
    """The lineups of *team* (a captain of that team, or an arbiter of its tournament):
    a captain's appointment gives nothing else."""
    if can_direct(user, team.tournament):
        return True
    if not user.is_authenticated or not user.is_active:
        return False
    from tourney.models import Appointment

    return Appointment.objects.filter(tournament_id=team.tournament_id, user=user, role="captain", team=team).exists()


def appoint(tournament: Any, user: Any, role: str, *, by: Any = None, team: Any = None) -> Any:
    """Give *user* *role* on *tournament* (and nothing beyond it: no group); a captain's
    role is on one *team*."""
    from tourney.models import Appointment

    appointment, _ = Appointment.objects.get_or_create(
        tournament=tournament, user=user, role=role, defaults={"appointed_by": by, "team": team}
    )
    return appointment

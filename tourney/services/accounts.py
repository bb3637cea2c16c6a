"""Accounts inside the application: an organizer invites a person to a tournament.

The invitation creates the user (his e-mail address is his user name) without a usable
password, appoints him to the role, and gives a one-time link to set his password:
Django's password-reset token, which is bound to the password and the last login, so it
stops working once used, and expires after PASSWORD_RESET_TIMEOUT. The organizer sees
the link; it is also e-mailed when the site sends mail (settings.INVITATIONS_BY_EMAIL).

The invitation is recorded (models.Invitation): a new link, while the person has not
chosen his password, is given only by the organizer who invited him, on the tournament he
invited him to, or by a superuser. Whoever holds the link owns the account, so an organizer
who appoints the same person to another tournament never gets one.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing.engine.text import control_character
from tourney import audit, roles
from tourney.audit import User
from tourney.errors import RefusalTable, SetupRefused
from tourney.models import AppointmentRole, Tournament
from tourney.models import Invitation as InvitationRecord

REFUSALS = RefusalTable(
    "accounts",
    {
        "no_name": gettext_lazy("give the person's name"),
        "bad_email": gettext_lazy("%(email)s is not an e-mail address"),
        "no_such_role": gettext_lazy("no role %(role)s"),
        "captain_needs_team": gettext_lazy("a captain is invited from his team's page"),
        "has_account": gettext_lazy("%(email)s already has an account: appoint him from the list of users"),
        "link_not_yours": gettext_lazy(
            "a new set-password link is given only by the organizer who invited the person here, "
            "and only until he chooses his password"
        ),
    },
)


@dataclass(frozen=True)
class Invitation:
    user: AbstractBaseUser
    path: str  # the set-password page, from the site's root
    emailed: bool


def set_password_path(user: AbstractBaseUser) -> str:
    """The one-time set-password page of *user* (valid until he sets one, or it expires)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("set_password", args=[uid, default_token_generator.make_token(user)])


def invite(
    *, tournament_id: int, name: str, email: str, role: str, user: User, site: str = "", team_id: int | None = None
) -> Invitation:
    """Create the account of *name* <*email*>, appoint him *role* on the tournament and
    return his set-password link (*site*: the scheme and host the e-mail's link starts with).
    A captain (*team_id*) is appointed on that team only."""
    name, email = " ".join(name.split()), email.strip().lower()
    if not name or control_character(name) is not None:
        raise SetupRefused(REFUSALS("no_name"))
    try:
        validate_email(email)
    except ValidationError:
        raise SetupRefused(REFUSALS("bad_email", email=email)) from None
    if role not in AppointmentRole.values:
        raise SetupRefused(REFUSALS("no_such_role", role=role))
    if (role == AppointmentRole.CAPTAIN) != (team_id is not None):
        raise SetupRefused(REFUSALS("captain_needs_team"))
    users = get_user_model()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if users.objects.filter(username__iexact=email).exists() or users.objects.filter(email__iexact=email).exists():
            raise SetupRefused(REFUSALS("has_account", email=email))
        first, _space, last = name.partition(" ")
        invited = users.objects.create_user(username=email, email=email, first_name=first[:150], last_name=last[:150])
        invited.set_unusable_password()
        invited.save()
        team = tournament.teams.get(pk=team_id) if team_id is not None else None
        appointment = roles.appoint(tournament, invited, role, by=user, team=team)
        InvitationRecord.objects.create(
            user=invited, tournament=tournament, invited_by=user if user.is_authenticated else None
        )
        audit.record(
            tournament,
            appointment,
            action="invite user",
            new=f"{name} <{email}> {role}" + (f" ({team.name})" if team else ""),
            user=user,
        )
    path = set_password_path(invited)
    emailed = False
    if settings.INVITATIONS_BY_EMAIL:
        send_mail(
            _("Your account for %(tournament)s") % {"tournament": tournament.name},
            _(
                "%(inviter)s invites you as %(role)s of %(tournament)s.\n\n"
                "Choose your password here (the link works once):\n%(link)s\n\n"
                "Your user name is %(username)s."
            )
            % {
                "inviter": user.get_username() if user.is_authenticated else "",
                "role": AppointmentRole(role).label,
                "tournament": tournament.name,
                "link": site + path,
                "username": email,
            },
            None,
            [email],
        )
        emailed = True
    return Invitation(invited, path, emailed)


def may_give_link(user: User, invited: AbstractBaseUser, tournament: Tournament) -> bool:
    """Whether *user* may give *invited* a new set-password link on *tournament*'s page: he
    has no password yet, and *user* is a superuser or the organizer who invited him there
    (and is still one of its organizers)."""
    if not user.is_authenticated or not user.is_active or invited.has_usable_password():
        return False
    if user.is_superuser:
        return True
    invitation = InvitationRecord.objects.filter(user=invited).first()
    return (
        invitation is not None
        and invitation.invited_by_id == user.pk
        and invitation.tournament_id == tournament.pk
        and roles.can_manage(user, tournament)
    )


def links_user_may_give(user: User, tournament: Tournament) -> set[int]:
    """The appointed people of *tournament* whose new link *user* may give (their ids)."""
    appointed = get_user_model().objects.filter(appointments__tournament=tournament).distinct()
    return {person.pk for person in appointed if may_give_link(user, person, tournament)}


def new_link(*, tournament_id: int, invited_id: int, user: User) -> str:
    """A fresh set-password link for a person appointed to the tournament who has not
    chosen a password yet (the first link was lost or expired), given only as
    may_give_link allows; every link given is audited."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        invited = get_user_model().objects.filter(pk=invited_id, appointments__tournament=tournament).first()
        if invited is None or not may_give_link(user, invited, tournament):
            raise SetupRefused(REFUSALS("link_not_yours"))
        audit.record(tournament, invited, action="new invitation link", new=invited.get_username(), user=user)
    return set_password_path(invited)

"""The audit trail: the one way a change to a result or a pairing is recorded."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tourney.models import AuditEntry, Round, Tournament

# Who makes a change: a signed-in user, or anonymous (a public page or a worker).
User = AbstractBaseUser | AnonymousUser


def record(
    tournament: Tournament,
    subject: models.Model,
    *,
    action: str,
    old: object = "",
    new: object = "",
    user: User | None = None,
    reason: str = "",
) -> AuditEntry:
    return AuditEntry.objects.create(
        tournament=tournament,
        user=user if user is not None and user.is_authenticated else None,
        action=action,
        content_type=ContentType.objects.get_for_model(subject),
        object_id=str(subject.pk),
        object_repr=str(subject)[:200],
        round_number=round_number_of(subject),
        old_value="" if old is None else str(old),
        new_value="" if new is None else str(new),
        reason=reason,
    )


def round_number_of(subject: models.Model) -> int | None:
    """The round a change belongs to: the round itself, or the round of a game or a bye."""
    if isinstance(subject, Round):
        return subject.number
    rnd = getattr(subject, "round", None)
    return rnd.number if isinstance(rnd, Round) else None


# What the audit page shows for each action (stored in English, the same in every language).
ACTION_LABELS: dict[str, Promise] = {
    "admin add": _("added in the admin"),
    "admin delete": _("deleted in the admin"),
    "appoint": _("appointment"),
    "cancel bye": _("bye cancelled"),
    "cancel withdrawal": _("withdrawal cancelled"),
    "change pairing": _("pairing changed by hand"),
    "change player": _("player changed"),
    "change settings": _("settings changed"),
    "change tie-breaks": _("tie-breaks changed"),
    "close round": _("results published"),
    "correct result": _("result corrected"),
    "create tournament": _("tournament created"),
    "dismiss": _("appointment ended"),
    "draw initial colour": _("initial colour drawn by lot"),
    "import TRF": _("TRF file imported"),
    "late entry": _("late entry registered"),
    "open round": _("round opened"),
    "pair round": _("round paired"),
    "pairing failed": _("pairing attempt failed"),
    "publish pairing": _("pairing published"),
    "refused result": _("result refused"),
    "register player": _("player registered"),
    "renumber players": _("pairing numbers reassigned"),
    "request bye": _("bye requested"),
    "request pairing": _("pairing requested"),
    "result": _("result entered"),
    "withdraw": _("player withdrawn"),
    # Recorded by work on other branches (the desk's undo, the bulk registration).
    "unpublish pairing": _("publication of the pairing undone"),
    "change rules edition": _("rules edition changed"),
    "prohibit pairing": _("pairing prohibited"),
    "allow pairing": _("prohibited pairing lifted"),
    "register players": _("players registered"),
    "late entries": _("late entries registered"),
    # The warnings FIDE asks for: changes the arbiter confirmed.
    "change tie-breaks after start": _("tie-breaks changed after the start (confirmed)"),
    "renumber players after round 4": _("pairing numbers reassigned after round 4 (confirmed)"),
    "give full-point bye": _("full-point bye given (confirmed)"),
    # Categories and prizes (tourney.services.prizes), the K of a player's rating record.
    "add category": _("category added"),
    "remove category": _("category removed"),
    "set prize": _("prize set"),
    "remove prize": _("prize removed"),
    "change prize sharing": _("prize sharing changed"),
    "change rating record": _("K factor or rated games changed"),
    # Accounts.
    "invite user": _("person invited"),
    "new invitation link": _("new set-password link"),
    # The FIDE rating list (tourney.services.rating_list).
    "update rating from list": _("rating updated from the FIDE rating list"),
    "update national rating from list": _("national rating updated from its list"),
    # Check-in before a round is paired.
    "check in": _("checked in"),
    "confirm check-in": _("check-in confirmed"),
    "mark absent": _("absence recorded"),
    "cancel absence": _("absence cancelled"),
    # Team events (tourney.services.teams).
    "register team": _("team registered"),
    "add team member": _("player added to a team"),
    "change roster": _("team roster reordered"),
    "withdraw team": _("team withdrawn"),
    "delete team": _("team deleted"),
    "request team bye": _("team bye requested"),
    "cancel team bye": _("team bye cancelled"),
    "set lineup": _("lineup set"),
    "set lineup after the deadline": _("lineup set after the deadline"),
    "forfeit match": _("match forfeited as a whole"),
    "import team TRF": _("team TRF file imported"),
    "prohibit teams": _("teams kept apart"),
    "allow teams": _("teams no longer kept apart"),
}
_ADMIN_CHANGE = "admin change "


def action_label(action: str) -> str:
    """The action in the reader's language; an action without a label as it is stored."""
    if action.startswith(_ADMIN_CHANGE):
        return gettext("changed in the admin: %(field)s") % {"field": action.removeprefix(_ADMIN_CHANGE)}
    return str(ACTION_LABELS.get(action, action))

"""The audit trail: the one way a change to a result or a pairing is recorded."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.contenttypes.models import ContentType
from django.db import models

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

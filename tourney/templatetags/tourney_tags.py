"""Filters for chess numbers: points in tenths, colours, floats."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def points(tenths: int | None) -> str:
    """25 -> '2½', 5 -> '½', 10 -> '1', 13 -> '1.3' (scoring systems with other steps)."""
    if tenths is None:
        return ""
    whole, rest = divmod(int(tenths), 10)
    if rest == 0:
        return str(whole)
    if rest == 5:
        return f"{whole or ''}½"
    return f"{tenths / 10:.1f}"


@register.simple_tag(takes_context=True)
def tournament_roles(context: template.Context, tournament: object) -> dict[str, bool]:
    """{% tournament_roles tournament as can %}: what the user may do on *tournament*."""
    from tourney.access import user_roles

    request = context.get("request")
    if request is None or tournament is None:
        return {"manage": False, "direct": False, "register": False}
    return user_roles(request.user, tournament)


@register.filter
def audit_action(action: str) -> str:
    """An audit entry's action in the reader's language."""
    from tourney.audit import action_label

    return action_label(action)


@register.filter
def event_over(tournament: object) -> bool:
    """Whether the last round's results are published: the standings are final (C.07)."""
    from tourney.models import RoundStatus

    return tournament.round_set.filter(number=tournament.rounds, status=RoundStatus.CLOSED).exists()  # type: ignore[attr-defined]


@register.filter
def among(name: str, names: str) -> bool:
    """Whether *name* is one of the space-separated *names*: a whole word, where the
    template language's ``in`` would find "rounds" inside "rounds_per_day"."""
    return name in names.split()


@register.filter
def without_pab(byes: list) -> list:
    """The round's byes but the pairing-allocated one: the players a draft may take in."""
    return [b for b in byes if b.kind != "pab"]


@register.simple_tag
def checkin_counts(tournament: object, number: int) -> dict[str, int]:
    """{% checkin_counts tournament n as counts %}: how many players of round *n* are in
    each check-in state (services.checkin.Presence)."""
    from tourney.services.checkin import presence_counts, roster

    return presence_counts(roster(tournament, number))  # type: ignore[arg-type]

"""The tournament menu (templates/tourney/_tournament_nav.html), on every page of a
tournament: what the user may open there and whether the standings are final. A context
processor computes it once per request, when a page shows the menu; the template tags
read no database."""

from __future__ import annotations

from django.db.models import F
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from tourney.access import user_roles
from tourney.models import Round, RoundStatus

NO_ROLES = {"manage": False, "direct": False, "register": False}


def event_over(tournament_id: int) -> bool:
    """Whether the last round's results are published: the standings are final (C.07)."""
    last_round = F("tournament__rounds")
    return Round.objects.filter(tournament_id=tournament_id, number=last_round, status=RoundStatus.CLOSED).exists()


def _tournament_id(request: HttpRequest) -> int | None:
    """The tournament of the page: the one the URL names (a page without one, a player's
    check-in by his token, shows the menu without the arbiter's links)."""
    match = getattr(request, "resolver_match", None)
    value = match.kwargs.get("tournament_id") if match is not None else None
    return int(value) if value is not None else None


def menu_facts(request: HttpRequest) -> dict[str, object]:
    tournament_id = _tournament_id(request)
    if tournament_id is None:
        return {"can": NO_ROLES, "over": False}
    return {"can": user_roles(request.user, tournament_id), "over": event_over(tournament_id)}


def tournament_menu(request: HttpRequest) -> dict[str, object]:
    """Context processor: ``tournament_menu.can`` (manage, direct, register) and
    ``tournament_menu.over``, computed at the menu's first use in the request."""
    return {"tournament_menu": SimpleLazyObject(lambda: menu_facts(request))}

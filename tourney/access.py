"""Who may call a view: the tournament's organizers, its arbiters, or anyone.

Every write is a POST (CSRF-checked by the middleware) wrapped in one of these: an
anonymous user, or one without the role on *that* tournament, gets 403 and nothing
changes. A GET page of the same kind sends an anonymous user to the login page. Each
wrapped view carries the same check as ``allows(user, **url_kwargs)``, which
tourney.uploads asks before it lets an upload's body be read.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, cast

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from tourney import roles
from tourney.models import Tournament
from tourney.views.http import TournamentRequest

CHECKS: dict[str, Callable[[Any, Tournament], bool]] = {
    "manage": roles.can_manage,
    "direct": roles.can_direct,
    "register": roles.can_register,
}


def tournament_role(role: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    check = CHECKS[role]

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, tournament_id: int, *args: Any, **kwargs: Any) -> HttpResponse:
            tournament = get_object_or_404(Tournament, pk=tournament_id)
            if not request.user.is_authenticated and request.method in ("GET", "HEAD"):
                return redirect_to_login(request.get_full_path())
            if not check(request.user, tournament):
                raise PermissionDenied
            tournament_request = cast(TournamentRequest, request)
            tournament_request.tournament = tournament
            return view(tournament_request, tournament_id, *args, **kwargs)

        wrapped.tournament_role = role  # type: ignore[attr-defined]
        wrapped.allows = lambda user, tournament_id, **_: _allowed_on(check, user, tournament_id)  # type: ignore[attr-defined]
        return wrapped

    return decorator


def tournament_creator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated and request.method in ("GET", "HEAD"):
            return redirect_to_login(request.get_full_path())
        if not roles.can_create_tournament(request.user):
            # The 403 page says why: an arbiter appointed to tournaments is not an organizer.
            raise PermissionDenied(
                gettext(
                    "You are not an organizer: creating a tournament, importing one and the rating lists are "
                    "for the site's organizers. A superuser makes you one (the Organizers group)."
                )
            )
        return view(request, *args, **kwargs)

    wrapped.allows = lambda user, **_: roles.can_create_tournament(user)  # type: ignore[attr-defined]
    return wrapped


def _allowed_on(check: Callable[[Any, Tournament], bool], user: Any, tournament_id: int) -> bool:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    return tournament is not None and check(user, tournament)


def takes_upload(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Marks a view that reads an uploaded file: tourney.uploads lets a file through to it
    only for a user its role decorator (its ``allows``) admits, before the body is read."""
    if not callable(getattr(view, "allows", None)):
        raise TypeError(f"{view.__name__} takes an upload but has no role decorator")
    view.takes_upload = True  # type: ignore[attr-defined]
    return view


def user_roles(user: Any, tournament: Tournament) -> dict[str, bool]:
    """For templates: what the user may do on this tournament."""
    return {
        "manage": roles.can_manage(user, tournament),
        "direct": roles.can_direct(user, tournament),
        "register": roles.can_register(user, tournament),
    }

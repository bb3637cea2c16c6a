"""The confirm step of the desk's and the registration's irreversible-looking writes."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render

from tourney.models import Round
from tourney.round_page import round_context
from tourney.views.http import TournamentRequest


def confirmation(
    request: TournamentRequest,
    *,
    url: str,
    back: str,
    question: str,
    consequence: str,
    button: str,
    fields: dict[str, object] | None = None,
    rnd: Round | None = None,
) -> HttpResponse:
    """The confirm step of a write that takes effect at once for everyone (publishing,
    withdrawing): a POST without ``confirmed=1`` answers with the question and a form that
    repeats the POST with it. With HTMX it replaces the round's pairing section; without
    JavaScript it is a page of its own."""
    confirm = {
        "url": url,
        "back": back,
        "question": question,
        "consequence": consequence,
        "button": button,
        "fields": list((fields or {}).items()),
        "htmx": bool(request.htmx and rnd is not None),
    }
    if confirm["htmx"]:
        context = {**round_context(request, rnd), "confirm": confirm}
        return render(request, "tourney/round_detail.html#pairing", context)
    return render(request, "tourney/confirm.html", {"tournament": request.tournament, "confirm": confirm})

"""The typed requests every view module takes."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from tourney.models import Tournament


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware."""

    htmx: HtmxDetails


class TournamentRequest(HtmxHttpRequest):
    """A request the access decorator let through, with the tournament it resolved."""

    tournament: Tournament

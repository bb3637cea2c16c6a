"""The tournament's setup: the initial colour drawn by lot."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from tourney import audit
from tourney.audit import User
from tourney.errors import PairingRefused
from tourney.models import InitialColour, Tournament


def draw_initial_colour(*, tournament_id: int, user: User | None = None) -> Tournament:
    """Draw the initial colour by lot now (the arbiter's button), once."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.initial_colour:
            raise PairingRefused(
                _("the initial colour was already drawn: %s") % tournament.get_initial_colour_display()
            )
        draw_initial_colour_once(tournament, user)
        return tournament


def draw_initial_colour_once(tournament: Tournament, user: User | None) -> None:
    # C.04.3 E.5 (and the other systems alike): the colour of the first player in
    # round 1 is drawn by lot, once, before the first pairing.
    if tournament.initial_colour:
        return
    tournament.initial_colour = secrets.choice([InitialColour.WHITE, InitialColour.BLACK])
    tournament.save(update_fields=["initial_colour"])
    audit.record(
        tournament,
        tournament,
        action="draw initial colour",
        new=tournament.initial_colour,
        user=user,
        reason="drawn by lot before round 1",
    )

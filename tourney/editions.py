"""The rules edition of a tournament: which one a new tournament gets, which ones a system
can pair by. The engines say which editions each system implements
(:func:`pairing.engine.editions`); this module is the setting's one rule about them."""

from __future__ import annotations

from django.utils.translation import gettext as _

from pairing.engine import editions
from pairing.engine.common.editions import CURRENT_EDITION


def default_edition(system: str) -> str:
    """The edition a new tournament with *system* gets: the rules in force today when the
    engines implement them for *system*, else the one they implement."""
    known = editions(system)
    return CURRENT_EDITION if CURRENT_EDITION in known else known[0]


def edition_problem(system: str, edition: str) -> str | None:
    """Why *system* cannot pair by *edition* in this program, or None."""
    known = editions(system)
    if edition in known:
        return None
    return _("The %(system)s system has no %(edition)s edition in this program yet: choose %(known)s.") % {
        "system": system.capitalize(),
        "edition": edition,
        "known": ", ".join(known),
    }

"""Bounds of what a player (and a tournament) may hold, wherever it comes in: the forms,
CSV and TRF files, the admin. Model validators, so that ``full_clean`` and every model form
apply them; each refusal says what is allowed.

Ratings: 0 for an unrated player, else 1000 to 3000. FIDE's rating floor is 1400 since
1 March 2024 (FIDE Rating Regulations; qc.fide.com, "New rating regulations come into
force", 2024-03-01) and was 1000 from 2012; files of earlier events, which this program
replays under the 2017 rules, carry ratings down to 1000. No FIDE rating has reached 2900
(the record is 2882): 3000 leaves a margin and refuses a typing error such as 4000.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from pairing.engine.text import control_character, describe, format_character
from tourney.federations import is_federation

RATING_MIN = 1000
RATING_MAX = 3000
MAX_ROUNDS = 99  # Tournament.rounds, the settings form's bound
MAX_PAIRING_NUMBER = 9999  # TRF start numbers fill four columns
MAX_BOARDS = 5000
MAX_RATED_GAMES = 99999  # K depends on the first 30 (FIDE Rating Regulations 8.3.3)
MAX_CORRECTION_WINDOW_MINUTES = 7 * 24 * 60
# A FIDE ID fills the 11 columns 58-68 of a TRF 001 record, three of them a reserve: FIDE
# numbers have up to 8 digits today, 10 leaves room and refuses a pasted phone number.
MAX_FIDE_ID_DIGITS = 10


def validate_fide_id(value: str) -> None:
    if value and not (value.isascii() and value.isdigit() and len(value) <= MAX_FIDE_ID_DIGITS):
        raise ValidationError(
            _("%(value)s is not a FIDE ID: digits only, at most %(most)d"),
            params={"value": value, "most": MAX_FIDE_ID_DIGITS},
        )


def validate_fide_ids(value: str) -> None:
    """FIDE IDs separated by semicolons (one per deputy arbiter; an empty one: not known)."""
    for part in value.split(";"):
        validate_fide_id(part.strip())


def validate_rating(value: int | None) -> None:
    if value and not RATING_MIN <= value <= RATING_MAX:
        raise ValidationError(
            _("%(value)s is not a FIDE rating: 0 for an unrated player, else %(low)d to %(high)d"),
            params={"value": value, "low": RATING_MIN, "high": RATING_MAX},
            code="rating",
        )


def validate_federation(value: str) -> None:
    if value and not is_federation(value):
        raise ValidationError(
            _("%(value)s is not a FIDE federation code (e.g. ITA, GER, ENG, FID)"),
            params={"value": value},
            code="federation",
        )


def text_problem(value: str) -> str | None:
    """What makes *value* unfit for a name or a header: a control character (a newline
    would split a TRF record) or an invisible format character; None when it is fit."""
    at = control_character(value)
    if at is None:
        at = format_character(value)
        if at is None:
            return None
        return str(_("invisible character %(c)s at position %(at)d") % {"c": describe(value[at]), "at": at + 1})
    return str(_("control character %(c)s at position %(at)d") % {"c": describe(value[at]), "at": at + 1})


def validate_visible_text(value: str) -> None:
    problem = text_problem(value)
    if problem:
        raise ValidationError(problem, code="character")

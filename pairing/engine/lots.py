"""Drawing of lots that anyone can repeat: a lot is a function of a recorded seed.

The rules leave a few choices to a lot, the first of them the colour of the first player
in round 1 (C.04.3 E.5; C.04.2.E for the other systems). FIDE's technical acceptance
(2026) wants every lot a program draws to be reproducible: the program draws a seed,
records it (the audit trail, the TRF), and the same seed gives the same lot again.

A seed is 16 hexadecimal digits (64 random bits from :mod:`secrets`), short enough to
read out and to type. A lot does not depend on Python's random generator (whose stream
may change between versions): it is the first byte of the SHA-256 digest of
``"<purpose>:<seed>"`` (UTF-8), so any language repeats it::

    $ printf 'initial-colour:%s' 0123456789abcdef | sha256sum
    08...   first byte 0x08, even: White for pairing number 1 (odd: Black)

:func:`initial_colour_by_lot` is that lot for the initial colour: the first byte even
gives White to pairing number 1, odd gives Black.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from typing import TypeVar

from pairing.engine.state import Colour

T = TypeVar("T")

SEED_PATTERN = re.compile(r"^[0-9a-f]{16}$")
INITIAL_COLOUR = "initial-colour"


class SeedError(ValueError):
    """Not a seed of this module (16 lower-case hexadecimal digits)."""


def new_seed() -> str:
    """A fresh seed: 64 bits from the operating system's secure source, as 16 hex digits."""
    return secrets.token_hex(8)


def check_seed(seed: str) -> str:
    """*seed* as it is recorded (trimmed, lower case); SeedError if it is not one."""
    text = seed.strip().lower()
    if not SEED_PATTERN.match(text):
        raise SeedError(f"a seed is 16 hexadecimal digits, not {seed!r}")
    return text


def digest(purpose: str, seed: str) -> bytes:
    """The SHA-256 digest every lot of *purpose* drawn with *seed* is read from."""
    return hashlib.sha256(f"{purpose}:{check_seed(seed)}".encode()).digest()


def draw(purpose: str, seed: str, choices: Sequence[T]) -> T:
    """One of *choices* (at most 256), by lot: the digest's first byte modulo their number.

    With two choices the lot is fair; with more, the bias is below 1/256 per choice."""
    if not 0 < len(choices) <= 256:
        raise ValueError("a lot is drawn among 1 to 256 choices")
    return choices[digest(purpose, seed)[0] % len(choices)]


def initial_colour_by_lot(seed: str) -> Colour:
    """The colour of pairing number 1 in round 1 drawn with *seed*: the same seed, the same colour."""
    return draw(INITIAL_COLOUR, seed, (Colour.WHITE, Colour.BLACK))


# ---------------------------------------------------------------- the TRF comment record
# TRF-2026 has a record for the initial colour (152; XXC white1/black1 in TRF16) but none
# for the seed it was drawn with: a comment record (``###``, which readers keep or skip)
# carries it, so that the file alone lets anyone draw the lot again.
_COMMENT = re.compile(r"^### lot initial-colour seed (?P<seed>[0-9a-f]{16}):")


def lot_comment(seed: str, colour: Colour, drawn_at: str = "", drawn_by: str = "") -> str:
    """The comment record of the initial colour drawn with *seed* (``drawn_at`` an ISO time)."""
    letter = "W" if colour is Colour.WHITE else "B"
    when = f", drawn {drawn_at}" if drawn_at else ""
    who = f" by {drawn_by}" if drawn_by else ""
    return (
        f"### lot initial-colour seed {check_seed(seed)}: {letter} for pairing number 1 "
        f"(SHA-256 of 'initial-colour:<seed>', first byte even = W){when}{who}"
    )


def seed_of_comments(records: Sequence[str]) -> str | None:
    """The initial colour's seed a file's comment records give (:func:`lot_comment`), or None."""
    for record in records:
        match = _COMMENT.match(record)
        if match:
            return match.group("seed")
    return None

"""Which edition of a system's rules pairs a round.

An edition is named by the year its texts came into force:

- ``2017``: the texts in force from 2017 to 31 January 2026 (Dutch C.04.3 as approved in
  Baku 2016, Dubov C.04.4.1 as revised in Batumi 2018, Burstein C.04.4.2, Lim C.04.4.3,
  with the basic rules C.04.1 and general handling rules C.04.2 of that time);
- ``2026``: the texts applied from 1 February 2026 (C.04.1, C.04.2 and the Dutch C.04.3
  approved by the FIDE Council on 28 October 2025). The general rules they share live in
  :mod:`pairing.engine.common.general_rules`.

Each system lists the editions it implements in its ``EDITIONS`` tuple, the default first.
"""

from __future__ import annotations

from pairing.engine.state import PairingError

EDITION_2017 = "2017"
EDITION_2026 = "2026"
KNOWN_EDITIONS = (EDITION_2017, EDITION_2026)
CURRENT_EDITION = EDITION_2026  # the rules in force today (from 1 February 2026)
EDITION_2026_FROM = "2026-02-01"


def edition_of(system: str, edition: str | None, editions: tuple[str, ...]) -> str:
    """*edition*, checked against the *editions* the *system* knows; the first when none is named."""
    if not edition:
        return editions[0]
    if edition not in editions:
        raise PairingError(f"the {system} system has no {edition!r} edition of its rules; known: {', '.join(editions)}")
    return edition


def edition_in_force(date: str) -> str:
    """The edition in force on *date* (ISO ``YYYY-MM-DD``, as TRF record 042 writes it)."""
    return EDITION_2026 if date >= EDITION_2026_FROM else EDITION_2017

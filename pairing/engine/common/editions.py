"""Which edition of a system's rules pairs a round.

An edition is named by the year its texts came into force: ``2017`` for the texts in
force from 2017 to 2025 (Dutch C.04.3 as approved in Baku 2016, Dubov C.04.4.1 as revised
in Batumi 2018, Burstein C.04.4.2, Lim C.04.4.3); ``2026`` for the texts in force from
1 February 2026 (C.04.1 and C.04.2 of 2026, and each system's 2026 text).
"""

from __future__ import annotations

from pairing.engine.state import PairingError

EDITION_2017 = "2017"
EDITION_2026 = "2026"
KNOWN_EDITIONS = (EDITION_2017, EDITION_2026)


def edition_of(system: str, edition: str | None, editions: tuple[str, ...]) -> str:
    """*edition*, checked against the *editions* the *system* knows; the first when none is named."""
    if not edition:
        return editions[0]
    if edition not in editions:
        raise PairingError(f"the {system} system has no {edition!r} edition of its rules; known: {', '.join(editions)}")
    return edition

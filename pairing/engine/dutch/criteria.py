"""Absolute criteria C.1-C.3 and the per-pair facts behind the colour criteria C.8-C.11."""

from __future__ import annotations

from pairing.engine.dutch.players import DutchEntrant


def compatible(a: DutchEntrant, b: DutchEntrant, forbidden: frozenset[frozenset[int]]) -> bool:
    """May *a* and *b* meet this round?"""
    if b.id in a.opponents or frozenset((a.id, b.id)) in forbidden:  # C.1
        return False
    return not (restricted_by_c3(a) and restricted_by_c3(b) and a.preference.colour == b.preference.colour)


def restricted_by_c3(player: DutchEntrant) -> bool:
    """C.3: non-topscorers with the same absolute colour preference shall not meet."""
    return player.absolute and not player.topscorer


def same_preference(a: DutchEntrant, b: DutchEntrant) -> bool:
    return a.preference.colour is not None and a.preference.colour == b.preference.colour


def colour_difference_kept(a: DutchEntrant, b: DutchEntrant) -> bool:
    """C.8: neither player ends beyond +2/-2.

    Only two players who both already have |CD| > 1 and want the same colour
    push one of them past the limit (the other is granted by E.2).
    """
    return not (a.imbalance > 1 and b.imbalance > 1 and same_preference(a, b))


def no_third_colour_in_a_row(a: DutchEntrant, b: DutchEntrant) -> bool:
    """C.9: nobody gets the same colour three times in a row.

    Relevant only when both have an absolute preference for the same colour; the
    one whose preference yields (E.2: smaller colour difference) must not have
    played that colour in his two latest games.
    """
    if not (a.absolute and b.absolute and same_preference(a, b)):
        return True
    if a.imbalance == b.imbalance:
        return a.repeated is None or a.repeated != b.repeated
    loser = b if a.imbalance > b.imbalance else a
    return loser.repeated != a.preference.colour.opposite


def preferences_met(a: DutchEntrant, b: DutchEntrant) -> bool:
    """C.10: both colour preferences can be granted."""
    return not same_preference(a, b)


def strong_preferences_met(a: DutchEntrant, b: DutchEntrant) -> bool:
    """C.11: no strong preference is denied.

    When both preferences are at least strong and for the same colour one of them
    is denied; two absolute preferences (topscorers) are C.8/C.9 business.
    """
    a_strong = a.strong or a.absolute
    b_strong = b.strong or b.absolute
    return not (a_strong and b_strong and not (a.absolute and b.absolute) and same_preference(a, b))

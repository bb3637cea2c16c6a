"""Colour allocation, C.04.3 E.1-E.5."""

from __future__ import annotations

from pairing.engine.dutch.players import DutchEntrant
from pairing.engine.state import Colour, Player


def _most_recent_difference(a: Player, b: Player) -> tuple[Colour | None, Colour | None]:
    """E.3: the colours of the latest round (played games only, C.04.2.D.5)
    in which one had White and the other Black, walking both histories back."""
    sa, sb = a.colour_sequence(), b.colour_sequence()
    for ca, cb in zip(reversed(sa), reversed(sb), strict=False):  # histories differ in length
        if ca != cb:
            return ca, cb
    return None, None


def colour_of_higher(
    high: DutchEntrant, low: DutchEntrant, high_player: Player, low_player: Player, initial: Colour
) -> Colour:
    """The colour of *high*, the higher-ranked player of the pair (A.2)."""
    return colour_rule(high, low, high_player, low_player, initial)[0]


def colour_rule(
    high: DutchEntrant, low: DutchEntrant, high_player: Player, low_player: Player, initial: Colour
) -> tuple[Colour, str]:
    """The colour of *high*, the higher-ranked player of the pair (A.2), and the rule of
    E.1-E.5 that gives it (the explanations cite it)."""
    hp, lp = high.preference.colour, low.preference.colour
    if hp is None or lp is None or hp != lp:  # E.1: both can be granted
        if hp is not None:
            return hp, "E.1"
        if lp is not None:
            return lp.opposite, "E.1"
    else:
        # E.2: the stronger preference; between two absolutes the wider difference.
        if high.absolute and (high.imbalance > low.imbalance or not low.absolute):
            return hp, "E.2"
        if low.absolute and (low.imbalance > high.imbalance or not high.absolute):
            return lp.opposite, "E.2"
        if high.strong and not low.strong:
            return hp, "E.2"
        if low.strong and not high.strong:
            return lp.opposite, "E.2"
        mine, theirs = _most_recent_difference(high_player, low_player)
        if mine is not None and theirs is not None:  # E.3: alternate
            return theirs, "E.3"
        return hp, "E.4"  # E.4: the higher-ranked player's preference
    # E.5: nobody has a preference; the pairing number's parity against the initial colour.
    return (initial if high.number % 2 else initial.opposite), "E.5"

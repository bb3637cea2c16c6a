"""Colour allocation of the revised Dubov system (C.04.4.1 E.0-E.4)."""

from __future__ import annotations

from pairing.engine.common.colours import latest_difference
from pairing.engine.dubov.players import DubovEntrant
from pairing.engine.state import Colour, Player


def higher_ranked(a: DubovEntrant, b: DubovEntrant) -> DubovEntrant:
    """E.0: the player with more points or, when points are equal, the better initial rank."""
    return min((a, b), key=lambda p: (-p.score, p.number))


def white_and_black(a: DubovEntrant, b: DubovEntrant, initial: Colour, players: dict[int, Player]) -> tuple[int, int]:
    """The pair as (White, Black)."""
    high = higher_ranked(a, b)
    low = b if high is a else a
    colour = colour_of_higher(high, low, initial, players)
    return (high.id, low.id) if colour is Colour.WHITE else (low.id, high.id)


def colour_of_higher(high: DubovEntrant, low: DubovEntrant, initial: Colour, players: dict[int, Player]) -> Colour:
    if not high.has_played and not low.has_played:
        # E.0: the higher-ranked player's pairing number against the colour drawn by lot.
        return initial if high.number % 2 else initial.opposite
    hp, lp = high.preference, low.preference
    if hp.colour is not lp.colour:  # E.1: grant both preferences
        return high.colour
    if hp.strength != lp.strength:  # E.2: grant the stronger preference
        return high.colour if hp.strength > lp.strength else low.colour.opposite
    earlier = latest_difference(players[high.id].colour_sequence(), players[low.id].colour_sequence())
    if earlier is not None:  # E.3: alternate to the latest round where they differed
        return earlier.opposite
    return high.colour  # E.4: the higher-ranked player's preference

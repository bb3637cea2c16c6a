"""C.04.4.2 rule 4: the pairing-allocated bye when an odd number of players is to be paired."""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.burstein.players import BursteinRound, received_point_without_playing


def bye_candidates(data: BursteinRound) -> list[int]:
    """Eligible players, the first the one 4.2/4.3 names.

    4.1: never one who already received a point without playing. 4.2: the lowest score
    group; in it the lowest SB; 4.3: then the lowest Buchholz "and so on" (Median,
    rating, and last the higher pairing number).
    """
    eligible = [pid for pid in data.ids if not received_point_without_playing(data.state, pid)]
    return sorted(eligible, key=data.rank_key, reverse=True)


def choose_bye(data: BursteinRound, completable: Callable[[list[int]], bool]) -> int | None:
    """The first candidate whose absence leaves a round that can be paired at all.

    Decision (the text is silent): a bye that would make the rest unpairable under 3.1,
    5.2 and 5.3 passes to the next candidate in the 4.2/4.3 order.
    """
    for candidate in bye_candidates(data):
        rest = [pid for pid in data.ids if pid != candidate]
        if completable(rest):
            return candidate
    return None

"""The FIDE Dutch system: C.04.3 as approved in Baku 2016 (in force 2017 to 31 January
2026, edition ``2017``) and as applied from 1 February 2026 (edition ``2026``). What the
editions do differently is in :mod:`.editions` and :mod:`pairing.engine.common.general_rules`."""

from __future__ import annotations

from pairing.engine.common.editions import EDITION_2017, EDITION_2026, edition_of
from pairing.engine.common.players import higher_first
from pairing.engine.dutch.allocation import colour_of_higher
from pairing.engine.dutch.editions import DUTCH_EDITIONS
from pairing.engine.dutch.players import entrants
from pairing.engine.dutch.round import RoundPairer
from pairing.engine.options import PairingOptions
from pairing.engine.state import Board, Colour, Pairing, TournamentState

EDITIONS = (EDITION_2017, EDITION_2026)


def pair_round(state: TournamentState, options: PairingOptions | None, edition: str) -> Pairing:
    rules = DUTCH_EDITIONS[edition_of("dutch", edition, EDITIONS)]
    players = entrants(state, rules.name)
    forbidden = frozenset(frozenset(p) for p in state.forbidden)
    pairer = RoundPairer(players, forbidden, state.round_to_pair - 1, state.is_last_round, rules)
    pairer.options = options
    pairs, bye = pairer.pair()
    boards = []
    for a, b in pairs:
        high, low = (a, b) if higher_first(a) < higher_first(b) else (b, a)
        colour = colour_of_higher(high, low, state.by_id[high.id], state.by_id[low.id], state.initial_colour)
        if colour is Colour.WHITE:
            boards.append(Board(high.id, low.id))
        else:
            boards.append(Board(low.id, high.id))
    return Pairing(boards=tuple(boards), bye=bye.id if bye else None)

"""The FIDE Double-Swiss system, C.04.5 (approved 28 October 2025, applied from 1 February 2026).

Every pairing is a match of two games between the same two players, one with each
colour, the points counted per game. The state holds one column per game (match *k* is
columns 2k-1 and 2k, see :mod:`pairing.engine.double_swiss.matches`), and the engine pairs
the match whose game 1 is ``state.round_to_pair``: each board's ``white`` has White in
game 1 and Black in game 2 (4.4). 2026 is its only edition. docs/double-swiss.md maps
every article to the code and records the readings.

Modules: ``matches`` (the history read per match: Preface, 1.5, 1.6, [C1], [C2]),
``procedure`` (Article 3 with the criteria of Article 2), ``colours`` (Article 4),
``checks`` (the absolute criteria, for the checker).
"""

from __future__ import annotations

from pairing.engine.common.editions import EDITION_2026, edition_of
from pairing.engine.common.players import forbidden_pairs
from pairing.engine.double_swiss.colours import match_colours
from pairing.engine.double_swiss.matches import contenders, match_to_pair, total_matches
from pairing.engine.double_swiss.procedure import RoundField, choose_bye, pair_brackets
from pairing.engine.options import PairingOptions
from pairing.engine.state import Pairing, PairingError, TournamentState

__all__ = ["EDITIONS", "pair_round"]

EDITIONS = (EDITION_2026,)


def pair_round(state: TournamentState, options: PairingOptions | None, edition: str) -> Pairing:
    edition_of("double_swiss", edition, EDITIONS)
    if options is not None and options.acceleration != "none":
        # C.04.7 gives "the points for a win": a game's or a match's, C.04.5 does not say.
        raise PairingError("the Double-Swiss system is not paired with an acceleration here (docs/double-swiss.md)")
    match = match_to_pair(state)
    field = RoundField(contenders(state), forbidden_pairs(state), last_round=match >= total_matches(state))
    everyone = (1 << len(field.players)) - 1
    bye = choose_bye(field)
    if bye == -1:
        raise PairingError("C.04.5 3.4: no player may receive the PAB and leave the others a legal pairing")
    remaining = everyone if bye is None else everyone & ~(1 << bye)
    pairs = pair_brackets(field, remaining)
    if pairs is None:
        raise PairingError("C.04.5 [C3]: the players cannot all be paired without a rematch")
    boards = tuple(match_colours(field.players[a], field.players[b], state.initial_colour) for a, b in pairs)
    return Pairing(boards=boards, bye=None if bye is None else field.players[bye].id)

"""The FIDE Burstein system, C.04.4.2, in two editions.

The seed edition (the handbook text in force until 31 January 2026; 3.3 acceleration
optional), modules one job each: ``ordering`` (3.2 keys: SB, Buchholz, Median, rating),
``players`` (pairing scores with 3.3, compatibility 3.1/5.2/5.3), ``bye`` (rule 4),
``combinations`` (the 6.2/6.4 order and the 6.5 choice), ``score_groups`` (6.1-6.6),
``colours`` (1.3 due colour, 5.1-5.4 allocation).

The 2026 edition (the "corrected" text effective from 1 February 2026) is a new
procedure: ``corrected`` (the round, seeding rounds, PAB, colours, and the list of what
changed), ``opposition`` (1.7/1.8 index), ``brackets`` (criteria [C4]-[C8], article 4).
"""

from __future__ import annotations

from pairing.engine.burstein import corrected
from pairing.engine.burstein.bye import choose_bye
from pairing.engine.burstein.colours import white_of_pair
from pairing.engine.burstein.players import BursteinRound
from pairing.engine.burstein.score_groups import ScoreGroupPairer
from pairing.engine.common.editions import EDITION_2017, EDITION_2026, edition_of
from pairing.engine.options import PairingOptions
from pairing.engine.state import Board, Pairing, PairingError, TournamentState

__all__ = ["pair_round"]


EDITIONS = (EDITION_2017, EDITION_2026)


def pair_round(state: TournamentState, options: PairingOptions | None, edition: str) -> Pairing:
    if edition_of("burstein", edition, EDITIONS) == EDITION_2026:
        return corrected.pair_round(state, options)
    use_acceleration = options is not None and options.acceleration == "burstein"
    data = BursteinRound(state, edition, burstein_acceleration=use_acceleration)
    pairer = ScoreGroupPairer(data, options)
    players = list(data.ids)
    bye = None
    if len(players) % 2:
        bye = choose_bye(data, pairer.completable)
        if bye is None:
            raise PairingError(
                "no player may take the pairing-allocated bye (C.04.4.2 4.1) so that the "
                "others can all be paired under 3.1, 5.2 and 5.3"
            )
        players.remove(bye)
    elif not pairer.completable(players):
        raise PairingError("the players cannot all be paired under C.04.4.2 3.1, 5.2 and 5.3")
    pairs = pairer.pair(players)
    numbers = state.pairing_numbers
    boards = []
    for a, b in pairs:
        white = white_of_pair(a, b, data.colour, data.strength, numbers, state.initial_colour)
        boards.append(Board(white, b if white == a else a))
    return Pairing(boards=tuple(boards), bye=bye)

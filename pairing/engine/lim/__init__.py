"""The FIDE Lim system, C.04.4.3 (approved 1987, amended to 1999).

Modules, one job each: ``players`` (scores, numbers, compatibility 2.1 and the last
round of rule 6), ``bye`` (1.1, 7.1), ``rounds`` (2.2 order, 2.6 blocked median),
``groups`` (2.3-2.5, floaters 3.x), ``exchange`` (2.4 proposals, 4.1-4.4 exchange
order), ``colours`` (5.x, 7.2). The maxi-tournament rules (3.2, 3.8, 5.7) are on when
``PairingOptions.lim_maxi`` is set.
"""

from __future__ import annotations

from pairing.engine.common.editions import EDITION_2017, edition_of
from pairing.engine.common.pairability import can_all_pair
from pairing.engine.lim.bye import choose_bye
from pairing.engine.lim.colours import white_of_pair
from pairing.engine.lim.players import LimRound
from pairing.engine.lim.rounds import pair_score_groups
from pairing.engine.options import PairingOptions
from pairing.engine.state import Board, Pairing, PairingError, TournamentState

__all__ = ["pair_round"]


EDITIONS = (EDITION_2017,)


def pair_round(state: TournamentState, options: PairingOptions | None = None, edition: str | None = None) -> Pairing:
    edition_of("lim", edition, EDITIONS)
    data = LimRound(state, maxi=options is not None and options.lim_maxi)

    def completable(players: list[int]) -> bool:
        return can_all_pair(players, data.compatible)

    players = list(data.ids)
    bye = None
    if len(players) % 2:
        bye = choose_bye(data, completable)
        if bye is None:
            raise PairingError(
                "no player may take the pairing-allocated bye (C.04.1.d) so "
                "that the others can all be paired under C.04.4.3 2.1"
            )
        players.remove(bye)
    elif not completable(players):
        raise PairingError("the players cannot all be paired under C.04.4.3 2.1")
    pairs = pair_score_groups(data, players)
    boards = []
    for a, b in pairs:
        white = white_of_pair(a, b, data)
        boards.append(Board(white, b if white == a else a))
    return Pairing(boards=tuple(boards), bye=bye)

"""The FIDE Lim system, C.04.4.3 (approved 1987, amended to 1999), in two editions.

``2017``: the text in force until 31 January 2026, with the C.04.1/C.04.2 of that time;
``2026``: the text applied from 1 February 2026 (renumbered: 2.3 a-d become 2.3.1-2.3.4,
the bullets of 2.6 become 2.6.1/2.6.2, and so on), with the 2026 C.04.1 and C.04.2. The
procedure is the same; what the 2026 general rules change (C.04.1 art. 4: who may receive
the PAB) is read from :mod:`pairing.engine.common.general_rules` by the edition. See
docs/lim.md, "The 2026 edition", for the article table.

Modules, one job each: ``players`` (scores, numbers, compatibility 2.1 and the last
round of rule 6), ``bye`` (1.1, 7.1), ``rounds`` (2.2 order, 2.6 blocked median),
``groups`` (2.3-2.5, floaters 3.x), ``exchange`` (2.4 proposals, 4.1-4.4 exchange
order), ``colours`` (5.x, 7.2). The maxi-tournament rules (3.2, 3.8, 5.7) are on when
``PairingOptions.lim_maxi`` is set.
"""

from __future__ import annotations

from pairing.engine.common.editions import EDITION_2017, EDITION_2026, edition_of
from pairing.engine.lim.bye import choose_bye
from pairing.engine.lim.colours import white_of_pair
from pairing.engine.lim.players import LimRound
from pairing.engine.lim.rounds import RoundTrace, pair_score_groups
from pairing.engine.options import PairingOptions
from pairing.engine.state import Board, Pairing, PairingError, TournamentState

__all__ = ["pair_round"]


EDITIONS = (EDITION_2017, EDITION_2026)

# Where the rule on who may receive the PAB lives in each edition's basic rules.
_PAB_RULE = {EDITION_2017: "C.04.1.d", EDITION_2026: "C.04.1 art. 4"}


def pair_round(
    state: TournamentState, options: PairingOptions | None, edition: str, trace: RoundTrace | None = None
) -> Pairing:
    """The round's pairing; *trace*, when given, is filled with how it was made."""
    edition = edition_of("lim", edition, EDITIONS)
    data = LimRound(state, edition, maxi=options is not None and options.lim_maxi)
    if trace is not None:
        trace.data = data

    def completable(players: list[int]) -> bool:
        return data.can_all_pair(players)

    players = list(data.ids)
    bye = None
    if len(players) % 2:
        bye = choose_bye(data, completable)
        if bye is None:
            raise PairingError(
                f"no player may take the pairing-allocated bye ({_PAB_RULE[edition]}) so "
                "that the others can all be paired under C.04.4.3 2.1"
            )
        players.remove(bye)
    elif not completable(players):
        raise PairingError("the players cannot all be paired under C.04.4.3 2.1")
    pairs = pair_score_groups(data, players, options, None if trace is None else trace.steps)
    boards = []
    for a, b in pairs:
        white = white_of_pair(a, b, data)
        boards.append(Board(white, b if white == a else a))
    return Pairing(boards=tuple(boards), bye=bye)

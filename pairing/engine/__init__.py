"""Pure-Python pairing engines: plain data in, pairings out. No Django here."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from pairing.engine.boards import sort_boards
from pairing.engine.state import Pairing, PairingError, TournamentState

SYSTEMS = ("dutch", "dubov", "burstein", "lim")


@dataclass(frozen=True)
class PairingOptions:
    """Options a tournament announces in advance (C.04.2.A.3).

    *acceleration* names an accelerated method (pairing.engine.acceleration); the
    progressive method's group limits travel in *extra* as ``("group_a_min", "2000")``
    and ``("group_c_below", "1600")``.
    """

    acceleration: str = "none"  # none | baku | progressive | burstein
    extra: tuple[tuple[str, str], ...] = field(default=())


def _engine(system: str) -> Callable[[TournamentState, PairingOptions], Pairing]:
    if system == "dutch":
        from pairing.engine.dutch import pair_round
    elif system == "dubov":
        from pairing.engine.dubov import pair_round
    elif system == "burstein":
        from pairing.engine.burstein import pair_round
    elif system == "lim":
        from pairing.engine.lim import pair_round
    else:
        raise PairingError(f"unknown pairing system {system!r}; expected one of {', '.join(SYSTEMS)}")
    return pair_round


def pair(
    state: TournamentState, system: str = "dutch", edition: str | None = None, options: PairingOptions | None = None
) -> Pairing:
    """Pair ``state.round_to_pair`` with *system*; boards come sorted per C.04.2.D.9.

    An acceleration named in *options* is applied here, once for every system: the
    virtual points go into the state and the engine pairs on real + virtual points
    (C.04.5). The boards are then sorted per C.04.2.D.9 on the real scores: the pairing
    score is "the value used to define the scoregroups and internally sort them"
    (C.04.5.1 rule 5), while D.9 sorts the pairs "after a pairing is complete", for
    publication, by the players' scores, the standings points they carry to the board.
    """
    options = options or PairingOptions()
    engine = _engine(system)
    notes: tuple[str, ...] = ()
    if options.acceleration != "none":
        from pairing.engine.acceleration import accelerate, spec_of

        accelerated = accelerate(state, spec_of(options.acceleration, options.extra))
        state, notes = accelerated.state, accelerated.warnings
        if options.acceleration == "burstein" and system != "burstein":
            notes += (
                f"C.04.4.2 3.3 is the Burstein system's own acceleration; here it accelerates the {system} system",
            )
    pairing = engine(state, options)
    rank = {p.id: k for k, p in enumerate(state.players)}
    boards = sort_boards(pairing.boards, state.score, rank)  # C.04.2.D.9, real scores
    return dataclasses.replace(pairing, boards=boards, notes=pairing.notes + notes)

"""Pure-Python pairing engines: plain data in, pairings out. No Django here."""

from __future__ import annotations

import dataclasses
import importlib
from types import ModuleType
from typing import Protocol

from pairing.engine.acceleration import accelerate
from pairing.engine.boards import board_order
from pairing.engine.common.editions import EDITION_2026, edition_of
from pairing.engine.options import PairingOptions
from pairing.engine.state import Pairing, PairingError, TournamentState

SYSTEMS = ("dutch", "dubov", "burstein", "lim", "double_swiss")

__all__ = ["SYSTEMS", "PairingOptions", "editions", "pair"]


class PairRound(Protocol):
    def __call__(self, state: TournamentState, options: PairingOptions | None, edition: str) -> Pairing: ...


def _module(system: str) -> ModuleType:
    if system not in SYSTEMS:
        raise PairingError(f"unknown pairing system {system!r}; expected one of {', '.join(SYSTEMS)}")
    return importlib.import_module(f"pairing.engine.{system}")


def _engine(system: str) -> PairRound:
    return _module(system).pair_round


def editions(system: str) -> tuple[str, ...]:
    """The editions of its rules *system* implements, the one :func:`pair` takes by default first."""
    return _module(system).EDITIONS


def _system_for_round(state: TournamentState, system: str, edition: str | None) -> tuple[str, str | None]:
    """The system and edition that pair this round: the 2026 Burstein text pairs its seeding
    rounds by the FIDE (Dutch) system of the same edition (C.04.4.2 1.6.1)."""
    if system == "burstein" and edition == EDITION_2026:
        from pairing.engine.burstein.corrected import seeding_rounds

        if state.round_to_pair <= seeding_rounds(state.total_rounds):
            return "dutch", edition
    return system, edition


def pair(
    state: TournamentState, system: str = "dutch", edition: str | None = None, options: PairingOptions | None = None
) -> Pairing:
    """Pair ``state.round_to_pair`` with *system* under the *edition* of its rules (None:
    the one it implements, see :mod:`pairing.engine.common.editions`); boards come sorted
    per C.04.2.D.9.

    An acceleration named in *options* is applied here, once for every system: the
    virtual points go into the state and the engine pairs on real + virtual points
    (C.04.5). The boards are then sorted per C.04.2.D.9 on the real scores: the pairing
    score is "the value used to define the scoregroups and internally sort them"
    (C.04.5.1 rule 5), while D.9 sorts the pairs "after a pairing is complete", for
    publication, by the players' scores, the standings points they carry to the board.
    In the 2026 edition the acceleration is C.04.7's, by the edition, and C.04.7 1.5 makes
    the pairing score the one the boards are ordered by too (C.04.2 2026 art. 3.6).
    """
    options = options or PairingOptions()
    system, edition = _system_for_round(state, system, edition)
    engine = _engine(system)
    edition = edition_of(system, edition, editions(system))
    notes: tuple[str, ...] = ()
    if options.acceleration != "none":
        accelerated = accelerate(state, options.acceleration_spec, edition)
        state, notes = accelerated.state, accelerated.warnings
        if options.acceleration == "burstein" and system != "burstein":
            notes += (
                f"C.04.4.2 3.3 is the Burstein system's own acceleration; here it accelerates the {system} system",
            )
    pairing = engine(state, options, edition)
    boards = board_order(state, pairing.boards, edition)
    return dataclasses.replace(pairing, boards=boards, notes=pairing.notes + notes)

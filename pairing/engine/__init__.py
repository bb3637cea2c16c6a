"""Pure-Python pairing engines: plain data in, pairings out. No Django here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pairing.engine.state import Pairing, PairingError, TournamentState

SYSTEMS = ("dutch", "dubov", "burstein", "lim")


@dataclass(frozen=True)
class PairingOptions:
    """Options a tournament announces in advance (C.04.2.A.3)."""

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
    """Pair ``state.round_to_pair`` with *system*; boards come sorted per C.04.2.D.9."""
    return _engine(system)(state, options or PairingOptions())

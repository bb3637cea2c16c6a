"""Accelerated pairings: a layer that adds virtual points to the pairing score.

C.04.5 (FIDE Handbook, ../shared/seeds/001): an accelerated method does not replace the
pairing system; it adds "virtual points" to some players' scores and the system builds its
score brackets on real + virtual points. So the layer only fills
:attr:`TournamentState.virtual_points` (the TRF ``XXA`` lines, TRF-2026 record 250) and
every engine pairs the result unchanged. One module per method, each citing its rule:

- ``baku``: Baku Acceleration, C.04.5.1;
- ``progressive``: the progressive accelerated Swiss ("accelerato decrescente"), ../shared/seeds/004;
- ``burstein``: the Burstein system's own acceleration, C.04.4.2 rule 3.3.

:func:`pairing.engine.pair` applies the layer when ``PairingOptions.acceleration`` names a
method (with the progressive limits, ``PairingOptions.acceleration_spec``), so
every caller (CLI, Celery task, tests) gets the same virtual points from the same state.
With method ``none`` the state's own virtual points (read from ``XXA``/250) are kept.

Virtual points are filled for every player and every round 1..total_rounds. Those of the
round being paired and of the rounds before are exact; later rounds are a projection from
the state as it stands (the points may depend on results and arrivals still to come).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pairing.engine.acceleration.baku import baku_virtual_points
from pairing.engine.acceleration.burstein import burstein_virtual_points
from pairing.engine.acceleration.progressive import progressive_virtual_points
from pairing.engine.state import PairingError, TournamentState

METHODS = ("none", "baku", "progressive", "burstein")


@dataclass(frozen=True)
class AccelerationSpec:
    method: str = "none"  # "none" | "baku" | "progressive" | "burstein"
    group_a_min: int = 2000  # progressive: rating >= group_a_min is group A
    group_c_below: int = 1600  # progressive: rating < group_c_below is group C


class AccelerationError(PairingError):
    """The acceleration cannot be applied as asked; the message says why."""


@dataclass(frozen=True)
class Accelerated:
    state: TournamentState  # the input state with virtual_points filled for every player, rounds 1..total_rounds
    warnings: tuple[str, ...]  # e.g. Baku with fewer than 9 rounds or non-standard scoring


def accelerate(state: TournamentState, spec: AccelerationSpec) -> Accelerated:
    """The state with the virtual points of *spec*'s method, and the method's warnings."""
    if spec.method == "none":
        return Accelerated(state, ())
    if spec.method == "baku":
        table, warnings = baku_virtual_points(state)
    elif spec.method == "burstein":
        table, warnings = burstein_virtual_points(state)
    elif spec.method == "progressive":
        try:
            table, warnings = progressive_virtual_points(state, spec.group_a_min, spec.group_c_below)
        except ValueError as exc:
            raise AccelerationError(f"progressive acceleration refused: {exc}") from exc
    else:
        raise AccelerationError(f"unknown acceleration {spec.method!r}; expected one of {', '.join(METHODS)}")
    virtual = tuple(sorted(table.items()))
    return Accelerated(dataclasses.replace(state, virtual_points=virtual), warnings)


__all__ = [
    "METHODS",
    "Accelerated",
    "AccelerationError",
    "AccelerationSpec",
    "accelerate",
]

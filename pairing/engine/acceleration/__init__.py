"""Accelerated pairings: a layer that adds virtual points to the pairing score, by edition.

C.04.5 (FIDE Handbook, Baku 2016 texts): an accelerated method does not replace the
pairing system; it adds "virtual points" to some players' scores and the system builds its
score brackets on real + virtual points. So the layer only fills
:attr:`TournamentState.virtual_points` (the TRF ``XXA`` lines, TRF-2026 record 250) and
every engine pairs the result unchanged. One module per method, each citing its rule:

- ``baku``: Baku Acceleration, C.04.5.1 (edition 2017); ``c0407``: the Baku method as
  C.04.7 restates it (edition 2026: a win's points in the first half of the first
  ceil(R/2) rounds, half of them in the rest);
- ``progressive``: the progressive accelerated Swiss ("accelerato decrescente"),
  as published in Italian, English and French;
- ``burstein``: the Burstein system's own acceleration, C.04.4.2 rule 3.3;
- ``custom``: virtual points per range of players and rounds (TRF-2026 record 250), the
  same in every edition.

:func:`accelerate` takes the edition of the rules the round is paired by (the one
:func:`pairing.engine.pair` resolved for the system): method ``baku`` is C.04.5.1 in the
2017 edition and C.04.7 in the 2026 one. C.04.7 (2026) approves the Baku method only, so
the progressive method and Burstein's 3.3 (which the corrected 2026 Burstein text no longer
has) are applied as in the seed edition, with a note saying so.

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
from pairing.engine.acceleration.c0407 import c0407_virtual_points
from pairing.engine.acceleration.custom import VirtualPointsRange, custom_virtual_points
from pairing.engine.acceleration.progressive import progressive_virtual_points
from pairing.engine.common.editions import EDITION_2026
from pairing.engine.state import PairingError, TournamentState

METHODS = ("none", "baku", "progressive", "burstein", "custom")


@dataclass(frozen=True)
class AccelerationSpec:
    """The acceleration a tournament announced.

    *method* ``custom`` carries its *ranges* (TRF-2026 record 250, see
    :class:`~pairing.engine.acceleration.custom.VirtualPointsRange`): they replace any
    method the file's record 192 names, in every system and edition.
    """

    method: str = "none"  # "none" | "baku" | "progressive" | "burstein" | "custom"
    group_a_min: int = 2000  # progressive: rating >= group_a_min is group A
    group_c_below: int = 1600  # progressive: rating < group_c_below is group C
    ranges: tuple[VirtualPointsRange, ...] = ()  # custom: virtual points per players and rounds


class AccelerationError(PairingError):
    """The acceleration cannot be applied as asked; the message says why."""


@dataclass(frozen=True)
class Accelerated:
    state: TournamentState  # the input state with virtual_points filled for every player, rounds 1..total_rounds
    warnings: tuple[str, ...]  # e.g. Baku with fewer than 9 rounds or non-standard scoring


def accelerate(state: TournamentState, spec: AccelerationSpec, edition: str) -> Accelerated:
    """The state with the virtual points of *spec*'s method under *edition*, and the
    method's warnings."""
    if spec.method == "none":
        return Accelerated(state, ())
    notes: tuple[str, ...] = ()
    if spec.method == "baku":
        table, warnings = c0407_virtual_points(state) if edition == EDITION_2026 else baku_virtual_points(state)
    elif spec.method == "burstein":
        table, warnings = burstein_virtual_points(state)
        if edition == EDITION_2026:
            notes = ("C.04.7 (2026) approves the Baku method only, and the 2026 Burstein text has no 3.3",)
    elif spec.method == "progressive":
        try:
            table, warnings = progressive_virtual_points(state, spec.group_a_min, spec.group_c_below)
        except ValueError as exc:
            raise AccelerationError(f"progressive acceleration refused: {exc}") from exc
        if edition == EDITION_2026:
            notes = ("C.04.7 (2026) approves the Baku method only: the progressive method needs the QC's leave",)
    elif spec.method == "custom":
        try:
            table, warnings = custom_virtual_points(state, spec.ranges)
        except ValueError as exc:
            raise AccelerationError(f"custom acceleration refused: {exc}") from exc
    else:
        raise AccelerationError(f"unknown acceleration {spec.method!r}; expected one of {', '.join(METHODS)}")
    virtual = tuple(sorted(table.items()))
    return Accelerated(dataclasses.replace(state, virtual_points=virtual), warnings + notes)


__all__ = [
    "METHODS",
    "Accelerated",
    "AccelerationError",
    "AccelerationSpec",
    "VirtualPointsRange",
    "accelerate",
]

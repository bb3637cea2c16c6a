"""The options a tournament announces in advance (C.04.2.A.3) that change how rounds are paired."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pairing.engine.acceleration import AccelerationSpec, VirtualPointsRange

_DEFAULT_SPEC = AccelerationSpec()


@dataclass(frozen=True)
class PairingOptions:
    """*acceleration* names an accelerated method (:mod:`pairing.engine.acceleration`);
    *group_a_min* and *group_c_below* are the progressive method's rating limits;
    *lim_maxi* turns on the Lim maxi-tournament rules (C.04.4.3 3.2, 3.8, 5.7);
    *acceleration_ranges* are the ranges of acceleration ``custom`` (TRF-2026 record 250)."""

    acceleration: str = "none"  # none | baku | progressive | burstein | custom
    group_a_min: int = _DEFAULT_SPEC.group_a_min  # progressive: rating >= group_a_min is group A
    group_c_below: int = _DEFAULT_SPEC.group_c_below  # progressive: rating < group_c_below is group C
    lim_maxi: bool = False
    acceleration_ranges: tuple[VirtualPointsRange, ...] = ()
    # Called as progress(k, n) when bracket k of the round's n is reached: a hook for a
    # long pairing's caller, never a part of the pairing (not compared, not shown).
    progress: Callable[[int, int], None] | None = field(default=None, compare=False, repr=False)

    @property
    def acceleration_spec(self) -> AccelerationSpec:
        return AccelerationSpec(
            self.acceleration or "none", self.group_a_min, self.group_c_below, self.acceleration_ranges
        )


def report_progress(options: PairingOptions | None, bracket: int, brackets: int) -> None:
    """Tell *options*' progress callback, if any, that bracket *bracket* of *brackets* is reached."""
    if options is not None and options.progress is not None:
        options.progress(bracket, brackets)

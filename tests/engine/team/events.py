"""Random team events for the differential tests: one recipe, each test its own ranges."""

from __future__ import annotations

import random

from pairing.engine.team import ColourPreferences, PrimaryScore
from pairing.engine.team.generator import TeamEventConfig


def random_config(seed: int, *, most_teams: int, most_rounds: int, forfeit_rate: float, **fixed) -> TeamEventConfig:
    """The event of *seed*: 3 to *most_teams* teams of 2-6 boards, 3 to *most_rounds*
    rounds, any colour-preference type and primary score unless *fixed* names them."""
    rng = random.Random(seed)
    values = dict(
        teams=rng.randint(3, most_teams),
        boards=rng.choice((2, 3, 4, 6)),
        rounds=rng.randint(3, most_rounds),
        preferences=rng.choice(list(ColourPreferences)),
        primary=rng.choice(list(PrimaryScore)),
        use_secondary=rng.random() < 0.8,
        forfeit_rate=forfeit_rate,
        absent_rate=0.08,
        half_bye_rate=0.03,
        full_bye_rate=0.02,
    )
    values.update(fixed)
    return TeamEventConfig(**values)

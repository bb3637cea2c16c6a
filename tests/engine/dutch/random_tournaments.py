"""The random tournaments the Dutch comparison tests pair two ways: byes, forfeits,
withdrawals and late entries at fixed rates, size, length and draws from *rng*."""

from __future__ import annotations

import random

from pairing.engine.generator import GeneratorConfig


def random_config(rng: random.Random, sizes: list[int]) -> GeneratorConfig:
    return GeneratorConfig(
        players=rng.choice(sizes),
        rounds=rng.randint(4, 9),
        draw_rate=rng.choice([0.1, 0.3, 0.5]),
        forfeit_rate=0.03,
        bye_rate=0.04,
        withdraw_rate=0.02,
        late_rate=0.05,
    )

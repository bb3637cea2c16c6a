"""The generated events the honesty properties ask their questions on: 6-18 players,
3-7 rounds, with byes, forfeits, withdrawals and late entries, paired round by round by
the system asked about."""

from __future__ import annotations

import random
from collections.abc import Iterator

from pairing.engine import pair
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.options import PairingOptions
from pairing.engine.state import PairingError, TournamentState
from pairing.engine.trf.state import state_for_round


def generated_rounds(
    system: str, edition: str, seeds: range, options: PairingOptions | None = None
) -> Iterator[tuple[int, random.Random, TournamentState]]:
    """Each round of the event generated from each seed of *seeds*, as the state it was
    paired from, with the seed and its random source (to draw the pairs asked about); an
    event the system cannot pair to the end is passed over."""
    for seed in seeds:
        rng = random.Random(seed)
        config = GeneratorConfig(
            players=rng.randint(6, 18),
            rounds=rng.randint(3, 7),
            bye_rate=0.04,
            forfeit_rate=0.03,
            withdraw_rate=0.02,
            late_rate=0.05,
        )
        try:
            tournament = generate(config, seed, lambda state: pair(state, system, edition, options))
        except PairingError:
            continue
        for rnd in range(1, config.rounds + 1):
            yield seed, rng, state_for_round(tournament, rnd)

"""Hypothesis strategies shared by the engines' property tests."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from pairing.engine.generator import GeneratorConfig


def generated_tournaments(
    players: tuple[int, int],
    rounds: tuple[int, int],
    *,
    draw_rates: Sequence[float],
    bye_rates: Sequence[float],
    withdraw_rates: Sequence[float],
    late_rates: Sequence[float],
    forfeit_rates: Sequence[float] = (0.0, 0.05, 0.15),
) -> st.SearchStrategy[GeneratorConfig]:
    """Configurations of the project's generator: field size and length in the given
    ranges, each rate (draws, forfeits, requested byes, withdrawals, late entries) one of
    the given values."""
    return st.builds(
        GeneratorConfig,
        players=st.integers(*players),
        rounds=st.integers(*rounds),
        draw_rate=st.sampled_from(list(draw_rates)),
        forfeit_rate=st.sampled_from(list(forfeit_rates)),
        bye_rate=st.sampled_from(list(bye_rates)),
        withdraw_rate=st.sampled_from(list(withdraw_rates)),
        late_rate=st.sampled_from(list(late_rates)),
    )

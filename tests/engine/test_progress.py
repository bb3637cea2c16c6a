"""The progress callback of PairingOptions: told (k, n) bracket by bracket, and never a
part of the pairing."""

from __future__ import annotations

import pytest

from pairing.engine import PairingOptions, pair
from pairing.engine.generator import greedy_history


@pytest.mark.parametrize(
    ("system", "edition"),
    [
        ("dutch", "2017"),
        ("dutch", "2026"),
        ("burstein", "2017"),
        ("burstein", "2026"),
        ("dubov", "2017"),
        ("dubov", "2026"),
        ("lim", "2017"),
        ("lim", "2026"),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_progress_is_reported_bracket_by_bracket_and_changes_nothing(system: str, edition: str, seed: int) -> None:
    state = greedy_history(60, 4, seed)  # round 5 of 7: past Burstein 2026's seeding rounds
    calls: list[tuple[int, int]] = []
    told = pair(state, system, edition, PairingOptions(progress=lambda k, n: calls.append((k, n))))
    assert told == pair(state, system, edition)
    assert calls, "no progress reported"
    assert all(1 <= k <= n for k, n in calls)
    assert [k for k, _ in calls] == sorted(k for k, _ in calls)
    assert len({n for _, n in calls}) == 1 and calls[-1][1] > 1


def test_options_with_a_callback_compare_equal() -> None:
    assert PairingOptions(progress=print) == PairingOptions()

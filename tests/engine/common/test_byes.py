"""Who may still receive the PAB, per edition of C.04.1 (pairing.engine.common.general_rules)."""

from __future__ import annotations

import pytest

from pairing.engine.common.general_rules import pab_eligible
from tests.engine.burstein.swiss_builder import Tournament


def state_after(round_one: str):  # type: ignore[no-untyped-def]
    """Four players; player 4's first round is *round_one* (1-2 play, 3 is absent unless
    the round is a forfeit between 3 and 4)."""
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    if " " in round_one:  # a forfeited game between 3 and 4
        t.round("1-2 1-0", round_one)
    else:
        t.round("1-2 1-0", "3 Z", f"4 {round_one}")
    return t.state(total_rounds=5)


@pytest.mark.parametrize(
    ("round_one", "seed_text", "text_2026"),
    [
        ("bye", False, False),  # a PAB: barred in both (C.04.1.d; art. 4)
        ("4-3 +-", False, False),  # a forfeit win: barred in both
        ("F", True, False),  # a requested full-point bye: only the 2026 text bars it
        ("H", True, True),  # half a win's points: not barred
        ("Z", True, True),
        ("-", True, True),
        ("4-3 -+", True, True),  # a forfeit loss
    ],
)
def test_the_2026_basic_rules_bar_the_pab_after_any_win_scored_without_playing(
    round_one: str, seed_text: bool, text_2026: bool
) -> None:
    state = state_after(round_one)
    player = state.by_id[4]
    assert pab_eligible(player, state.scoring, "2017") is seed_text
    assert pab_eligible(player, state.scoring, "2026") is text_2026

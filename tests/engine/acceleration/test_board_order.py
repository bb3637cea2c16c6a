"""Boards of an accelerated round are sorted per C.04.2.D.9 on the real scores.

C.04.5.1 rule 5: the pairing score (real + virtual points) is "the value used to define the
scoregroups and internally sort them"; C.04.2.D.9 sorts the pairs "after a pairing is
complete", for publication, by the scores of the players, i.e. the standings points they
bring to the board. So ``pair`` sorts on real scores (pairing/engine/__init__.py): a GA
player who lost round 1 (pairing score 1, real 0) plays below a GB pair with half a point
each.
"""

from __future__ import annotations

import pytest

from pairing.engine import PairingOptions, pair
from pairing.engine.acceleration import AccelerationSpec, accelerate
from pairing.engine.boards import board_order
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.trf.state import cut, state_for_round

BAKU = AccelerationSpec("baku")
CONFIG = GeneratorConfig(players=16, rounds=9, late_rate=0, bye_rate=0, forfeit_rate=0, withdraw_rate=0)


@pytest.mark.parametrize("system", ["dutch", "dubov", "burstein", "lim"])
def test_round_two_boards_follow_the_real_scores(system: str) -> None:
    tournament = generate(CONFIG, 1, lambda s: pair(s, system, "2017"), acceleration=BAKU, edition="2017")
    state = state_for_round(cut(tournament, 2), 2)  # no XXA: the acceleration comes from the options
    result = pair(state, system, "2017", PairingOptions(acceleration="baku"))
    accelerated = accelerate(state, BAKU, "2017").state
    assert result.boards == board_order(accelerated, result.boards, "2017")
    real = [max(state.score(b.white), state.score(b.black)) for b in result.boards]
    assert real == sorted(real, reverse=True)
    # The pairing scores would give another order: a GA pair with virtual points sits lower.
    assert result.boards != board_order(accelerated, result.boards, "2026")

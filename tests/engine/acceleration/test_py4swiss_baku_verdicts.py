"""Rounds of the Baku comparison (py4swiss_baku.py) where py4swiss pairs differently for a
reason other than E.5's parity, each adjudicated against the rule text.

Every case seen is one kind, C.7 (the plain Dutch comparison has it too, see
tests/engine/dutch/test_py4swiss_verdicts.py): the bracket before the last has an odd
number of players; py4swiss floats down a player who cannot be paired in the last bracket
(he has met the one player there who may not take the PAB), so he takes the PAB with a
higher score; we float one who can, and the PAB goes to the lowest score. Both choices
tie on C.5 and C.6 in the bracket before the last, and both complete the round, so that
bracket is no PPB (A.9) and C.7 applies: in the following bracket, as many pairs, then
the lower PSD. The PAB is part of the last bracket's pairing (A.9, note), an unpaired
player counted as a downfloater: its SD is its score less one point below the lowest
score of the bracket (A.8). C.7 outranks the colour and float criteria (C.8-C.21).

Each fixture is a generated tournament cut before the round in question, its virtual
points in XXA lines (py4swiss_baku.py writes them); the tests need no py4swiss.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pairing.engine import pair
from pairing.engine.dutch.editions import DUTCH_2017
from pairing.engine.dutch.players import entrants
from pairing.engine.state import TournamentState
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round
from tests.engine.oracles.dutch_reference import ReferencePairer

HERE = Path(__file__).parent / "fixtures"
C7_FIXTURES = {
    (5038, 5): HERE / "py4swiss-baku-c7-seed5038-round5.trf",
    (6011, 6): HERE / "py4swiss-baku-c7-seed6011-round6.trf",
    (6086, 7): HERE / "py4swiss-baku-c7-seed6086-round7.trf",
    (6168, 4): HERE / "py4swiss-baku-c7-seed6168-round4.trf",
}


def psd(state: TournamentState, pairs: list[tuple[int, int]], unpaired: list[int]) -> list[float]:
    """A.8 for the last bracket: the SDs of its pairs and of its unpaired player (the PAB),
    the latter against one point below the lowest score of the bracket; highest first."""
    score = {p.id: state.pairing_score(p.id) / 10 for p in state.to_pair}
    lowest = min(score[x] for x in [*unpaired, *(x for pair in pairs for x in pair)])
    return sorted(
        [abs(score[a] - score[b]) for a, b in pairs] + [score[u] - (lowest - 1) for u in unpaired], reverse=True
    )


def adjudicate(
    key: tuple[int, int],
    ours: tuple[list[tuple[int, int]], int],
    theirs: tuple[list[tuple[int, int]], int],
    scores: dict[float, list[int]],
) -> TournamentState:
    """The engine pairs *ours* (last-bracket pairs, PAB), whose last bracket has a lower PSD
    than py4swiss's *theirs*; *scores* are the pairing scores of the last two brackets."""
    state = state_for_round(read_trf(C7_FIXTURES[key]))
    assert state.round_to_pair == key[1]
    for value, players in scores.items():
        assert sorted(p.id for p in state.to_pair if state.pairing_score(p.id) == round(10 * value)) == players
    assert psd(state, ours[0], [ours[1]]) < psd(state, theirs[0], [theirs[1]])  # C.7

    result = pair(state, "dutch")
    got = {frozenset((b.white, b.black)) for b in result.boards}
    assert result.bye == ours[1]
    assert {frozenset(p) for p in ours[0]} <= got
    assert not {frozenset(p) for p in theirs[0]} & got
    return state


def test_c7_seed5038_round5_ga_half_point_pab_to_the_lowest() -> None:
    """Round 5 of 11, 35 players, GA = 18 with half a virtual point (C.04.5.1). The 1.5
    bracket holds nine (7, 12, 20, 22, 23, 26, 27, 29, 32); the last holds 18 (1.0: half a
    real point, half a virtual one) and 25 (1.0, had the PAB, C.04.1.d). py4swiss floats
    32, who has met 25: 27-12, 29-22, 25-18 and the PAB to 32, last-bracket PSD [1.5, 0].
    We float 29: 12-32, 27-22, 29-25 and the PAB to 18, PSD [1.0, 0.5]."""
    adjudicate(
        (5038, 5),
        ours=([(29, 25)], 18),
        theirs=([(25, 18)], 32),
        scores={1.5: [7, 12, 20, 22, 23, 26, 27, 29, 32], 1.0: [18, 25]},
    )


def test_c7_seed6011_round6_after_the_acceleration_pab_to_the_lowest() -> None:
    """Round 6 of 9, 18 players, no virtual points left (C.04.5.1: none after round 5).
    9 (2.5) floats into the 2.0 bracket {12, 15, 17, 18}; the last holds 11 and 16 (1.5; 16
    had the PAB). py4swiss: 9-12, 15-18, 17 (who has met 16) floats, 11-16 and the PAB to
    17, PSD [1.5, 0]. We: 9-18, 15-17, 12 floats, 16-12 and the PAB to 11, PSD [1.0, 0.5]."""
    adjudicate((6011, 6), ours=([(16, 12)], 11), theirs=([(11, 16)], 17), scores={2.0: [12, 15, 17, 18], 1.5: [11, 16]})


def test_c7_seed6086_round7_after_the_acceleration_pab_to_the_lowest() -> None:
    """Round 7 of 9, 30 players, no virtual points left. The 2.0 bracket is {26, 27, 28};
    the last holds 20 (had the PAB) and 29 (1.0). py4swiss: 28-26, 27 (who has met 20)
    floats, 29-20 and the PAB to 27, PSD [2.0, 0]. We: 28-27, 26 floats, 26-20 and the PAB
    to 29, PSD [1.0, 1.0]."""
    adjudicate((6086, 7), ours=([(26, 20)], 29), theirs=([(29, 20)], 27), scores={2.0: [26, 27, 28], 1.0: [20, 29]})


def test_c7_seed6168_round4_ga_floats_pab_to_the_lowest() -> None:
    """Round 4 of 7, 13 players, GA = 8 (half a virtual point). The 1.5 bracket is {5, 8, 11}
    (5 and 8 in GA with one real point); the last holds 12 and 13 (1.0; 13 had the PAB).
    py4swiss: 5-11, 8 (who has met 13) floats, 12-13 and the PAB to 8, PSD [1.5, 0]. We:
    8-11, 5 floats, 5-13 and the PAB to 12, PSD [1.0, 0.5]."""
    adjudicate((6168, 4), ours=([(5, 13)], 12), theirs=([(12, 13)], 8), scores={1.5: [5, 8, 11], 1.0: [12, 13]})


SLOW_SIEVE = pytest.mark.skipif(
    os.environ.get("LITERAL_SIEVE") != "1", reason="the sieve takes minutes on a 9-player bracket: LITERAL_SIEVE=1"
)


@pytest.mark.parametrize(
    "key",
    [pytest.param(k, marks=SLOW_SIEVE) if k == (5038, 5) else k for k in sorted(C7_FIXTURES)],
    ids=lambda k: f"seed{k[0]}-round{k[1]}",
)
def test_c7_verdicts_are_also_the_literal_sieves(key: tuple[int, int]) -> None:
    """The exhaustive B.6-B.8 sieve (dutch/reference.py: no shared weights or solver) pairs
    each round as the engine does. Under a second each, but minutes for seed 5038 (a
    9-player bracket), which runs with LITERAL_SIEVE=1."""
    state = state_for_round(read_trf(C7_FIXTURES[key]))
    result = pair(state, "dutch")
    forbidden = frozenset(frozenset(p) for p in state.forbidden)
    pairs, bye = ReferencePairer(
        entrants(state, edition="2017"), forbidden, state.round_to_pair - 1, state.is_last_round, DUTCH_2017
    ).pair()
    assert bye is not None and bye.id == result.bye
    assert {frozenset((a.id, b.id)) for a, b in pairs} == {frozenset((b.white, b.black)) for b in result.boards}

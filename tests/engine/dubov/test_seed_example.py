"""The 6-round tournament the seed (000) pairs by hand with the revised Dubov rules."""

from __future__ import annotations

import pytest

from pairing.engine import pair
from pairing.engine.dubov.players import entrants
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round
from tests.engine.dubov.support import SEED, expected_pairings, rows

EXPECTED = expected_pairings()


@pytest.mark.parametrize("rnd", sorted(EXPECTED))
def test_every_round_of_the_worked_example(rnd: int) -> None:
    state = state_for_round(read_trf(SEED), rnd)
    assert rows(pair(state, "dubov")) == EXPECTED[rnd]


def test_round_two_newcomers_seek_black_and_13_is_the_middle_shifter() -> None:
    """A.5.d: 13 and 14 (half-point byes in round 1) seek Black; D.2.b shifts 13,
    the middle of the Black seekers 12, 13, 14, into G1: 13-12 and 7-14."""
    state = state_for_round(read_trf(SEED), 2)
    prefs = {e.id: e.colour.value for e in entrants(state, edition="2017")}
    assert prefs[13] == prefs[14] == "b"
    assert [13, 12] in rows(pair(state, "dubov")) and [7, 14] in rows(pair(state, "dubov"))


def test_round_four_uses_the_rule_consistent_aros() -> None:
    """The seed's round-4 table mis-copies two opponents (vectors README): with the
    AROs of the crosstable S1 is {7, 13}, giving 7-10 and 11-13 (E.2 gives 11 White)."""
    state = state_for_round(read_trf(SEED), 4)
    aro = {e.id: e.aro for e in entrants(state, edition="2017")}
    assert (aro[7], aro[13]) == (2487, 2510)
    result = rows(pair(state, "dubov"))
    assert [7, 10] in result and [11, 13] in result


def test_round_five_bye_goes_to_11_by_b0() -> None:
    """B.0: lowest score, most games played (13 had a bye), lowest initial rank."""
    state = state_for_round(read_trf(SEED), 5)
    assert 12 in state.absent
    assert pair(state, "dubov").bye == 11


def test_round_five_top_group_shifts_2_then_3_and_5() -> None:
    """B.4: 2 and 4 must meet, so 2 (upper of the two middle Black seekers, D.2.b) joins
    G1; then 5 and 3 (middle White seekers by ARO) go to G2: 3-8, 1-5, 4-2."""
    state = state_for_round(read_trf(SEED), 5)
    result = rows(pair(state, "dubov"))
    assert {(3, 8), (1, 5), (4, 2)} <= {tuple(r) for r in result}


def test_unrated_players_are_named_in_a_note() -> None:
    """A.1: every player must have a rating; the pairing still comes, with a note."""
    import dataclasses

    state = state_for_round(read_trf(SEED), 2)
    players = tuple(dataclasses.replace(p, rating=0) if p.id == 14 else p for p in state.players)
    result = pair(dataclasses.replace(state, players=players), "dubov")
    assert any("A.1" in note and "14" in note for note in result.notes)

"""The per-round view of a player every system reads: ``Entrant`` and ``RoundEntrants``."""

from __future__ import annotations

import dataclasses

from pairing.engine.common.editions import EDITION_2017
from pairing.engine.common.players import Entrant, RoundEntrants, higher_first
from tests.engine.burstein.swiss_builder import Tournament


def test_an_entrant_carries_the_facts_every_system_reads() -> None:
    t = Tournament(ratings=[2400, 2300, 2200, 2100, 2000])
    t.round("1-2 1-0", "3-4 +-", "5 bye")
    t.round("2-5 =", "4-1 0-1", "3 H")
    state = dataclasses.replace(t.state(total_rounds=5), virtual_points=((4, (0, 0, 10)),))
    view = RoundEntrants(state, EDITION_2017)
    three, four = view.entrant[3], view.entrant[4]
    assert three == Entrant(id=3, number=3, score=15, rating=2200, opponents=frozenset(), bye_eligible=False)
    assert four == Entrant(id=4, number=4, score=10, rating=2100, opponents=frozenset({1}), bye_eligible=True)
    assert view.ids == [1, 2, 3, 4, 5]  # initial order
    assert sorted(view.entrant.values(), key=higher_first)[0].id == 1


def test_players_who_met_over_the_board_or_are_forbidden_may_not_meet() -> None:
    t = Tournament(ratings=[2400, 2300, 2200, 2100])
    t.round("1-2 1-0", "3-4 +-")
    view = RoundEntrants(dataclasses.replace(t.state(total_rounds=5), forbidden=((1, 3),)), EDITION_2017)
    assert not view.may_meet(1, 2) and not view.may_meet(2, 1)  # C.04.1.b
    assert view.may_meet(3, 4)  # a forfeit is no game (C.04.2.D.6)
    assert not view.may_meet(1, 3)  # the arbiter's forbidden pair
    assert not view.may_meet(2, 2)

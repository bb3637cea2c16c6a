"""The team checker: the absolute rules recounted, and the prescribed pairing."""

from __future__ import annotations

import dataclasses

from pairing.engine.team import Match, Team, TeamPairing, TeamRound, pair_round
from pairing.engine.team.checker import check_team_pairing
from pairing.engine.team.generator import TeamEventConfig, generate_team_event


def rules(violations) -> list[str]:
    return [v.rule for v in violations]


def test_the_engines_pairings_pass_the_checker() -> None:
    for seed in range(30):
        event = generate_team_event(TeamEventConfig(teams=9, rounds=6, forfeit_rate=0.1, absent_rate=0.1), seed)
        for played in event.rounds:
            assert check_team_pairing(played.round, played.pairing) == []


def test_a_rematch_an_unpaired_team_and_a_barred_bye_are_reported() -> None:
    teams = (Team(1, opponents=frozenset({2})), Team(2, opponents=frozenset({1})), Team(3, pab_barred=True))
    round_ = TeamRound(teams, 2, 5)
    found = check_team_pairing(round_, TeamPairing((Match(1, 2),), bye=3))
    assert rules(found) == ["C.04.6 2.1.1", "C.04.6 2.1.2"]
    assert rules(check_team_pairing(round_, TeamPairing((Match(1, 2),)))) == ["team", "C.04.6 2.1.1", "C.04.6 1.4"]


def test_a_sound_pairing_that_is_not_the_prescribed_one_is_reported() -> None:
    round_ = TeamRound(tuple(Team(t) for t in range(1, 5)), 1, 5)
    prescribed = pair_round(round_)
    swapped = TeamPairing(tuple(Match(m.black, m.white) for m in prescribed.matches))
    assert set(rules(check_team_pairing(round_, swapped))) == {"C.04.6 4"}
    assert check_team_pairing(round_, swapped, prescribed=False) == []
    other = TeamPairing((Match(1, 2), Match(3, 4)))
    assert "C.04.6 3" in rules(check_team_pairing(round_, other))
    assert dataclasses.replace(prescribed, brackets=()) == prescribed

"""The team-competition tie-breaks (C.07 11-13) worked by hand; gacrux's team checker needs
team files this program does not write yet, so these are the witnesses.

Four teams, two boards, a round robin; MP 2/1/0, GP 1/½/0:

    round 1   A-B 1½-½ (1-0, ½-½)    C-D 1-1 (½-½, ½-½)
    round 2   A-C 1-1 (0-1, 1-0)     B-D 2-0 (1-0, 1-0)
    round 3   A-D ½-1½ (½-½, 0-1)    B-C 1-1 (1-0, 0-1)

Every team ends on 3 MP; GP A 3, B 3½, C 3, D 2½.
Board totals (board 1, board 2): A 1½ 1½, B 2 1½, C 1½ 1½, D 1 1½.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from pairing.engine.tiebreaks.codes import TieBreakCodeError
from pairing.engine.tiebreaks.teams import TeamRound, TeamTable, parse_team, team_standings, team_values

A, B, C, D = 1, 2, 3, 4
H = F(1, 2)


def match(opponent: int, *boards: F | int) -> TeamRound:
    return TeamRound(opponent, tuple(F(b) for b in boards))


TABLE = TeamTable(
    {
        A: (match(B, 1, H), match(C, 0, 1), match(D, H, 0)),
        B: (match(A, 0, H), match(D, 1, 1), match(C, 1, 0)),
        C: (match(D, H, H), match(A, 1, 0), match(B, 0, 1)),
        D: (match(C, H, H), match(B, 0, 0), match(A, H, 1)),
    },
    edition="2026",
)


def values(code: str, table: TeamTable = TABLE) -> dict[int, object]:
    return team_values(table, parse_team(code))


def test_match_and_game_points() -> None:
    assert values("MP") == {A: 3, B: 3, C: 3, D: 3}  # 11
    assert values("GP") == values("MPVGP") == {A: 3, B: F(7, 2), C: 3, D: F(5, 2)}  # 13.1: the secondary


def test_board_criteria() -> None:
    assert values("BC") == {A: F(9, 2), B: 5, C: F(9, 2), D: 4}  # 12.2: 1 x board 1 + 2 x board 2
    assert values("TBR") == {A: (F(3, 2), F(3, 2)), B: (2, F(3, 2)), C: (F(3, 2), F(3, 2)), D: (1, F(3, 2))}
    assert values("BBE") == {A: (F(3, 2),), B: (2,), C: (F(3, 2),), D: (1,)}  # 12.4: board 2 left out


def test_extended_sonneborn_berger() -> None:
    # 13.2: the opponent's MP (all 3) times the team's GP in the match
    assert values("EMGSB") == {A: 9, B: F(21, 2), C: 9, D: F(15, 2)}
    # the opponent's GP times the team's MP: A: 3½ x 2 + 3 x 1 + 2½ x 0
    assert values("EGMSB") == {A: 10, B: 8, C: 9, D: 9}
    assert values("EMMSB") == {A: 9, B: 9, C: 9, D: 9}
    # A: 3½ x 1½ + 3 x 1 + 2½ x ½
    assert values("EGGSB") == {A: F(19, 2), B: F(19, 2), C: 9, D: F(15, 2)}
    assert values("ESB") == values("EMGSB")  # the opponent's primary score times the team's secondary
    assert values("BH:GP") == {A: 9, B: F(17, 2), C: 9, D: F(19, 2)}


def test_the_codes_shared_with_players_on_a_team_score() -> None:
    assert values("WIN:MP") == values("WON:MP") == {A: 1, B: 1, C: 0, D: 1}  # 7.1, 7.2: match wins
    assert values("PS:MP") == {A: 8, B: 5, C: 6, D: 5}  # 7.6: A 2, 3, 3
    assert values("PS:MP/C1") == {A: 6, B: 5, C: 5, D: 4}
    # 9.2: half the maximum (2 boards x 3 rounds) is 3 GP: A, B, C qualify, not D (2½).
    # A: 1½ (B) + 1 (C); B: ½ (A) + 1 (C); C: 1 (A) + 1 (B); D: 1 (C) + 0 (B) + 1½ (A)
    assert values("KS:GP") == {A: F(5, 2), B: F(3, 2), C: 2, D: F(5, 2)}
    assert values("KS:MP") == values("MP")  # every team on 3 of 6 MP
    # 8.2: BH:GP A 9, B 8½, C 9, D 9½; each team met the three others
    assert values("AOB:GP") == {A: 9, B: F(55, 6), C: 9, D: F(53, 6)}


def test_score_strength_combination() -> None:
    # 13.4: GP + BH on MP (9 each) / floor(2 x 3 rounds / 1 / 2 boards) = GP + 3
    assert values("SSSC") == {A: 6, B: F(13, 2), C: 6, D: F(11, 2)}


def test_extended_direct_encounter_and_its_named_variants() -> None:
    # 13.3.1: all on 3 MP and all met: the MP among them tie, the GP split B, A-C, D; A-C
    # drew 1-1 in MP and GP, so EDE leaves them level.
    assert [(r.rank, r.team) for r in team_standings(TABLE, ["EDE"])] == [(1, B), (2, A), (2, C), (4, D)]
    # 13.3.2: two teams still tied: their match's board count (A 0 and 1: 2; C 1 and 0: 1),
    # top board (C won it) and bottom-board elimination (board 1 left: C) each put C ahead.
    for code in ("EDEC", "EDET", "EDEB", "EDEBT", "EDEBB"):
        assert [(r.rank, r.team) for r in team_standings(TABLE, [code])] == [(1, B), (2, C), (3, A), (4, D)], code


def test_standings_by_the_list() -> None:
    rows = team_standings(TABLE, ["GP", "BC"])
    assert [(r.rank, r.team) for r in rows] == [(1, B), (2, A), (2, C), (4, D)]  # A and C level on BC too
    assert [(r.rank, r.team) for r in team_standings(TABLE, ["TBR"])] == [(1, B), (2, A), (2, C), (4, D)]


def test_unplayed_rounds_follow_article_16() -> None:
    # A fifth team E has a PAB in every round (2 MP, a win on both boards): not voluntary.
    teams = dict(TABLE.rounds_of)
    teams[5] = tuple(TeamRound(None, (F(1), F(1)), played=False, match_points=F(2)) for _ in range(3))
    table = TeamTable(teams, edition="2024")
    assert values("MP", table)[5] == 6
    assert values("BH:MP", table)[5] == 18  # 16.4: the dummy scores the team's own 6, three times
    capped = TeamTable(teams, edition="2026")
    assert values("BH:MP", capped)[5] == 9  # 16.4.2: at most a draw (1 MP) x 3 rounds, three times


@pytest.mark.parametrize("code", ["XYZ", "BC/C1", "EMGSB/M1", "BH:XP"])
def test_bad_team_codes_are_refused(code: str) -> None:
    with pytest.raises(TieBreakCodeError):
        parse_team(code)

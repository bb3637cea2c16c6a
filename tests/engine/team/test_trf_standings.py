"""Team standings from a file: the hand-worked round robin of tests/engine/tiebreaks/test_teams.py
written as a TRF-2026 team file gives the same values for every code; a PAB is not a
voluntary unplayed round (C.07 16.2.1); the file's scoring records reach the tie-breaks; the
check reports what the file gets wrong."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from pairing.engine.team.standings import (
    scoring_of,
    standings_of,
    team_codes,
    team_table,
    tiebreak_list,
    verify_team_standings,
)
from pairing.engine.team.trf import read_team_trf
from pairing.engine.tiebreaks.teams import KNOWN, TeamRound, TeamTable, parse_team, team_standings, team_values
from tests.engine.tiebreaks.test_teams import TABLE

A, B, C, D = 1, 2, 3, 4
# (White team, Black team, board results seen from the White team), round by round
SCHEDULE = (
    ((A, B, "1="), (C, D, "==")),
    ((A, C, "01"), (B, D, "11")),
    ((A, D, "=0"), (B, C, "10")),
)
FLIP = {"1": "0", "0": "1", "=": "="}


def player_line(start: int, blocks: list[str]) -> str:
    return f"001 {start:4d}      {'Player ' + str(start):<33}".ljust(91) + "  ".join(blocks)


def hand_file(extra: str = "") -> str:
    blocks: dict[int, list[str]] = {p: [] for p in range(1, 9)}
    for matches in SCHEDULE:
        for white, black, results in matches:
            for board, result in enumerate(results, start=1):
                w, b = 2 * white - 2 + board, 2 * black - 2 + board
                w_colour, b_colour = ("w", "b") if board % 2 else ("b", "w")  # 352 WB
                blocks[w].append(f"{b:4d} {w_colour} {result}")
                blocks[b].append(f"{w:4d} {b_colour} {FLIP[result]}")
    lines = ["012 Hand-worked", "042 2026/04/01", "142 3", "192 FIDE_TEAM_TYPEA_MP_GP", "352 WB"]
    lines += [player_line(p, blocks[p]) for p in range(1, 9)]
    lines += [
        f"310 {t:3d} {'Team ' + 'ABCD'[t - 1]:<32}".ljust(73) + f"{2 * t - 1:4d} {2 * t:4d}" for t in (A, B, C, D)
    ]
    return "\n".join(lines) + "\n" + extra


def test_the_hand_worked_round_robin_read_from_a_file_gives_every_code_its_value() -> None:
    table = team_table(read_team_trf(hand_file()))
    codes = sorted(KNOWN - {"DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB"})
    for code in codes:
        assert team_values(table, parse_team(code)) == team_values(TABLE, parse_team(code)), code
    for code in ("EDE", "EDEC", "EDEBT"):
        assert standings_of(read_team_trf(hand_file()), (code,)) == team_standings(TABLE, (code,))


def test_a_pab_is_not_a_voluntary_unplayed_round() -> None:
    """C.07 16.2.1: the PAB is not the team's choice, though it is worth only a drawn match
    (C.04.6 1.4): its opponents' Buchholz counts its score as it is, not as draws after it."""
    pab = TeamRound(None, (F(1, 2), F(1, 2)), played=False, match_points=F(1), voluntary=False)
    chosen = TeamRound(None, (F(1, 2), F(1, 2)), played=False, match_points=F(1))
    for r, voluntary in ((pab, False), (chosen, True)):
        table = TeamTable(
            {1: (r,), 2: (TeamRound(None, (F(0), F(0)), played=False, match_points=F(0)),)}, edition="2026"
        )
        assert table.voluntary(1, 0) is voluntary


def test_records_362_and_162_reach_the_tie_breaks() -> None:
    team_file = read_team_trf(
        hand_file().replace("352 WB", "352 WB\n362 TW 3.0   TD 1.0   TL 0.0\n162  W 2.0    D 1.0")
    )
    scoring = scoring_of(team_file)
    assert (scoring.match_win, scoring.match_draw, scoring.game_win, scoring.game_draw) == (3, 1, 2, 1)
    assert team_values(team_table(team_file), parse_team("GP"))[B] == 2 * F(7, 2)  # 3½ game points, doubled
    assert team_values(team_table(team_file), parse_team("MP"))[A] == 3 + 1 + 0


def test_the_tie_break_list_is_record_212_else_202_and_keeps_gp() -> None:
    assert tiebreak_list(read_team_trf(hand_file("202 EDE,GP\n"))) == ("202", ("EDE", "GP"))
    assert tiebreak_list(read_team_trf(hand_file("202 EDE\n212 PTS, BH:GP/C1, SB\n"))) == ("212", ("BH:GP/C1", "SB"))
    assert team_codes("EDE BC") == ("EDE", "BC")


def test_the_check_reports_wrong_points_ranks_and_values() -> None:
    good = hand_file("212 PTS,GP,BC\n")
    assert verify_team_standings(read_team_trf(good)).disagreements == ()
    wrong = good.replace("310   2 Team B".ljust(60), "310   2 Team B".ljust(54) + "   2.0")
    assert verify_team_standings(read_team_trf(wrong)).disagreements == ("team 2 MP: the file has 2.0, computed 3.0",)
    ranked = good.replace("310   3 Team C".ljust(71), "310   3 Team C".ljust(68) + "  1")
    assert verify_team_standings(read_team_trf(ranked)).disagreements == ("team 3 RANK: the file has 1, computed 2-3",)
    values = good + "###TBV SNO      PTS       GP       BC\n###TBV    2      3.0      3.5      5.0\n"
    assert verify_team_standings(read_team_trf(values)).disagreements == ()
    assert verify_team_standings(read_team_trf(values.replace("5.0\n", "6.0\n"))).disagreements == (
        "team 2 BC: the file has 6.0, computed 5.0",
    )


@pytest.mark.parametrize("code", ["BC", "GP", "SB"])
def test_printed_values_are_checked_at_their_precision(code: str) -> None:
    team_file = read_team_trf(hand_file(f"212 PTS,{code}\n"))
    value = team_values(team_table(team_file), parse_team(code))[A]
    wrong = F(value) + 1
    line = f"###TBV SNO      PTS {code:>8}\n###TBV    1      3.0 {float(wrong):8.1f}\n"
    found = verify_team_standings(read_team_trf(hand_file(f"212 PTS,{code}\n" + line))).disagreements
    assert found and found[0].startswith(f"team 1 {code}: the file has {float(wrong):.1f}")

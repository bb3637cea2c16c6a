"""Record 299: points given or taken outside the games count in the pairing scores and
the standings, as the FIDE technical commission's checker (gacrux) reads them."""

from __future__ import annotations

from pairing.engine.state import ScoreAdjustment
from pairing.engine.tiebreaks import standings
from pairing.engine.trf import parse_trf
from pairing.engine.trf.state import adjustments_of, cut, scoring_of, state_for_round
from tests.engine.trf.lines import player_record

# Four players, two rounds played: 1 beat 4 and drew 2; 2 beat 3 and drew 1;
# 3 lost to 2 and beat 4; 4 lost to 1 and lost to 3.
PLAYERS = [
    player_record(1, "     4 w 1     2 b =", " 1.5"),
    player_record(2, "     3 w 1     1 w =", " 1.5"),
    player_record(3, "     2 b 0     4 w 1", " 1.0"),
    player_record(4, "     1 b 0     3 b 0", " 0.0"),
]


def tournament(*records: str):
    return parse_trf("\n".join(["012 Abnormal points", "142 3", *PLAYERS, *records]) + "\n")


def test_a_penalty_counts_in_the_score_after_the_round_it_names() -> None:
    t = tournament("299          -1.0  002    1")
    assert adjustments_of(t, scoring_of(t)) == (ScoreAdjustment(1, 2, -10),)
    assert state_for_round(t, 3).score(1) == 5  # 1.5 - 1.0: round 3 is paired with it
    assert state_for_round(t, 2).score(1) == 10  # round 2 was paired without it
    assert state_for_round(t, 3).score_before(1, 2) == 10


def test_a_bonus_from_the_start_counts_in_every_round() -> None:
    t = tournament("299           0.5  000    4")
    assert state_for_round(t, 2).score(4) == 5
    assert state_for_round(t, 3).score(4) == 5


def test_standings_only_points_enter_the_total_but_neither_pairing_nor_tie_breaks() -> None:
    t = tournament("299          -1.0  999    2")
    state = state_for_round(t, 3)
    assert state.score(2) == 15
    table = standings(state, ["BH"])
    row = next(r for r in table.rows if r.player_id == 2)
    assert row.points == 0.5
    plain = standings(state_for_round(tournament(), 3), ["BH"])
    assert [r.values for r in table.rows if r.player_id == 1] == [r.values for r in plain.rows if r.player_id == 1]


def test_a_typed_record_sets_the_points_of_that_game() -> None:
    # Player 3's round-2 win adjudicated as worth a draw: half a point less from round 3.
    t = tournament("299 D         0.5  002    3")
    assert adjustments_of(t, scoring_of(t)) == (ScoreAdjustment(3, 2, -5),)
    assert state_for_round(t, 3).score(3) == 5


def test_a_typed_record_without_round_or_player_is_that_result_s_value_for_everyone() -> None:
    t = tournament("299 +         0.5")
    assert scoring_of(t).forfeit_win == 5
    assert adjustments_of(t, scoring_of(t)) == ()


def test_the_penalty_moves_a_player_to_another_score_group_for_pairing() -> None:
    plain = state_for_round(tournament(), 3)
    penalised = state_for_round(tournament("299          -1.0  002    1"), 3)
    assert plain.pairing_score(1) == plain.pairing_score(2)
    assert penalised.pairing_score(1) == 5 < penalised.pairing_score(2)


def test_buchholz_counts_the_opponents_adjusted_scores() -> None:
    plain = standings(state_for_round(tournament(), 3), ["BH"])
    penalised = standings(state_for_round(tournament("299          -1.0  002    1"), 3), ["BH"])
    bh = {r.player_id: r.values[0] for r in plain.rows}
    bh_penalised = {r.player_id: r.values[0] for r in penalised.rows}
    assert bh_penalised[4] == bh[4] - 1  # 4 met player 1


def test_a_cut_file_s_points_column_includes_the_adjustments_of_the_rounds_kept() -> None:
    t = tournament("299          -1.0  002    1")
    assert next(p for p in cut(t, 3).players if p.start == 1).points == 5
    assert next(p for p in cut(t, 2).players if p.start == 1).points == 10

"""C.07 article 16 worked by hand on a small tournament.

Four players, three rounds, standard scoring:

    round 1   1-2 1-0        3-4 ½-½
    round 2   1-3 +/- (3 did not appear)   2-4 0-1
    round 3   1-4 ½-½        2 pairing-allocated bye, 3 withdrawn

Scores: 1 has 2½, 2 has 1, 3 has ½, 4 has 2.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from pairing.engine.state import Colour, Outcome, Player, RoundEntry, TournamentState
from pairing.engine.tiebreaks import Crosstable, parse, standings, tiebreak_values

W, B = Colour.WHITE, Colour.BLACK


def game(opponent: int, colour: Colour, outcome: Outcome) -> RoundEntry:
    return RoundEntry(opponent, colour, outcome)


def unpaired(outcome: Outcome) -> RoundEntry:
    return RoundEntry(None, None, outcome)


STATE = TournamentState(
    players=(
        Player(
            1, rating=2200, history=(game(2, W, Outcome.WIN), game(3, W, Outcome.FORFEIT_WIN), game(4, B, Outcome.DRAW))
        ),
        Player(
            2, rating=2100, history=(game(1, B, Outcome.LOSS), game(4, W, Outcome.LOSS), unpaired(Outcome.PAIRING_BYE))
        ),
        Player(
            3,
            rating=2000,
            history=(game(4, W, Outcome.DRAW), game(1, B, Outcome.FORFEIT_LOSS), unpaired(Outcome.NOT_PAIRED)),
        ),
        Player(4, rating=1900, history=(game(3, B, Outcome.DRAW), game(2, B, Outcome.WIN), game(1, W, Outcome.DRAW))),
    ),
    total_rounds=3,
    round_to_pair=4,
)


def values(code: str, edition: str = "2024") -> dict[int, object]:
    return tiebreak_values(Crosstable(STATE, edition), parse(code))


def test_scores() -> None:
    assert values("PTS") == {1: F(5, 2), 2: F(1), 3: F(1, 2), 4: F(2)}


def test_voluntary_unplayed_rounds() -> None:
    table = Crosstable(STATE)
    vur = {pid: [r.number for r in rows if r.voluntary_unplayed] for pid, rows in table.rows.items()}
    # 16: the forfeit loss and the rounds after withdrawing are VURs; the forfeit win and the PAB are not.
    assert vur == {1: [], 2: [], 3: [2, 3], 4: []}


def test_adjusted_score_counts_rounds_after_withdrawal_as_draws() -> None:
    # 16.3: player 3's round 3 (no opponent, after his last round that was not a VUR) is a draw;
    # his forfeit loss had an opponent and keeps its zero.
    assert Crosstable(STATE).adjusted_score == {1: F(5, 2), 2: F(1), 3: F(1), 4: F(2)}


def test_buchholz_with_the_dummy_opponent_of_the_2024_text() -> None:
    # 16.4: an unplayed round counts the participant's own score.
    # 1: 1 (player 2) + 2½ (dummy for the forfeit win) + 2 (player 4)
    # 2: 2½ + 2 + 1 (dummy for the PAB); 3: 2 + ½ + ½; 4: 1 (adjusted 3) + 1 + 2½
    assert values("BH") == {1: F(11, 2), 2: F(11, 2), 3: F(3), 4: F(9, 2)}


def test_buchholz_with_the_capped_dummy_of_the_2026_amendment() -> None:
    # 2026 16.4: after a forfeit, at most the absent opponent's adjusted score (player 3: 1);
    # otherwise at most a draw in every round (1½ after three rounds).
    assert values("BH", "2026") == {1: F(4), 2: F(11, 2), 3: F(3), 4: F(9, 2)}


def test_cut_1_takes_a_voluntary_unplayed_round_first() -> None:
    # 16.5: player 3's lowest value is a VUR (½), cut before anything else: 2 + ½ left.
    # Player 2 has no VUR: his lowest value, the PAB's dummy (1), goes.
    assert values("BH/C1") == {1: F(9, 2), 2: F(9, 2), 3: F(5, 2), 4: F(7, 2)}


def test_median_cuts_both_ends() -> None:
    assert values("BH/M1") == {1: F(2), 2: F(2), 3: F(1, 2), 4: F(1)}


def test_sonneborn_berger_counts_unplayed_rounds_at_the_points_they_gave() -> None:
    # 1: 1x1 + 2½x1 (forfeit win against the dummy) + 2x½; 2: 0 + 0 + 1x1 (PAB)
    assert values("SB") == {1: F(9, 2), 2: F(1), 3: F(1), 4: F(1, 2) + F(1) + F(5, 4)}


def test_counts() -> None:
    assert values("WIN") == {1: 2, 2: 1, 3: 0, 4: 1}  # 7.1: forfeit win and PAB count
    assert values("WON") == {1: 1, 2: 0, 3: 0, 4: 1}  # 7.2: over the board only
    assert values("BPG") == {1: 1, 2: 1, 3: 0, 4: 2}  # 7.3: player 3's forfeit is no game
    assert values("BWG") == {1: 0, 2: 0, 3: 0, 4: 1}
    assert values("REP") == {1: 3, 2: 3, 3: 1, 4: 3}  # 7.5: rounds less VURs


def test_progressive_score_and_its_cut() -> None:
    assert values("PS") == {1: F(1) + F(2) + F(5, 2), 2: F(1), 3: F(3, 2), 4: F(1, 2) + F(3, 2) + F(2)}
    assert values("PS/C1") == {1: F(9, 2), 2: F(1), 3: F(1), 4: F(7, 2)}


def test_ratings_count_games_played_over_the_board_only() -> None:
    # 10.1 / 15: player 1 played 2 (2100) and 4 (1900); his forfeit win does not count.
    assert values("ARO")[1] == 2000
    # 10.2: 1½ of 2 = 75% -> dp 193
    assert values("TPR")[1] == 2000 + 193
    assert values("ARO/C1")[1] == 2100


def test_an_unrated_player_voids_rating_tie_breaks_unless_a_rating_is_stated() -> None:
    players = tuple(p if p.id != 4 else Player(4, rating=0, history=p.history) for p in STATE.players)
    state = TournamentState(players=players, total_rounds=3, round_to_pair=4)
    assert set(tiebreak_values(Crosstable(state), parse("ARO")).values()) == {None}
    assert tiebreak_values(Crosstable(state), parse("ARO/U1500"))[1] == 1800


def test_standings_rank_by_points_then_the_list() -> None:
    table = standings(STATE, ["BH/C1", "BH"])
    assert [(r.rank, r.player_id) for r in table.rows] == [(1, 1), (2, 4), (3, 2), (4, 3)]


def test_players_level_on_everything_share_the_place() -> None:
    level = TournamentState(
        players=(
            Player(1, history=(game(2, W, Outcome.DRAW),)),
            Player(2, history=(game(1, B, Outcome.DRAW),)),
            Player(3, history=(game(4, W, Outcome.WIN),)),
            Player(4, history=(game(3, B, Outcome.LOSS),)),
        ),
        total_rounds=1,
        round_to_pair=2,
    )
    table = standings(level, ["BH", "WIN"])
    assert [(r.rank, r.player_id) for r in table.rows] == [(1, 3), (2, 1), (2, 2), (4, 4)]


def test_direct_encounter_when_everybody_met() -> None:
    # 6.1: 1 and 2 are level on 1 point and met: 1 won, so 1 goes ahead of 2.
    two = TournamentState(
        players=(
            Player(1, history=(game(2, W, Outcome.WIN), game(3, B, Outcome.LOSS))),
            Player(2, history=(game(1, B, Outcome.LOSS), game(4, W, Outcome.WIN))),
            Player(3, history=(game(4, W, Outcome.WIN), game(1, W, Outcome.WIN))),
            Player(4, history=(game(3, B, Outcome.LOSS), game(2, B, Outcome.LOSS))),
        ),
        total_rounds=2,
        round_to_pair=3,
    )
    table = standings(two, ["DE"])
    assert [(r.rank, r.player_id, r.values) for r in table.rows] == [
        (1, 3, (0,)),
        (2, 1, (1,)),
        (3, 2, (2,)),
        (4, 4, (0,)),
    ]


def test_direct_encounter_in_a_swiss_separates_only_out_of_reach_scores() -> None:
    # 6.2: three players level; 1 beat 2 and 3, who never met: 1 is out of reach (2 > 1 + 0),
    # 2 and 3 stay level (neither could be sure of more than the other).
    level = TournamentState(
        players=(
            Player(1, history=(game(2, W, Outcome.WIN), game(3, B, Outcome.WIN), game(5, W, Outcome.LOSS))),
            Player(2, history=(game(1, B, Outcome.LOSS), game(4, W, Outcome.WIN), game(6, B, Outcome.WIN))),
            Player(3, history=(game(6, W, Outcome.WIN), game(1, W, Outcome.LOSS), game(4, B, Outcome.WIN))),
            Player(4, history=(game(5, B, Outcome.LOSS), game(2, B, Outcome.LOSS), game(3, W, Outcome.LOSS))),
            Player(5, history=(game(4, W, Outcome.WIN), game(6, W, Outcome.WIN), game(1, B, Outcome.WIN))),
            Player(6, history=(game(3, B, Outcome.LOSS), game(5, B, Outcome.LOSS), game(2, W, Outcome.LOSS))),
        ),
        total_rounds=3,
        round_to_pair=4,
    )
    table = standings(level, ["DE"])
    assert {pid: table.row(pid).values[0] for pid in (1, 2, 3)} == {1: 1, 2: 2, 3: 2}
    assert [r.player_id for r in table.rows][:4] == [5, 1, 2, 3]


@pytest.mark.parametrize("code", ["BH/X1", "WIN/C1", "PS/M1", "XYZ", "BH/U1500"])
def test_bad_codes_are_refused(code: str) -> None:
    from pairing.engine.tiebreaks import TieBreakCodeError

    with pytest.raises(TieBreakCodeError):
        parse(code)


def test_codes_round_trip() -> None:
    for code in ("BH", "BH/C1", "BH/M2", "ARO/C1/U1000", "PS/C1", "DE"):
        assert parse(code).code == code
    assert parse("bh/c1").label == "Buchholz Cut-1"

"""The codes C.07 (2026) adds to the twelve families, worked by hand on the four-player
tournament of test_unplayed_rounds (gacrux computes each of them too; the differential
in test_gacrux_agreement compares every player), and their absolute properties.

    round 1   1-2 1-0        3-4 ½-½
    round 2   1-3 +/- (3 did not appear)   2-4 0-1
    round 3   1-4 ½-½        2 pairing-allocated bye, 3 withdrawn

Scores 1: 2½, 2: 1, 3: ½, 4: 2; ratings 2200, 2100, 2000, 1900.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pairing.engine import pair
from pairing.engine.expected_score import expected_score
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Colour, Outcome, PairingError, Player, RoundEntry, Scoring, TournamentState
from pairing.engine.tiebreaks import Crosstable, parse, standings, tiebreak_values
from pairing.engine.tiebreaks.ratings import perfect_performance
from pairing.engine.trf.state import state_for_round
from tests.engine.tiebreaks.test_unplayed_rounds import STATE, W, game


def values(code: str, edition: str = "2024", state: TournamentState = STATE) -> dict[int, object]:
    return tiebreak_values(Crosstable(state, edition), parse(code))


def test_koya_counts_the_points_scored_against_opponents_on_half_the_maximum() -> None:
    # 9.2: the limit is 50% of 3 rounds = 1½: players 1 (2½) and 4 (2) qualify. Player 3's
    # forfeit loss counts (0) against player 1, as the scheduled opponent.
    assert values("KS") == {1: F(1, 2), 2: F(0), 3: F(1, 2), 4: F(1, 2)}
    # 14.5: the limit two half points lower (½) lets every opponent in; a PAB has none.
    assert values("KS/L-2") == {1: F(5, 2), 2: F(0), 3: F(1, 2), 4: F(2)}
    assert values("KS/L+2") == {1: F(0), 2: F(0), 3: F(0), 4: F(1, 2)}  # 2½ and more: player 1 only


def test_fore_buchholz_counts_the_final_round_as_drawn() -> None:
    # 8.3: with 1-4 of round 3 won by 1, the Fore Buchholz is the Buchholz of the drawn game
    # (test_unplayed_rounds worked it: 5½, 5½, 3, 4½; in 2026 player 1's forfeit is capped: 4).
    won = dataclasses.replace(
        STATE,
        players=tuple(
            dataclasses.replace(p, history=(*p.history[:2], game(4, p.history[2].colour, Outcome.WIN)))
            if p.id == 1
            else dataclasses.replace(p, history=(*p.history[:2], game(1, W, Outcome.LOSS)))
            if p.id == 4
            else p
            for p in STATE.players
        ),
    )
    assert values("PTS", state=won)[1] == 3
    assert values("FB", state=won) == {1: F(11, 2), 2: F(11, 2), 3: F(3), 4: F(9, 2)}
    assert values("FB", "2026", state=won) == {1: F(4), 2: F(11, 2), 3: F(3), 4: F(9, 2)}
    assert values("BH", state=won) != values("FB", state=won)


def test_average_of_opponents_buchholz_over_the_games_played() -> None:
    # 8.2: BH (2024) 5½, 5½, 3, 4½; player 1 met 2 and 4 over the board, player 4 met 3, 2, 1.
    assert values("AOB") == {1: F(5), 2: F(5), 3: F(9, 2), 4: F(14, 3)}
    # 2026: BH 4, 5½, 3, 4½
    assert values("AOB", "2026") == {1: F(5), 2: F(17, 4), 3: F(9, 2), 4: F(25, 6)}


def test_standard_points_are_one_half_zero_whatever_the_scoring() -> None:
    # 7.7: the forfeit win and the PAB beat a draw; the withdrawn round does not.
    assert values("STD") == {1: F(5, 2), 2: F(1), 3: F(1, 2), 4: F(2)}
    three_one_nil = dataclasses.replace(STATE, scoring=Scoring(win=30, draw=10, loss=0, pairing_bye=30, forfeit_win=30))
    assert values("PTS", state=three_one_nil)[1] == 7
    assert values("STD", state=three_one_nil) == values("STD")


def test_pairing_number_and_rating() -> None:
    assert values("TPN") == {1: 1, 2: 2, 3: 3, 4: 4}  # 7.8
    assert values("RTNG") == {1: 2200, 2: 2100, 3: 2000, 4: 1900}  # 10.6
    assert [r.player_id for r in standings(STATE, ["TPN"]).rows] == [1, 4, 2, 3]
    assert [r.player_id for r in standings(STATE, ["TPN/R"]).rows] == [1, 4, 2, 3]  # no tie to break
    assert parse("TPN").lower_is_better and not parse("TPN/R").lower_is_better
    assert not parse("RTNG").lower_is_better and parse("RTNG/R").lower_is_better


def test_perfect_performance_of_player_1() -> None:
    # 10.3: 1½ of 2 against 2100 and 1900. At 2203: 0.64 + 0.86 = 1.50; at 2202: 0.64 + 0.85.
    assert values("PTP")[1] == 2203
    assert perfect_performance(F(0), [2000, 2100]) == 1200  # zero: 800 below the lowest


def test_averages_of_the_opponents_performances() -> None:
    # TPR: 1: 2000 + dp(75%) 193 = 2193; 2: 2050 - 800 = 1250; 3: 1900 + 0; 4: 2100 + dp(67%) 125 = 2225
    assert values("TPR") == {1: 2193, 2: 1250, 3: 1900, 4: 2225}
    # 10.4: 1: (1250 + 2225) / 2 = 1737.5 -> 1738; 4: (1900 + 1250 + 2193) / 3 = 1781
    assert values("APRO") == {1: 1738, 2: 2209, 3: 2225, 4: 1781}
    ptp = values("PTP")
    appo = values("APPO")
    assert appo[3] == ptp[4]  # player 3 met only player 4 over the board


def test_extended_direct_encounter_of_one_player_is_the_direct_encounter() -> None:
    assert [(r.rank, r.values) for r in standings(STATE, ["EDE"]).rows] == [
        (r.rank, r.values) for r in standings(STATE, ["DE"]).rows
    ]


def _state(config: GeneratorConfig, seed: int, after: int | None = None) -> TournamentState:
    try:
        t = generate(config, seed, lambda state: pair(state, "dutch"))
    except PairingError:  # a small field can run out of pairings (C.04.3 A.9)
        assume(False)
    return state_for_round(t, (after or config.rounds) + 1)


CONFIGS = st.builds(
    GeneratorConfig,
    players=st.integers(8, 16),
    rounds=st.integers(3, 5),
    forfeit_rate=st.sampled_from([0.0, 0.1]),
    bye_rate=st.sampled_from([0.0, 0.1]),
    withdraw_rate=st.sampled_from([0.0, 0.05]),
    late_rate=st.sampled_from([0.0, 0.1]),
    unrated_rate=st.sampled_from([0.0, 0.2]),
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=CONFIGS, seed=st.integers(0, 10_000), edition=st.sampled_from(["2024", "2026"]))
def test_absolute_properties(config: GeneratorConfig, seed: int, edition: str) -> None:
    table = Crosstable(_state(config, seed), edition)

    def of(code: str) -> dict[int, object]:
        return tiebreak_values(table, parse(code))

    # 7.7: with the standard scoring, the standard points are the points.
    assert of("STD") == of("PTS")
    # 9.2: the Koya sum never exceeds the points; with every opponent in, it is the points
    # scored against an opponent.
    everyone = of(f"KS/L-{2 * config.rounds + 2}")
    for pid, rows in table.rows.items():
        assert everyone[pid] == sum((r.points for r in rows if r.opponent is not None), F(0))
        assert of("KS")[pid] <= table.score[pid]  # type: ignore[operator]
    # 10.3: the perfect performance is the lowest rating whose expected score reaches the score.
    ptp = of("PTP/U1500")
    for pid, rows in table.rows.items():
        games = [(table.ratings[r.opponent] or 1500, r.game_score) for r in rows if r.played and r.opponent]
        if not games:
            assert ptp[pid] is None
            continue
        score, opponents = sum((s for _, s in games), F(0)), [g[0] for g in games]
        rating = ptp[pid]
        assert sum(expected_score(rating, o, cap=False) for o in opponents) >= score  # type: ignore[arg-type]
        if rating > min(opponents) - 800:  # type: ignore[operator]
            assert sum(expected_score(rating - 1, o, cap=False) for o in opponents) < score  # type: ignore[operator]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=CONFIGS, seed=st.integers(0, 10_000))
def test_fore_buchholz_before_the_final_round_is_the_buchholz(config: GeneratorConfig, seed: int) -> None:
    table = Crosstable(_state(config, seed, config.rounds - 1), "2026")
    assert tiebreak_values(table, parse("FB/C1")) == tiebreak_values(table, parse("BH/C1"))


# ---------------------------------------------------------------- the 2026 text's own example

# The worked example the 2026 Arbiters' Manual gives for articles 16.4-16.5: a player on 7/10
# with a zero-point bye in round 4 (a VUR, rounds played after it), his opponents' final scores:
# (round, opponent, his result, the opponent's final score)
LAXMAN = (
    (1, 11, F(1), F(5)),
    (2, 12, F(1), F(5)),
    (3, 13, F(0), F(13, 2)),
    (5, 15, F(1), F(9, 2)),
    (6, 16, F(1, 2), F(6)),
    (7, 17, F(1), F(5)),
    (8, 18, F(1, 2), F(13, 2)),
    (9, 19, F(1), F(11, 2)),
    (10, 20, F(1), F(6)),
)
_RESULT = {F(1): Outcome.WIN, F(1, 2): Outcome.DRAW, F(0): Outcome.LOSS}
_MIRROR = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}


def _laxman() -> TournamentState:
    main = [RoundEntry(None, None, Outcome.ZERO_BYE)] * 10
    players = []
    for number, opponent, result, final in LAXMAN:
        outcome = _RESULT[result]
        main[number - 1] = RoundEntry(opponent, Colour.WHITE, outcome)
        # The opponent's other nine rounds are games against a filler of his own that make
        # his final score exact (no unplayed round: his adjusted score is his score).
        left = (final - (1 - result)) * 2  # half points to find in nine games
        rest = [Outcome.WIN] * int(left // 2) + [Outcome.DRAW] * int(left % 2)
        rest += [Outcome.LOSS] * (9 - len(rest))
        filler = opponent + 100
        history = [RoundEntry(filler, Colour.BLACK, o) for o in rest]
        history.insert(number - 1, RoundEntry(1, Colour.BLACK, _MIRROR[outcome]))
        players.append(Player(opponent, history=tuple(history)))
        filler_history = [RoundEntry(opponent, Colour.WHITE, _MIRROR[o]) for o in rest]
        filler_history.insert(number - 1, RoundEntry(None, None, Outcome.NOT_PAIRED))
        players.append(Player(filler, history=tuple(filler_history)))
    return TournamentState(players=(Player(1, history=tuple(main)), *players), total_rounds=10, round_to_pair=11)


def test_the_2026_manuals_example_of_the_capped_dummy() -> None:
    state = _laxman()
    assert values("PTS", state=state)[1] == 7
    assert [values("PTS", state=state)[o] for _, o, _, _ in LAXMAN] == [final for *_, final in LAXMAN]
    # 2024: the dummy of round 4 scores his own 7: BH 50 + 7; Cut-1 takes the VUR (16.5).
    assert (values("BH", state=state)[1], values("BH/C1", state=state)[1]) == (57, 50)
    # 2026 16.4.2: the dummy is capped at a draw in every round, 5: BH 55; the VUR (5) is
    # worth more than the least value (4½) and goes first: Cut-1 50.
    assert (values("BH", "2026", state)[1], values("BH/C1", "2026", state)[1]) == (55, 50)
    # SB: 5 + 5 + 0 + 0 (the bye scored nothing) + 4½ + 3 + 5 + 3¼ + 5½ + 6, in both editions
    assert values("SB", state=state)[1] == values("SB", "2026", state)[1] == F(149, 4)


def test_forfeits_as_games_when_the_regulations_say_so() -> None:
    # /P (MTB26; 6.1.1 leaves it to the regulations): player 1's forfeit win over 3 counts 3's
    # adjusted score (1) instead of the dummy (2½), and is no VUR for player 3.
    assert values("BH/P")[1] == 1 + 1 + 2
    assert values("SB/P")[1] == 1 * 1 + 1 * 1 + 2 * F(1, 2)
    assert values("BH/C1/P")[3] == F(5, 2) + 2  # 3's rounds: 4 (2), 1 (2½), dummy after leaving (½) cut

"""The rating change of the FIDE Rating Regulations (effective 1 March 2024), against
examples worked by hand from table 8.1.2 and rules 8.3.1-8.3.3."""

from __future__ import annotations

import pytest

from pairing.engine.rating import (
    RatedGame,
    expected_hundredths,
    k_factor,
    k_for_games,
    rating_change,
)


@pytest.mark.parametrize(
    ("difference", "higher"),
    [
        (0, 50),  # 0-3: .50
        (3, 50),
        (4, 51),  # 4-10: .51
        (25, 53),  # 18-25: .53
        (26, 54),  # 26-32: .54
        (100, 64),  # 99-106: .64
        (206, 76),  # 198-206: .76
        (207, 77),  # 207-215: .77
        (391, 91),  # 375-391: .91
        (392, 92),  # 392 and more: .92
        (400, 92),
        (735, 92),  # 8.3.1: counted as 400
    ],
)
def test_the_table_gives_the_higher_and_the_lower_rated_player_their_pd(difference: int, higher: int) -> None:
    assert expected_hundredths(2000 + difference, 2000) == higher
    assert expected_hundredths(2000, 2000 + difference) == 100 - higher


def test_one_win_against_a_stronger_player() -> None:
    # 2000 beats 2100: D = 100, PD(L) = .36; ΔR = 1 - .36 = .64; K = 20: +12.8 -> 2013.
    change = rating_change(2000, 20, [RatedGame(2100, 2)])
    assert (change.expected, change.change, change.new_rating) == (36, 1280, 2013)


def test_the_400_point_rule_caps_the_difference() -> None:
    # 2000 draws with 2500: D = 500 counts as 400, PD(L) = .08; ΔR = .5 - .08 = .42; K = 20: +8.4.
    assert rating_change(2000, 20, [RatedGame(2500, 1)]).change == 840
    # 2500 draws with 2000: PD(H) = .92; ΔR = .5 - .92 = -.42; K = 10: -4.2 -> 2496 (2495.8 rounded).
    change = rating_change(2500, 10, [RatedGame(2000, 1)])
    assert (change.change, change.new_rating) == (-420, 2496)


def test_a_tournament_of_four_rated_games_and_an_unrated_opponent() -> None:
    # Rated 2200, K = 20:
    #   loss against 2300: D = 100,  PD = .36, ΔR = 0   - .36 = -.36
    #   win  against 2150: D = 50,   PD = .57, ΔR = 1   - .57 = +.43
    #   draw against 1700: D = 500 -> 400, PD = .92, ΔR = .5 - .92 = -.42
    #   draw against 2200: D = 0,    PD = .50, ΔR = .5  - .50 =  0
    #   a win against an unrated player is not rated.
    # Score 2 out of 4, ΣPD = 2.35, ΣΔR = -.35, K × ΣΔR = -7.0 -> 2193.
    games = [RatedGame(2300, 0), RatedGame(2150, 2), RatedGame(1700, 1), RatedGame(2200, 1), RatedGame(0, 2)]
    change = rating_change(2200, 20, games)
    assert (change.games, change.halves, change.expected) == (4, 4, 235)
    assert (change.change, change.new_rating) == (-700, 2193)


def test_a_change_of_a_half_point_is_rounded_up() -> None:
    # Rated 1950, K = 40 (new player): a draw against 1900: D = 50, PD(H) = .57,
    # ΔR = .5 - .57 = -.07, × 40 = -2.8 -> 1947 (1947.2);
    # then also a win against 1975: D = 25, PD(L) = .47, ΔR = .53: Σ = .46 × 40 = +18.4 -> 1968.
    assert rating_change(1950, 40, [RatedGame(1900, 1)]).new_rating == 1947
    assert rating_change(1950, 40, [RatedGame(1900, 1), RatedGame(1975, 2)]).change == 1840
    # K = 10, a win against an equal player and a loss against one 4 points above:
    # (1 - .50) + (0 - .49) = +.01, × 10 = +0.1.
    assert rating_change(2000, 10, [RatedGame(2000, 2), RatedGame(2004, 0)]).change == 10
    # K = 25 (a K the 700 rule lowered): a win against an equal player and a loss against
    # one 11 points above: (1 - .50) + (0 - .48) = +.02, × 25 = +0.5: 2000.5 is rounded up to 2001.
    assert rating_change(2000, 25, [RatedGame(2000, 2), RatedGame(2011, 0)]).new_rating == 2001
    # The mirror: 2011 loses to 2000 (he is the higher rated, PD .52: 0 - .52) and beats an
    # equal player (1 - .50): -.02 × 25 = -0.5: 2010.5 is rounded up to 2011.
    change = rating_change(2011, 25, [RatedGame(2000, 0), RatedGame(2011, 2)])
    assert (change.change, change.new_rating) == (-50, 2011)


@pytest.mark.parametrize(
    ("rating", "kwargs", "k"),
    [
        (1800, {"rated_games": 12}, 40),  # new to the list, fewer than 30 games
        (1800, {"rated_games": 30}, 20),  # 30 games completed
        (2250, {"birth_year": 2008, "year": 2026}, 40),  # 18 this year, under 2300
        (2310, {"birth_year": 2008, "year": 2026}, 20),  # junior at 2300 or more
        (1900, {"birth_year": 2007, "year": 2026}, 20),  # 19 this year
        (2399, {}, 20),
        (2400, {}, 10),
        (2380, {"reached_2400": True}, 10),  # 2400 once reached keeps K = 10
        (2450, {"rated_games": 5}, 10),
    ],
)
def test_the_k_factor_follows_the_players_record(rating: int, kwargs: dict, k: int) -> None:
    assert k_factor(rating, **kwargs) == k


def test_k_times_games_never_exceeds_700() -> None:
    # 8.3.3: K = 40 and 20 games: 800 > 700, K = 35; 18 games: 720 > 700, K = 700 // 18 = 38.
    assert k_for_games(40, 20) == 35
    assert k_for_games(40, 18) == 38
    assert k_for_games(40, 17) == 40
    assert k_for_games(20, 36) == 19
    assert rating_change(2000, 40, [RatedGame(2000, 2)] * 20).k == 35

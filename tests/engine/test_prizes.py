"""Prize winners: one prize per player (the higher), categories by final order, and the
Hort system's sharing, against amounts worked by hand."""

from __future__ import annotations

from fractions import Fraction

from pairing.engine.prizes import Award, PrizeList, award_prizes

F = Fraction
# Eight players in final order (tie-breaks applied); points in tenths.
RANKING = (3, 1, 4, 2, 6, 5, 8, 7)
POINTS = {3: 60, 1: 50, 4: 50, 2: 50, 6: 40, 5: 40, 8: 30, 7: 20}
GENERAL = PrizeList("general", None, (F(300), F(200), F(100)))


def _paid(awards: list[Award]) -> dict[int, tuple[object, Fraction]]:
    return {a.player: (a.key, a.amount) for a in awards}


def test_not_shared_the_tie_breaks_decide() -> None:
    awards = award_prizes(RANKING, POINTS, (GENERAL,), shared=False)
    assert _paid(awards) == {3: ("general", 300), 1: ("general", 200), 4: ("general", 100)}


def test_hort_pools_the_places_of_tied_players() -> None:
    # 3 wins alone: 300. 1, 4 and 2 tie on 5 points in places 2-4: pool 200 + 100 + 0 = 300;
    # half (150) shared equally, 50 each; the other half by tie-break: 1 gets 200/2, 4 gets 100/2,
    # 2 gets 0/2.  1: 150, 4: 100, 2: 50 (total 300: the pool).
    awards = award_prizes(RANKING, POINTS, (GENERAL,), shared=True)
    assert _paid(awards) == {3: ("general", 300), 1: ("general", 150), 4: ("general", 100), 2: ("general", 50)}
    assert {a.player: a.tied_with for a in awards} == {3: 1, 1: 3, 4: 3, 2: 3}


def test_one_prize_per_player_the_higher_one() -> None:
    # Category "U1800" holds 4, 6 and 7; its prizes 150 and 50.
    # Highest first: 300 -> 3; 200 -> 1; U1800's 150 -> 4 (higher than the general 100);
    # general 100 -> the next player without a prize: 2; U1800's 50 -> 6 (4 took the 150).
    u1800 = PrizeList("U1800", frozenset({4, 6, 7}), (F(150), F(50)))
    awards = award_prizes(RANKING, POINTS, (GENERAL, u1800), shared=False)
    assert _paid(awards) == {
        3: ("general", 300),
        1: ("general", 200),
        2: ("general", 100),
        4: ("U1800", 150),
        6: ("U1800", 50),
    }
    assert {a.player: a.place for a in awards} == {3: 1, 1: 2, 2: 3, 4: 1, 6: 2}


def test_equal_amounts_go_to_the_general_list_first() -> None:
    # Women: 4 only, 100. The general 3rd prize is also 100: the general list takes 4 first,
    # and the women's prize passes to... nobody else is eligible: it is not awarded.
    women = PrizeList("women", frozenset({4}), (F(100),))
    awards = award_prizes(RANKING, POINTS, (GENERAL, women), shared=False)
    assert _paid(awards)[4] == ("general", 100)
    assert all(a.key == "general" for a in awards)


def test_hort_in_a_category_leaves_out_a_tied_player_with_another_prize() -> None:
    # U1800 = {1, 4, 2, 6}, prizes 80 and 40, shared. General prizes 300/200/100 go to 3, 1, 4
    # (nominal amounts, highest first: 300, 200, 100 are all above 80). U1800: 2 (5 points) gets
    # 80 and 6 (4 points) gets 40; 1 and 4 tie with 2 but took general prizes, so 2 shares with
    # nobody: 80; 6 ties with 5, who is not in U1800: 40.
    u1800 = PrizeList("U1800", frozenset({1, 4, 2, 6}), (F(80), F(40)))
    awards = award_prizes(RANKING, POINTS, (GENERAL, u1800), shared=True)
    paid = _paid(awards)
    assert paid[2] == ("U1800", 80) and paid[6] == ("U1800", 40)
    # In the general list 1 and 4 tie with 2, who took U1800's prize: 1 and 4 pool 200 + 100:
    # 75 each plus half their own: 1: 175, 4: 125.
    assert paid[1] == ("general", 175) and paid[4] == ("general", 125)


def test_a_tie_below_the_prizes_shares_and_the_pool_is_kept() -> None:
    # Prizes 300 and 200; 1, 4, 2 tie for places 2-4: pool 200, 100 shared equally (33 1/3 each),
    # 1 adds 100: 133 1/3; 4 and 2: 33 1/3.  Nothing is lost: 300 + 200 paid out.
    two = PrizeList("general", None, (F(300), F(200)))
    awards = award_prizes(RANKING, POINTS, (two,), shared=True)
    paid = _paid(awards)
    assert paid[1][1] == F(400, 3) and paid[4][1] == F(100, 3) and paid[2][1] == F(100, 3)
    assert sum(a.amount for a in awards) == 500

"""C.04.6 (2026) article by article on hand-built rounds, and every reading the text leaves
open (docs/team.md, "Readings"), each pinned by name."""

from __future__ import annotations

import pytest

from pairing.engine.state import Colour, PairingError
from pairing.engine.team import ColourPreferences, PrimaryScore, Team, TeamRound, pair_round
from pairing.engine.team.colours import MILD, STRONG, Preference, allocate, preference
from pairing.engine.team.history import RoundKind, TeamResult, teams_before
from pairing.engine.team.procedure import _Field, _sets
from tests.engine.team.sieve import identifier, sieve_pair

W, B = Colour.WHITE, Colour.BLACK
A, TYPE_B, NONE = ColourPreferences.TYPE_A, ColourPreferences.TYPE_B, ColourPreferences.NONE


def colours(text: str) -> tuple[Colour, ...]:
    return tuple(W if c == "w" else B for c in text)


def round_of(*teams: Team, number=3, total=9, preferences=A, **options) -> TeamRound:
    return TeamRound(tuple(teams), number, total, preferences=preferences, **options)


def matches(pairing) -> list[tuple[int, int]]:
    return sorted((m.white, m.black) for m in pairing.matches)


# art. 1.7: (played colours, type A, type B) for a round that is not the last
PREFERENCES = [
    ("", None, None),
    ("w", None, (B, MILD)),
    ("b", None, (W, MILD)),
    ("wb", None, (W, MILD)),
    ("bw", None, (B, MILD)),
    ("ww", (B, STRONG), (B, STRONG)),
    ("bb", (W, STRONG), (W, STRONG)),
    ("bwww", (B, STRONG), (B, STRONG)),  # CD +1 and the last two White
    ("wbbb", (W, STRONG), (W, STRONG)),
    ("wbww", (B, STRONG), (B, STRONG)),  # CD 0 and the last two White
    ("wwwbb", None, (B, MILD)),  # CD +1 after two Blacks: no White wish at all
    ("bbbww", None, (W, MILD)),
    ("wwwbw", (B, STRONG), (B, STRONG)),  # CD > +1: the last two do not matter
]


@pytest.mark.parametrize("played,type_a,type_b", PREFERENCES)
def test_art_1_7_type_a_and_type_b_colour_preferences(played, type_a, type_b) -> None:
    team = Team(1, colours=colours(played))
    for preferences, expected in ((A, type_a), (TYPE_B, type_b)):
        wish = preference(team, round_of(team, preferences=preferences))
        assert (wish.colour, wish.strength) == (expected or (None, 0))
    assert preference(team, round_of(team, preferences=NONE)) == Preference()


def test_reading_type_b_strong_clause_before_no_preference_in_the_last_round() -> None:
    """Art. 1.7.2: CD 0 in the last round means no preference, unless a strong clause holds."""
    balanced, two_whites = Team(1, colours=colours("wbwb")), Team(2, colours=colours("bbww"))
    last = dict(number=9, total=9, preferences=TYPE_B)
    assert preference(balanced, round_of(balanced, **last)) == Preference()
    assert preference(balanced, round_of(balanced, preferences=TYPE_B)) == Preference(W, MILD)
    assert preference(two_whites, round_of(two_whites, **last)) == Preference(B, STRONG)


def test_preface_no_absolute_colour_two_teams_wanting_white_still_meet() -> None:
    a, b = Team(1, colours=colours("bb")), Team(2, colours=colours("bb"))
    pairing = pair_round(round_of(a, b))
    assert matches(pairing) in ([(1, 2)], [(2, 1)])


def test_art_3_4_bye_lowest_score_then_most_matches_then_largest_tpn() -> None:
    teams = [
        Team(1, match_points=4, colours=colours("wbw")),
        Team(2, match_points=2, colours=colours("wb")),
        Team(3, match_points=2, colours=colours("wbw")),
        Team(4, match_points=2, colours=colours("bwb")),
        Team(5, match_points=6, colours=colours("bwb")),
    ]
    assert pair_round(round_of(*teams)).bye == 4  # 2 points, three matches, the larger TPN


def test_art_2_1_2_c2_pab_forfeit_win_and_full_bye_bar_the_bye_half_bye_does_not() -> None:
    history = {
        1: [TeamResult(RoundKind.PAB, match_points=1)],
        2: [TeamResult(RoundKind.FORFEIT_WIN, 3, None, 2, 40)],
        3: [TeamResult(RoundKind.FORFEIT_LOSS, 2)],
        4: [TeamResult(RoundKind.FULL_BYE, match_points=2)],
        5: [TeamResult(RoundKind.HALF_BYE, match_points=1)],
    }
    teams = teams_before(history)
    assert [teams[t].pab_barred for t in range(1, 6)] == [True, True, False, True, False]


def test_reading_a_forfeited_match_is_no_meeting_and_no_colour() -> None:
    """C.04.2 2026 art. 3.5 and C.04.6 art. 1.6.1: the two teams may meet again."""
    history = {1: [TeamResult(RoundKind.FORFEIT_WIN, 2, W, 2, 40)], 2: [TeamResult(RoundKind.FORFEIT_LOSS, 1, B)]}
    teams = teams_before(history)
    assert teams[1].opponents == frozenset() and teams[1].colours == () and teams[1].played == 0
    assert matches(pair_round(round_of(teams[1], teams[2], number=2, total=3))) != []


def test_art_1_5_a_floater_played_an_opponent_of_another_score_a_bye_is_none() -> None:
    history = {
        1: [TeamResult(RoundKind.PLAYED, 2, W, 2, 30), TeamResult(RoundKind.PLAYED, 3, B, 2, 30)],
        2: [TeamResult(RoundKind.PLAYED, 1, B, 0, 10), TeamResult(RoundKind.PAB, match_points=1)],
        3: [TeamResult(RoundKind.PLAYED, 4, W, 2, 30), TeamResult(RoundKind.PLAYED, 1, W, 0, 10)],
        4: [TeamResult(RoundKind.PLAYED, 3, B, 0, 10), TeamResult(RoundKind.ZERO_BYE)],
    }
    teams = teams_before(history)
    assert [teams[t].floated for t in range(1, 5)] == [False, False, False, False]
    history[1][1] = TeamResult(RoundKind.PLAYED, 4, B, 2, 30)  # 2 points against 0 before the round
    history[4][1] = TeamResult(RoundKind.PLAYED, 1, W, 0, 10)
    history[3][1] = TeamResult(RoundKind.ZERO_BYE)
    teams = teams_before(history)
    assert [teams[t].floated for t in range(1, 5)] == [True, False, False, True]


def test_art_3_5_4_the_texts_example_of_upfloater_sets_in_order() -> None:
    """2, 6, 8 on 3 points and 1, 3, 5 on 2.5: two of 3 points and one of 2.5."""
    scores = {2: 30, 6: 30, 8: 30, 1: 25, 3: 25, 5: 25, 9: 40}
    field = _Field(round_of(*(Team(t, match_points=s) for t, s in scores.items())))
    lower = [field.index[t] for t in sorted(scores) if t != 9]
    order = [[field.teams[i].tpn for i in s] for s in _sets(field, lower, (30, 30, 25))]
    assert order == [
        [2, 6, 1], [2, 6, 3], [2, 6, 5], [2, 8, 1], [2, 8, 3], [2, 8, 5], [6, 8, 1], [6, 8, 3], [6, 8, 5],
    ]  # fmt: skip


def test_art_3_6_2_the_texts_example_identifier() -> None:
    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == [4, 6, 9, 11, 8, 16, 10, 24]


def test_art_3_6_first_pairing_top_half_against_bottom_half_by_tpn() -> None:
    teams = [Team(t, colours=colours("wb")) for t in range(1, 9)]
    pairs = {tuple(sorted(p)) for p in matches(pair_round(round_of(*teams)))}
    assert pairs == {(1, 5), (2, 6), (3, 7), (4, 8)}


def test_art_3_6_1_an_upfloater_with_a_smaller_tpn_is_a_top_member() -> None:
    """Residents 3, 4, 5 on 2 points, upfloater 1 on 0: by TPN the bracket is 1 3 4 5,
    so 1-4 and 3-5, not the residents first."""
    teams = [Team(1), Team(3, match_points=2), Team(4, match_points=2), Team(5, match_points=2)]
    pairs = {tuple(sorted(p)) for p in matches(pair_round(round_of(*teams, number=2)))}
    assert pairs == {(1, 4), (3, 5)}


def test_art_2_3_5_c8_prefers_a_later_pairing_that_fulfils_the_preferences() -> None:
    wants_white = colours("wbb")  # CD -1, last two Black: type A White
    teams = [Team(1, colours=wants_white), Team(2, colours=colours("bww")), Team(3, colours=wants_white), Team(4)]
    pairs = {tuple(sorted(p)) for p in matches(pair_round(round_of(*teams)))}
    assert pairs == {(1, 4), (2, 3)}  # 1-3 (the first) would leave a White wish unfulfilled


def test_art_4_3_1_no_matches_yet_odd_tpn_first_team_gets_the_initial_colour() -> None:
    r = round_of(Team(1), Team(2), Team(3), Team(4), number=1, initial_colour=B)
    assert matches(pair_round(r)) == [(2, 4), (3, 1)]


def test_art_4_2_first_team_higher_score_then_secondary_then_tpn() -> None:
    a, b = Team(1, match_points=2, game_points=20, colours=colours("w")), Team(2, 2, 30, colours("w"))
    r = round_of(a, b, preferences=NONE)
    assert allocate(a, b, r) == allocate(b, a, r)
    # same colours, same CD: 4.3.8 alternates the first-team, the one with more game points
    assert allocate(a, b, r).black == 2
    assert allocate(a, b, round_of(a, b, preferences=NONE, use_secondary=False)).black == 1


def test_art_4_3_5_white_to_the_lower_colour_difference() -> None:
    a, b = Team(1, colours=colours("wwb")), Team(2, colours=colours("bwb"))
    assert allocate(a, b, round_of(a, b, preferences=NONE)).white == 2


def test_reading_art_4_3_6_histories_compared_from_their_last_played_match() -> None:
    """The unplayed rounds are squeezed out (C.04.2 2026 art. 3.4), so 'bw' and 'wbw'
    are compared w/w then b/b then -, not round by round."""
    a, b = Team(1, colours=colours("bw")), Team(2, colours=colours("wbw"), match_points=0)
    m = allocate(a, b, round_of(a, b, preferences=NONE))
    assert (m.rule, m.white) == ("4.3.5", 1)  # CD 0 against +1
    c, d = Team(1, colours=colours("wbbw")), Team(2, colours=colours("bwbw"))
    m = allocate(c, d, round_of(c, d, preferences=NONE))
    assert (m.rule, m.white) == ("4.3.6", 1)  # b/w two back: team 1 had Black, gets White


def test_art_4_3_9_the_other_team_alternates_when_the_first_team_never_played() -> None:
    first, other = Team(1, match_points=2), Team(2, colours=colours("w"))
    m = allocate(first, other, round_of(first, other, preferences=NONE))
    assert (m.rule, m.white, m.black) == ("4.3.5", 1, 2)
    first = Team(1, match_points=2, colours=(), matches_played=0)
    other = Team(2, colours=colours("wb"))
    m = allocate(first, other, round_of(first, other, preferences=NONE))
    assert (m.rule, m.white) == ("4.3.9", 2)


def test_art_3_3_3_no_round_pairing_is_an_error() -> None:
    a, b = Team(1, opponents=frozenset({2})), Team(2, opponents=frozenset({1}))
    with pytest.raises(PairingError):
        pair_round(round_of(a, b))
    with pytest.raises(PairingError):
        sieve_pair(round_of(a, b))


def test_game_points_primary_build_the_scoregroups() -> None:
    teams = [Team(1, 2, 10), Team(2, 2, 30), Team(3, 0, 30), Team(4, 0, 10)]
    r = round_of(*teams, number=2, primary=PrimaryScore.GAME_POINTS)
    assert {tuple(sorted(p)) for p in matches(pair_round(r))} == {(2, 3), (1, 4)}

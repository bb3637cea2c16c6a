"""C.04.5 (2026) worked by hand: the text's own examples (3.5.4, 3.6.2, 3.6.3) and one case
per article of Articles 3 and 4 and of the Preface."""

from __future__ import annotations

import dataclasses

from pairing.engine import pair
from pairing.engine.double_swiss.colours import match_colours
from pairing.engine.double_swiss.matches import Contender, contenders
from pairing.engine.double_swiss.procedure import RoundField, choose_bye, pair_brackets, pairing_identifier
from pairing.engine.state import Board, Colour, Outcome, Player, RoundEntry, TournamentState


def player(tpn: int, points: float, *met: int, **extra) -> Contender:
    fields = dict(colours=(), matches_played=0, pab_barred=False, floated=False) | extra
    return Contender(id=tpn, number=tpn, score=round(points * 10), met=frozenset(met), **fields)


def field(*players: Contender, last: bool = False) -> RoundField:
    ordered = sorted(players, key=lambda c: (-c.score, c.number))
    return RoundField(ordered, frozenset(), last_round=last)


def brackets(f: RoundField) -> list[tuple[int, int]]:
    pairs = pair_brackets(f, (1 << len(f.players)) - 1)
    assert pairs is not None
    return sorted(tuple(sorted((f.players[a].id, f.players[b].id))) for a, b in pairs)


def test_3_6_2_identifier_of_the_text() -> None:
    # "If 11-24 16-6 10-9 8-4 is a pairing, its identifier is 4 6 9 11 8 16 10 24."
    assert pairing_identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def test_3_6_3_first_identifier_when_everything_is_legal() -> None:
    # 1 2 3 4 5 6 7 8 is the first identifier: 1-5, 2-6, 3-7, 4-8 (no S1/S2 split, yet the same).
    assert brackets(field(*(player(k, 0) for k in range(1, 9)))) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_3_6_a_rematch_moves_to_the_next_identifier() -> None:
    # 1 met 5: 1 2 3 4 | 6 5 7 8 is the first legal identifier.
    f = field(player(1, 0, 5), player(5, 0, 1), *(player(k, 0) for k in (2, 3, 4, 6, 7, 8)))
    assert brackets(f) == [(1, 6), (2, 5), (3, 7), (4, 8)]


def test_3_6_the_top_members_come_first_in_the_order() -> None:
    # 1 has met 4, 5 and 6: no pairing has the top members 1 2 3; the first is 1 2 4 | 3 5 6.
    f = field(player(1, 0, 4, 5, 6), player(2, 0), player(3, 0), *(player(k, 0, 1) for k in (4, 5, 6)))
    assert brackets(f) == [(1, 3), (2, 5), (4, 6)]


def test_3_5_4_the_set_of_upfloaters_of_the_text() -> None:
    # "2,6,8 have 3 points, and 1,3,5 have 2.5 points ... two upfloaters must have 3 points
    # and the other 2.5": {2,6,1} < {2,6,3} < ... Residents 4, 7, 9 have met each other; 10
    # has met 1, 3 and 5, so {2,6,8} would leave him without an opponent ([C3]).
    f = field(
        player(4, 4, 7, 9),
        player(7, 4, 4, 9),
        player(9, 4, 4, 7),
        player(2, 3),
        player(6, 3),
        player(8, 3),
        player(1, 2.5, 10),
        player(3, 2.5, 10),
        player(5, 2.5, 10),
        player(10, 0, 1, 3, 5),
    )
    pairs = brackets(f)
    top_bracket = {p for pair in pairs for p in pair if {4, 7, 9} & set(pair)}
    assert top_bracket == {4, 7, 9, 2, 6, 1}


def test_c4_one_upfloater_for_an_odd_top_group() -> None:
    f = field(player(1, 2), player(2, 2), player(3, 2), player(4, 1), player(5, 1), player(6, 0))
    assert brackets(f)[:2] == [(1, 3), (2, 4)]  # 4, the first of the next group, floats up


def test_c7_an_upfloater_who_floated_last_round_is_avoided_outside_the_last_round() -> None:
    players = [player(1, 2), player(2, 2), player(3, 2), player(4, 1, floated=True), player(5, 1), player(6, 1)]
    pairs = brackets(field(*players))
    assert (2, 5) in pairs or (1, 5) in pairs or (3, 5) in pairs  # 5 floats up, not 4
    last = brackets(field(*players, last=True))
    assert any(4 in pair and ({1, 2, 3} & set(pair)) for pair in last)  # the last round: 4 again


def test_c8_an_upfloater_avoids_a_resident_who_floated_last_round() -> None:
    # First identifier 1 2 | 3 4 gives the upfloater 4 to 2, who floated last round: 1 2 | 4 3 instead.
    players = [player(1, 2), player(2, 2, floated=True), player(3, 2), player(4, 1), player(5, 1), player(6, 1)]
    assert brackets(field(*players))[:2] == [(1, 4), (2, 3)]
    assert brackets(field(*players, last=True))[:2] == [(1, 3), (2, 4)]  # not in the last round


def test_3_4_the_pab_goes_to_the_lowest_score_most_matches_largest_tpn() -> None:
    f = field(player(1, 1), player(2, 0, matches_played=2), player(3, 0, matches_played=1), player(4, 1), player(5, 0))
    assert f.players[choose_bye(f)].id == 2
    barred = field(player(1, 1), player(2, 0, pab_barred=True), player(3, 0), player(4, 1), player(5, 0))
    assert barred.players[choose_bye(barred)].id == 5


def test_4_3_colours() -> None:
    w, b = Colour.WHITE, Colour.BLACK
    # 4.3.1: nobody has played: the higher-ranked player's TPN parity with the initial colour.
    assert match_colours(player(1, 0), player(5, 0), w) == Board(1, 5)
    assert match_colours(player(2, 0), player(6, 0), w) == Board(6, 2)
    # 4.3.2: White to the one with fewer Whites (matches with White in game 1, 1.6).
    assert match_colours(player(1, 2, colours=(w, w)), player(2, 2, colours=(b, w)), w) == Board(2, 1)
    # 4.3.3: alternate from the latest match in which their colours differed.
    assert match_colours(player(1, 2, colours=(w, b)), player(2, 2, colours=(b, w)), w) == Board(1, 2)
    # 4.3.4: same histories: the higher-ranked player alternates.
    assert match_colours(player(1, 2, colours=(b, w)), player(2, 2, colours=(b, w)), w) == Board(2, 1)
    # 4.3.5: only the opponent has a colour (0 Whites each): he alternates.
    assert match_colours(player(1, 2), player(2, 2, colours=(b,)), w) == Board(2, 1)


def _state(histories: dict[int, list[RoundEntry]], matches: int = 4) -> TournamentState:
    players = tuple(Player(id=k, rating=2000 - k, history=tuple(h)) for k, h in sorted(histories.items()))
    played = len(next(iter(histories.values())))
    return TournamentState(players, 2 * matches, played + 1)


def _match(a: int, b: int, first: tuple[Outcome, Outcome], second: tuple[Outcome, Outcome]) -> dict:
    return {
        a: [RoundEntry(b, Colour.WHITE, first[0]), RoundEntry(b, Colour.BLACK, second[0])],
        b: [RoundEntry(a, Colour.BLACK, first[1]), RoundEntry(a, Colour.WHITE, second[1])],
    }


def test_preface_a_single_forfeited_game_is_a_match_played() -> None:
    o = Outcome
    state = _state(
        _match(1, 2, (o.FORFEIT_WIN, o.FORFEIT_LOSS), (o.WIN, o.LOSS)) | _match(3, 4, (o.DRAW,) * 2, (o.DRAW,) * 2)
    )
    view = {c.id: c for c in contenders(state)}
    assert view[1].met == {2} and view[1].colours == (Colour.WHITE,) and not view[1].pab_barred


def test_preface_a_match_forfeited_in_both_games_may_be_repeated() -> None:
    o = Outcome
    lost = (o.FORFEIT_WIN, o.FORFEIT_LOSS)
    state = _state(_match(1, 2, lost, lost) | _match(3, 4, (o.WIN, o.LOSS), (o.WIN, o.LOSS)))
    view = {c.id: c for c in contenders(state)}
    assert view[1].met == frozenset() and view[1].colours == () and view[1].pab_barred  # [C2]: won by forfeit
    assert view[2].met == frozenset() and not view[2].pab_barred


def test_1_4_the_pab_is_worth_a_win_and_a_draw() -> None:
    state = TournamentState(tuple(Player(id=k) for k in (1, 2, 3)), 6, 1)
    first = pair(state, "double_swiss")
    assert first.bye == 3
    from pairing.engine.double_swiss.events import PAB_GAMES

    history = tuple(RoundEntry(None, None, o) for o in PAB_GAMES)
    scored = dataclasses.replace(state, players=(Player(id=1), Player(id=2), Player(id=3, history=history)))
    assert scored.score(3) == 15


def test_c6_the_upfloater_leaves_the_following_scoregroup_pairable() -> None:
    # Reading R3: 3 and 4 have met; floating 2 up would leave them alone in their bracket,
    # needing two upfloaters where none is the parity minimum: 3 floats up instead.
    f = field(player(1, 3), player(2, 2), player(3, 2, 4), player(4, 2, 3), player(5, 0), player(6, 0))
    assert brackets(f) == [(1, 3), (2, 4), (5, 6)]


def test_1_5_a_pab_is_no_float_a_match_between_scores_is() -> None:
    o = Outcome
    won = (o.WIN, o.LOSS)
    pab = [RoundEntry(None, None, o.PAIRING_BYE), RoundEntry(None, None, o.HALF_BYE)]
    absent = [RoundEntry(None, None, o.ZERO_BYE)] * 2
    one = _match(1, 2, won, won) | _match(3, 4, won, won) | {5: pab}
    two = _match(1, 3, won, won) | _match(5, 2, won, won) | {4: absent}
    state = _state({k: one[k] + two[k] for k in one}, matches=4)
    view = {c.id: c for c in contenders(state)}
    assert view[5].floated and view[2].floated and not view[1].floated and not view[4].floated
    after_one = _state(one, matches=4)
    assert not {c.id: c for c in contenders(after_one)}[5].floated  # the PAB of match 1


def test_the_checker_reports_a_rematch_and_a_second_pab() -> None:
    from pairing.engine.checker import check_round
    from pairing.engine.state import Pairing

    o = Outcome
    won = (o.WIN, o.LOSS)
    pab = [RoundEntry(None, None, o.PAIRING_BYE), RoundEntry(None, None, o.HALF_BYE)]
    state = _state(_match(1, 2, won, won) | _match(3, 4, won, won) | {5: pab})
    rules = {v.rule for v in check_round(state, Pairing((Board(1, 2), Board(3, 4)), bye=5), "double_swiss", "2026")}
    assert rules == {"C.04.5 [C1]", "C.04.5 [C2]"}
    assert check_round(state, pair(state, "double_swiss"), "double_swiss", "2026") == []

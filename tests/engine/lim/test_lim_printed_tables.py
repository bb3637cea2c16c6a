"""C.04.4.3 rules 4.2 and 4.3: the printed exchange tables, column by column."""

from __future__ import annotations

from pairing.engine.lim.exchange import Scrutinised, exchanges, own_order
from tests.engine.lim.printed import printed_columns

SIX = [1, 2, 3, 4, 5, 6]
POSITION = {p: p for p in SIX}

RULE_4_2 = [
    [(1, 4), (2, 5), (3, 6)],
    [(1, 5), (2, 4), (3, 6)],
    [(1, 6), (2, 4), (3, 5)],
    [(1, 3), (2, 5), (4, 6)],
    [(1, 2), (3, 5), (4, 6)],
]

RULE_4_3 = [
    [(1, 6), (2, 4), (3, 5)],
    [(1, 6), (2, 5), (3, 4)],
    [(1, 6), (2, 3), (4, 5)],
    [(1, 3), (2, 6), (4, 5)],
    [(1, 2), (3, 5), (4, 6)],
]


def test_rule_2_4_proposes_the_top_half_against_the_bottom_half() -> None:
    # The engine proposes each top player's first offer in turn (own_order).
    assert [own_order(free)[0] for free in (SIX, [2, 3, 5, 6], [3, 6])] == [4, 5, 6]
    assert printed_columns([], SIX, POSITION)[0] == [(1, 4), (2, 5), (3, 6)]


def test_rule_4_2_exchanges_for_player_1_as_printed() -> None:
    assert printed_columns([], SIX, POSITION) == RULE_4_2


def test_rule_4_3_exchanges_for_player_2_once_player_1_has_6_as_printed() -> None:
    settled = [Scrutinised(1, 6, tuple(own_order(SIX)))]
    assert printed_columns(settled, [2, 3, 4, 5], POSITION) == RULE_4_3


def test_rule_4_1b_pairing_upwards_is_the_mirror_image() -> None:
    # Upwards scrutiny starts with the lowest numbered player (#6), and his higher
    # numbered partner is exchanged: 6 v 3, then 2, then 1, then 4, then 5.
    reversed_six = SIX[::-1]
    firsts = [now[-1] for now, _, _ in exchanges([], reversed_six)]
    assert [(s.player, s.opponent) for s in firsts] == [(6, 3), (6, 2), (6, 1), (6, 4), (6, 5)]

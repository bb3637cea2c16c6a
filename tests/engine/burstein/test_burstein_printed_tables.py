"""C.04.4.2 rules 6.2, 6.4 and 6.5: the printed combination lists, as printed."""

from __future__ import annotations

from pairing.engine.burstein.combinations import GroupSearch, combinations, printed
from pairing.engine.state import Colour

RULE_6_2 = """\
(1) 1*6 2*5 3*4
(2) 1*6 2*4 3*5
(3) 1*6 2*3 4*5
(4) 1*5 2*6 3*4
(5) 1*5 2*4 3*6
(6) 1*5 2*3 4*6
(7) 1*4 2*6 3*5
(8) 1*4 2*5 3*6
(9) 1*4 2*3 5*6
(10) 1*3 2*6 4*5
(11) 1*3 2*5 4*6
(12) 1*3 2*4 5*6
(13) 1*2 3*6 4*5
(14) 1*2 3*5 4*6
(15) 1*2 3*4 5*6"""

RULE_6_4 = """\
(1) 1*5 2*4 3*F
(2) 1*5 2*3 4*F
(3) 1*5 3*4 2*F
(4) 1*4 2*5 3*F
(5) 1*4 2*3 5*F
(6) 1*4 3*5 2*F
(7) 1*3 2*5 4*F
(8) 1*3 2*4 5*F
(9) 1*3 4*5 2*F
(10) 1*2 3*5 4*F
(11) 1*2 3*4 5*F
(12) 1*2 4*5 3*F
(13) 2*5 3*4 1*F
(14) 2*4 3*5 1*F
(15) 2*3 4*5 1*F"""


def listing(n: int) -> str:
    return "\n".join(f"({k}) {printed(pairs, floater)}" for k, (pairs, floater) in enumerate(combinations(n), 1))


def test_six_players_give_the_fifteen_combinations_of_rule_6_2_in_order() -> None:
    assert listing(6) == RULE_6_2


def test_five_players_give_the_fifteen_combinations_of_rule_6_4_in_order() -> None:
    assert listing(5) == RULE_6_4


def test_a_floater_from_another_group_cannot_float_again_rule_6_4_note() -> None:
    # 6.4: "If, for example, No. 2 is a floater from another SG, combinations (3), (6)
    # & (9) are not valid" - they are exactly those in which No. 2 is F.
    invalid = [k for k, (_, floater) in enumerate(combinations(5), 1) if floater == 2]
    assert invalid == [3, 6, 9]


def _search(n: int, whites: set[int], may_float=lambda p: True) -> str:
    due = {p: Colour.WHITE if p in whites else Colour.BLACK for p in range(1, n + 1)}
    found = GroupSearch(list(range(1, n + 1)), lambda a, b: True, due, may_float).best()
    assert found is not None
    return printed(found.pairs, found.floater)


def test_rule_6_5_example_six_players_takes_combination_4() -> None:
    # 6.5: players 2, 4 and 5 are due White, the others Black: combination (4).
    assert _search(6, {2, 4, 5}) == "1*5 2*6 3*4"


def test_rule_6_5_example_five_players_takes_combination_2() -> None:
    # 6.5: the same colours among five players: combination (2) of rule 6.4.
    assert _search(5, {2, 4, 5}) == "1*5 2*3 4*F"


def test_the_search_agrees_with_the_literal_sieve_on_every_colour_pattern() -> None:
    # The sieve of the printed order: the first combination with the most due colours.
    for n in (4, 5, 6, 7):
        for mask in range(1 << n):
            whites = {p for p in range(1, n + 1) if mask >> (p - 1) & 1}

            def due_count(pairs, whites=whites) -> int:
                return sum(1 if (a in whites) == (b in whites) else 2 for a, b in pairs)

            options = list(combinations(n))
            best = max(due_count(p) for p, _ in options)
            first = next((p, f) for p, f in options if due_count(p) == best)
            assert _search(n, whites) == printed(*first), (n, whites)


def test_the_search_and_its_fallback_agree_with_the_sieve_under_rematches() -> None:
    # The seed's "sieve method": list every combination in the 6.2/6.4 order, drop those
    # breaking 3.1 or 6.3, keep the most due colours (6.5), take the first. The walk
    # and the pair-by-pair fallback (forced with a zero budget) must give the same.
    import random

    rng = random.Random(7)
    for _ in range(400):
        n = rng.randint(2, 9)
        players = list(range(1, n + 1))
        banned = {frozenset(p) for p in ((a, b) for a in players for b in players if a < b) if rng.random() < 0.3}
        due = {p: rng.choice([Colour.WHITE, Colour.BLACK, None]) for p in players}
        cannot_float = {p for p in players if rng.random() < 0.3}

        def compatible(a: int, b: int, banned=banned) -> bool:
            return frozenset((a, b)) not in banned

        def may_float(p: int, cannot_float=cannot_float) -> bool:
            return p not in cannot_float

        def value(pairs, due=due) -> int:
            return sum(1 if due[a] is not None and due[a] is due[b] else 2 for a, b in pairs)

        valid = [
            (pairs, f)
            for pairs, f in combinations(n)
            if all(compatible(a, b) for a, b in pairs) and (f is None or may_float(f))
        ]
        expected = None
        if valid:
            top = max(value(p) for p, _ in valid)
            expected = next(printed(p, f) for p, f in valid if value(p) == top)
        for budget in (20_000, 0):
            found = GroupSearch(players, compatible, due, may_float, budget=budget).best()
            got = printed(found.pairs, found.floater) if found else None
            assert got == expected, (n, banned, due, cannot_float, budget)

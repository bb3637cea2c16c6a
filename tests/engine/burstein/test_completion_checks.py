"""The Burstein 2017 completion checks that keep a pairing in hand answer as the full
checks do: the 6.5 walk, which mends one complete pairing of the players left as pairs
are fixed, and the 6.6 floater check against one largest pairing of the players below."""

from __future__ import annotations

import dataclasses
import random

import pytest

from pairing.engine.burstein.combinations import _FLOAT_VERTEX as FLOAT_VERTEX
from pairing.engine.burstein.combinations import GroupSearch, printed
from pairing.engine.burstein.players import BursteinRound
from pairing.engine.burstein.score_groups import ScoreGroupPairer
from pairing.engine.generator import greedy_history
from pairing.engine.state import Colour


@pytest.mark.parametrize("seed", range(6))
def test_the_walk_finds_what_fixing_pair_by_pair_by_exact_matching_finds(seed: int) -> None:
    # Colour blocs that may not meet among themselves (as 5.2/5.3 forced colours) and a
    # few rematches: many sets the walk asks about cannot be paired, and its mended
    # pairings must fail over to the exact check exactly where it matters.
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(10, 40)
        players = list(range(1, n + 1))
        forced = {p: rng.choice([Colour.WHITE, Colour.BLACK, None, None]) for p in players}
        met = {frozenset(rng.sample(players, 2)) for _ in range(n)}
        due = {p: forced[p] or rng.choice([Colour.WHITE, Colour.BLACK, None]) for p in players}
        cannot_float = {p for p in players if rng.random() < 0.5}

        def compatible(a: int, b: int, forced=forced, met=met) -> bool:
            if a == b or frozenset((a, b)) in met:
                return False
            return forced[a] is None or forced[a] is not forced[b]

        def may_float(p: int, cannot_float=cannot_float) -> bool:
            return p not in cannot_float

        walked = GroupSearch(players, compatible, due, may_float).best()
        exact = GroupSearch(players, compatible, due, may_float, budget=0).best()
        assert (walked and printed(walked.pairs, walked.floater)) == (exact and printed(exact.pairs, exact.floater))


@pytest.mark.parametrize("seed", range(6))
def test_the_walk_with_fixed_pairs_and_a_fixed_floater_finds_what_fixing_pair_by_pair_finds(seed: int) -> None:
    # As a "why not X?" re-pairing makes them: two players who may meet only each other
    # (their pair is in every complete combination), and sometimes one player alone who
    # may float; the walk's bound counts them as fixed and must cut nothing it needs.
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(8, 40)
        players = list(range(1, n + 1))
        forced = {p: rng.choice([Colour.WHITE, Colour.BLACK, None, None]) for p in players}
        due = {p: forced[p] or rng.choice([Colour.WHITE, Colour.BLACK, None]) for p in players}
        a, b = rng.sample(players, 2)
        forced[a] = forced[b] = None
        met = {frozenset(rng.sample(players, 2)) for _ in range(n)} - {frozenset((a, b))}
        if n % 2 and rng.random() < 0.5:
            only = rng.choice([p for p in players if p not in (a, b)])
            cannot_float = {p for p in players if p != only}
        else:
            cannot_float = {p for p in players if rng.random() < 0.5}

        def compatible(x: int, y: int, forced=forced, met=met, pair=frozenset((a, b))) -> bool:
            if x == y or frozenset((x, y)) in met:
                return False
            if (x in pair or y in pair) and frozenset((x, y)) != pair:
                return False
            return forced[x] is None or forced[x] is not forced[y]

        def may_float(p: int, cannot_float=cannot_float, pair=(a, b)) -> bool:
            return p not in cannot_float and p not in pair

        walked = GroupSearch(players, compatible, due, may_float).best()
        exact = GroupSearch(players, compatible, due, may_float, budget=0).best()
        assert (walked and printed(walked.pairs, walked.floater)) == (exact and printed(exact.pairs, exact.floater))
        if walked is not None:
            assert (min(a, b), max(a, b)) in walked.pairs


@pytest.mark.parametrize("by_sets", [False, True])  # opponents and forced colours as sets, or one by one
@pytest.mark.parametrize("seed", range(4))
def test_a_failed_mend_is_settled_as_a_fresh_exact_pairing_settles_it(seed: int, by_sets: bool) -> None:
    # Two players leave a complete pairing; the augmenting path between their two
    # partners must exist exactly when the players left can all be paired ("F" too).
    rng = random.Random(seed)
    for _ in range(60):
        n = rng.randint(6, 30)
        players = list(range(1, n + 1))
        forced = {p: rng.choice([Colour.WHITE, Colour.BLACK, None]) for p in players}
        met = {frozenset(rng.sample(players, 2)) for _ in range(2 * n)}
        cannot_float = {p for p in players if rng.random() < 0.6}

        def compatible(a: int, b: int, forced=forced, met=met) -> bool:
            if a == b or frozenset((a, b)) in met:
                return False
            return forced[a] is None or forced[a] is not forced[b]

        def opponents_within(a: int, inside: frozenset[int], compatible=compatible) -> frozenset[int]:
            return frozenset(p for p in inside if compatible(a, p))

        search = GroupSearch(
            players,
            compatible,
            dict.fromkeys(players),
            lambda p, cannot_float=cannot_float: p not in cannot_float,
            opponents_within=opponents_within if by_sets else None,
            forced=forced if by_sets else None,
        )
        mate = search._pairing_of(players)
        if mate is None:
            continue
        for _ in range(10):
            u = rng.choice(players)
            v = rng.choice([p for p in players if p != u] + ([FLOAT_VERTEX] if n % 2 else []))
            if mate[u] is v or mate[u] == v:
                continue
            left = [p for p in players if p not in (u, v)]
            mended = search._augmented(mate, u, v, left)
            assert (mended is None) == (search._pairing_of(left) is None)
            if mended is not None:
                assert set(mended) == set(left) | ({FLOAT_VERTEX} if len(left) % 2 else set())
                assert all(mended[y] is x and search._joined(x, y) for x, y in mended.items())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_floater_completes_the_players_below_as_the_full_check_says(seed: int) -> None:
    state = greedy_history(120, 6, seed)
    data = BursteinRound(state, burstein_acceleration=False, edition="2017")
    ordered = sorted(data.ids, key=data.rank_key)
    for cut in range(1, len(ordered), 7):
        above, below = ordered[:cut], ordered[cut:]
        quick = ScoreGroupPairer(data)
        for extra in above[-10:]:
            full = ScoreGroupPairer(data)  # its own caches: the full check alone
            assert quick.completable_with(below, extra) == full.completable([*below, extra]), (cut, extra)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_floater_check_with_a_player_below_whom_only_one_above_may_meet_answers_as_the_full_check(
    seed: int,
) -> None:
    # As a "why not X?" re-pairing makes it: two players forbidden everybody else, one
    # above each cut and one below; only the one above may complete the players below.
    state = greedy_history(120, 6, seed)
    ids = sorted(BursteinRound(state, burstein_acceleration=False, edition="2017").ids)
    rng = random.Random(seed)
    a, b = rng.sample(ids, 2)
    forbidden = tuple((x, y) for x in (a, b) for y in ids if y not in (a, b))
    data = BursteinRound(
        dataclasses.replace(state, forbidden=tuple(state.forbidden) + forbidden),
        burstein_acceleration=False,
        edition="2017",
    )
    ordered = sorted(data.ids, key=data.rank_key)
    for cut in range(1, len(ordered), 5):
        above, below = ordered[:cut], ordered[cut:]
        quick = ScoreGroupPairer(data)
        for extra in [*above[-8:], *(p for p in (a, b) if p in above)]:
            full = ScoreGroupPairer(data)  # its own caches: the full check alone
            assert quick.completable_with(below, extra) == full.completable([*below, extra]), (cut, extra)

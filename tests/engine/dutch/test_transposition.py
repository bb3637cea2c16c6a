"""The D.1 transposition walk (dutch/transposition.py) against the wide generation-order
weights it stands in for: every round of random tournaments is paired both ways and the
pairings must be the same, pairs, colours and bye."""

from __future__ import annotations

import os
import random

import pytest

import pairing.engine.dutch.round as dutch_round
import pairing.engine.dutch.transposition as transposition
from pairing.engine import pair
from pairing.engine.dutch.transposition import (
    InViewWalk,
    first_generated_in_view,
    first_transposition,
    first_transposition_beside_rest,
    first_transposition_in_view,
    first_transposition_on_face,
)
from pairing.engine.generator import generate, greedy_history
from pairing.engine.state import PairingError
from pairing.engine.trf.state import pairing_rows
from tests.engine.dutch.random_tournaments import random_config

TOURNAMENTS = int(os.environ.get("DUTCH_TRANSPOSITION_TOURNAMENTS", "30"))


def _declined(*args):
    """A walk that proves nothing: the wide weights decide."""
    return None


def _declined_in_view(*args):
    return InViewWalk(None)


WALKS = ("first_transposition", "first_transposition_beside_rest", "first_transposition_in_view")


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_the_walk_and_the_wide_weights_pair_alike(edition: str, monkeypatch) -> None:
    walks = []
    in_view_walks = []

    def counted(*args):
        mate = first_transposition(*args)
        walks.append(mate is not None)
        return mate

    def counted_in_view(*args):
        walk = first_generated_in_view(*args)
        in_view_walks.append(walk.mate is not None)
        return walk

    def both_ways(state):
        monkeypatch.setattr(dutch_round, "first_transposition", counted)
        monkeypatch.setattr(dutch_round, "first_transposition_beside_rest", first_transposition_beside_rest)
        monkeypatch.setattr(dutch_round, "first_transposition_in_view", first_transposition_in_view)
        monkeypatch.setattr(dutch_round, "first_generated_in_view", counted_in_view)
        fast = pair(state, "dutch", edition)
        for walk in WALKS:
            monkeypatch.setattr(dutch_round, walk, _declined)
        monkeypatch.setattr(dutch_round, "first_generated_in_view", _declined_in_view)
        wide = pair(state, "dutch", edition)
        assert pairing_rows(fast) == pairing_rows(wide), f"round {state.round_to_pair}"
        return fast

    rounds = 0
    for seed in range(TOURNAMENTS):
        rng = random.Random(seed)
        config = random_config(rng, [12, 20, 31, 48, 75, 120])
        try:
            generate(config, 7000 + seed, both_ways)
        except PairingError:
            continue
        rounds += config.rounds
    assert rounds > 5 * TOURNAMENTS
    # The walks must have settled most remainders, or this test compares nothing.
    assert sum(walks) > 0.5 * len(walks), f"{sum(walks)} of {len(walks)}"
    assert sum(in_view_walks) > 0.5 * len(in_view_walks), f"{sum(in_view_walks)} of {len(in_view_walks)}"
    # PPBs are rare here; test_the_ppb_walk_and_the_wide_weights_pair_alike makes them.


@pytest.mark.parametrize("edition", ["2017", "2026"])
@pytest.mark.parametrize("size", [60, 150])
def test_the_walk_in_view_and_the_wide_weights_pair_alike_on_greedy_histories(
    edition: str, size: int, monkeypatch
) -> None:
    """Greedy histories (random colours) make brackets whose lookahead, or every player
    left in view (2026 C4), the walk must see beside the remainder."""
    walks = []

    def counted(*args):
        walk = first_generated_in_view(*args)
        walks.append(walk.mate is not None)
        return walk

    for seed in range(1, 9):
        for played in (3, 6):
            state = greedy_history(size, played, seed)
            monkeypatch.setattr(dutch_round, "first_generated_in_view", counted)
            monkeypatch.setattr(dutch_round, "first_transposition_in_view", first_transposition_in_view)
            try:
                fast = pair(state, "dutch", edition)
            except PairingError:
                continue
            monkeypatch.setattr(dutch_round, "first_generated_in_view", _declined_in_view)
            monkeypatch.setattr(dutch_round, "first_transposition_in_view", lambda *args: None)
            wide = pair(state, "dutch", edition)
            assert pairing_rows(fast) == pairing_rows(wide), f"seed {seed}, round {played + 1}"
    assert sum(walks) > 0.5 * len(walks), f"{sum(walks)} of {len(walks)}"


@pytest.mark.parametrize("size", [30, 50, 80, 120, 200])
def test_the_ppb_walk_and_the_wide_weights_pair_alike(size: int, monkeypatch) -> None:
    """The walk beside the players below a PPB (A.9) against the wide weights, on
    greedy histories, whose low score groups often cannot pair among themselves."""
    walks = []

    def counted(*args):
        mate = first_transposition_beside_rest(*args)
        walks.append(mate is not None)
        return mate

    for seed in range(1, 25):
        for played in (4, 6, 8):
            state = greedy_history(size, played, seed)
            monkeypatch.setattr(dutch_round, "first_transposition_beside_rest", counted)
            monkeypatch.setattr(dutch_round, "first_transposition_in_view", first_transposition_in_view)
            monkeypatch.setattr(dutch_round, "first_generated_in_view", first_generated_in_view)
            before = len(walks)
            try:
                fast = pair(state, "dutch")
            except PairingError:
                continue
            if len(walks) == before:
                continue  # no PPB in this round
            monkeypatch.setattr(dutch_round, "first_transposition_beside_rest", lambda *args: None)
            monkeypatch.setattr(dutch_round, "first_transposition_in_view", lambda *args: None)
            monkeypatch.setattr(dutch_round, "first_generated_in_view", _declined_in_view)
            wide = pair(state, "dutch")
            assert pairing_rows(fast) == pairing_rows(wide), f"seed {seed}, round {played + 1}"
    assert sum(walks) >= 3, f"{sum(walks)} of {len(walks)}"


def _face_declined(vertex_count, edges, remainder, order):
    """The walk on the face above D.1's field proving nothing: the wide weights decide."""
    return None, dutch_round._optimal_face(vertex_count, edges, order.transposition_width)


@pytest.mark.parametrize("edition", ["2017", "2026"])
@pytest.mark.parametrize("size", [30, 60, 120])
def test_the_walk_on_the_face_and_the_wide_weights_pair_alike(edition: str, size: int, monkeypatch) -> None:
    """The walk of D.1's field on the face above it against the full-width solve: every
    wide solve goes by the faces (the threshold lowered) and the walks before it
    decline, so that every remainder, with an exchange or without, is walked there. In
    2026 the quick solve's pairs below the bracket are read too (``_completes_beside``):
    the walk may pair those otherwise, never the bracket."""
    walks = []
    exchanges = []

    def counted(vertex_count, edges, remainder, order):
        mate, face = first_transposition_on_face(vertex_count, edges, remainder, order)
        walks.append(mate is not None)
        if mate is not None:
            # a top from S2R: the pairing walked needed an exchange (D.2)
            exchanges.append(any(r < mate[r] and mate[r] in remainder for r in remainder[order.pairs :]))
        return mate, face

    monkeypatch.setattr(dutch_round, "DUTCH_SPARSE_FROM_EDGES", 1)
    for walk in WALKS:
        monkeypatch.setattr(dutch_round, walk, _declined)
    monkeypatch.setattr(dutch_round, "first_generated_in_view", _declined_in_view)
    for seed in range(1, 9):
        for played in (4, 6):
            state = greedy_history(size, played, seed)
            monkeypatch.setattr(dutch_round, "first_transposition_on_face", counted)
            try:
                walked = pair(state, "dutch", edition)
            except PairingError:
                continue
            monkeypatch.setattr(dutch_round, "first_transposition_on_face", _face_declined)
            wide = pair(state, "dutch", edition)
            assert pairing_rows(walked) == pairing_rows(wide), f"seed {seed}, round {played + 1}"
    assert sum(walks) > 0.5 * len(walks), f"{sum(walks)} of {len(walks)}"
    # 2026 pairs each bracket in view of the players below, where fewer remainders need an exchange.
    assert sum(exchanges) >= (10 if edition == "2017" else 5), f"{sum(exchanges)} exchanges walked"


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_the_moves_on_the_face_decided_by_a_weighted_solve_pair_as_the_wide_weights(edition: str, monkeypatch) -> None:
    """The walk on the face above D.1's field decides a move that R allows but whose
    matching falls short of the best quality by a weighted solve of the tight pairs
    (``_OptimalFace._best_with``). Here every move of that walk is decided so, and the
    pairings must be those of the full-width solve."""
    decided = []
    best_with = transposition._OptimalFace._best_with
    settle = transposition._OptimalFace._settle

    def unsure(self, mate, freed, blocked):
        if self.solves_left > 0:  # the walk on the face: no move proved by R
            raise transposition._Undecided
        return settle(self, mate, freed, blocked)

    def counted(self, settled, t, u):
        found = best_with(self, settled, t, u)
        decided.append(found is not None)
        return found

    monkeypatch.setattr(dutch_round, "DUTCH_SPARSE_FROM_EDGES", 1)
    monkeypatch.setattr(transposition, "FACE_WALK_SOLVES", 10**6)
    for walk in WALKS:
        monkeypatch.setattr(dutch_round, walk, _declined)
    monkeypatch.setattr(dutch_round, "first_generated_in_view", _declined_in_view)
    for seed in range(1, 13):
        for size, played in ((30, 4), (60, 6), (120, 6)):
            state = greedy_history(size, played, seed)
            monkeypatch.setattr(transposition._OptimalFace, "_settle", unsure)
            monkeypatch.setattr(transposition._OptimalFace, "_best_with", counted)
            monkeypatch.setattr(dutch_round, "first_transposition_on_face", first_transposition_on_face)
            try:
                walked = pair(state, "dutch", edition)
            except PairingError:
                continue
            monkeypatch.setattr(transposition._OptimalFace, "_settle", settle)
            monkeypatch.setattr(dutch_round, "first_transposition_on_face", _face_declined)
            wide = pair(state, "dutch", edition)
            assert pairing_rows(walked) == pairing_rows(wide), f"seed {seed}, round {played + 1}"
    assert sum(decided) >= 100 and decided.count(False) >= 100, f"{sum(decided)} kept of {len(decided)}"


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_the_remainders_pairs_read_from_the_quality_solve_change_no_pairing(edition: str, monkeypatch) -> None:
    """A PPB or last bracket without MDPs takes its remainder's pair count from the
    quality solve (C.5 is one field of the quality weights); guessing every resident
    paired, as before, needs a second solve where the guess is wrong, to the same pairing."""
    counts = []
    read = dutch_round._pairs_in_best

    def counted(graphs, residents, bracket_end):
        found = read(graphs, residents, bracket_end)
        counts.append(found != len(residents) // 2)
        return found

    for seed in range(1, 31):
        for size, played in ((30, 4), (60, 6), (120, 6), (200, 6)):
            state = greedy_history(size, played, seed)
            monkeypatch.setattr(dutch_round, "_pairs_in_best", counted)
            try:
                read_first = pair(state, "dutch", edition)
            except PairingError:
                continue
            monkeypatch.setattr(dutch_round, "_pairs_in_best", lambda graphs, residents, end: len(residents) // 2)
            guessed = pair(state, "dutch", edition)
            assert pairing_rows(read_first) == pairing_rows(guessed), f"seed {seed}, {size} players"
    # 2026 pairs most such brackets by the walk in view first: the count is read, and equals the guess.
    assert counts and sum(counts) >= (10 if edition == "2017" else 0), f"{sum(counts)} of {len(counts)} differ"


def test_an_exchange_leaves_the_decision_to_the_wide_weights() -> None:
    """Four players, S1R = {0, 1}: 0 and 1 may only meet each other, which is an S1R
    pair, so the best quality needs an exchange and the walk declines."""
    quality = {(0, 1): 5, (2, 3): 5}
    assert first_transposition(4, [0, 1, 2, 3], 2, quality) is None


def test_the_first_player_takes_the_lowest_opponent_of_any_best_pairing() -> None:
    """S1R = {0, 1, 2}, S2R = {3, 4, 5}, all pairs of equal quality except 1-3 (worse):
    the first transposition of S2R that avoids 1-3 is 3, 4, 5 for 0, 1, 2."""
    quality = {(i, j): 10 for i in range(3) for j in range(3, 6)}
    quality[1, 3] = 9
    mate = first_transposition(6, list(range(6)), 3, quality)
    assert mate is not None
    assert [mate[0], mate[1], mate[2]] == [3, 4, 5]


@pytest.mark.parametrize("seed", range(200))
def test_random_bipartite_brackets_against_brute_force(seed: int) -> None:
    """Small random remainders: the walk's answer is the lexicographically first S2R
    transposition among the best-quality ones, found by trying every pairing; and none
    when no pairing without an exchange reaches the best quality."""
    from itertools import permutations

    rng = random.Random(seed)
    size = rng.choice([4, 5, 6, 7, 8])
    pairs = size // 2
    quality = {}
    for i in range(size):
        for j in range(i + 1, size):
            if rng.random() < 0.8:
                quality[i, j] = 100 + rng.choice([1, 2, 2, 3, 3, 3])  # C.5 first: more pairs win
    mate = first_transposition(size, list(range(size)), pairs, quality)
    best_any = _best_matching_value(size, quality)
    candidates = []
    for order in permutations(range(pairs, size), pairs):
        chosen = list(zip(range(pairs), order, strict=True))
        if all((a, b) in quality for a, b in chosen):
            candidates.append((sum(quality[a, b] for a, b in chosen), order))
    reachable = [order for value, order in candidates if value == best_any]
    if not reachable:
        assert mate is None
        return
    assert mate is not None
    assert tuple(mate[t] for t in range(pairs)) == min(reachable)


def _best_matching_value(size: int, quality: dict[tuple[int, int], int]) -> int:
    best = 0

    def walk(free: list[int], value: int) -> None:
        nonlocal best
        best = max(best, value)
        if len(free) < 2:
            return
        first, rest = free[0], free[1:]
        walk(rest, value)  # first stays unpaired
        for k, other in enumerate(rest):
            if (first, other) in quality:
                walk(rest[:k] + rest[k + 1 :], value + quality[first, other])

    walk(list(range(size)), 0)
    return best


def test_random_remainders_in_view_against_brute_force() -> None:
    """Small random remainders beside players outside them (a lookahead group, or every
    player left): the walk's answer is the lexicographically first S1R-to-S2R assignment
    among the pairings of best quality without exchange, found by trying every matching;
    it answers nothing where an exchange is needed, and declines seldom otherwise (a
    blossom it cannot see through: the wide weights decide then)."""
    answered = declined = 0
    for seed in range(300):
        rng = random.Random(seed)
        size = rng.choice([4, 5, 6, 7])
        n = size + rng.choice([1, 2, 3, 4, 5])
        quality = {}
        for i in range(n):
            for j in range(i + 1, n):
                if rng.random() < 0.7:
                    # Pairs inside the remainder first (C.5, C6), then the pairs outside it
                    # (C.7, C8, completion), then criteria of the remainder's pairs.
                    inside = j < size
                    criteria = rng.choice([1, 2, 3]) if inside else 0
                    quality[i, j] = 1000 * inside + rng.choice([0, 10, 10, 20]) + criteria
        quality = {pair: w for pair, w in quality.items() if w > 0}
        matchings = list(_matchings(list(range(n)), quality))
        best = max(value for value, _ in matchings)
        pairs = max(sum(1 for _, b in chosen if b < size) for value, chosen in matchings if value == best)
        reachable = []
        for value, chosen in matchings:
            partner = dict(chosen) | {b: a for a, b in chosen}
            if value == best and all(pairs <= partner.get(t, -1) < size for t in range(pairs)):
                reachable.append(tuple(partner[t] for t in range(pairs)))
        mate = first_transposition_in_view(n, list(range(size)), pairs, quality)
        if mate is None:
            declined += bool(reachable)
            continue
        answered += 1
        assert reachable, f"seed {seed}: answered where an exchange is needed"
        assert tuple(mate[t] for t in range(pairs)) == min(reachable), f"seed {seed}"
        assert sum(quality[v, u] for v, u in enumerate(mate) if v < u) == best
    assert answered > 100
    assert declined < 0.05 * answered, f"{declined} declined, {answered} answered"


def test_random_brackets_with_mdps_in_view_against_brute_force() -> None:
    """Small random heterogeneous brackets beside players outside them: the walk's
    MDP-Pairing is the first D.3 generates among the pairings of best quality (the most
    MDPs paired, lowest BSN first, then each MDP's lowest opponent) and its remainder's
    pairs the first transposition without exchange, found by trying every matching."""
    answered = declined = 0
    for seed in range(300):
        rng = random.Random(seed)
        mdps = rng.choice([1, 2])
        bracket_end = mdps + rng.choice([3, 4, 5, 6])
        n = bracket_end + rng.choice([1, 2, 3, 4])
        quality = {}
        for i in range(n):
            for j in range(max(i + 1, mdps if i < mdps else 0), n):
                if rng.random() < 0.7:
                    inside = j < bracket_end
                    criteria = rng.choice([1, 2, 3]) if inside else 0
                    quality[i, j] = 1000 * inside + rng.choice([0, 10, 10, 20]) + criteria
        quality = {pair: w for pair, w in quality.items() if w > 0}
        matchings = list(_matchings(list(range(n)), quality))
        best = max(value for value, _ in matchings)
        ranked = []
        for value, chosen in matchings:
            if value != best:
                continue
            partner = dict(chosen) | {b: a for a, b in chosen}
            in_bracket = [mdps <= partner.get(m, -1) < bracket_end for m in range(mdps)]
            opponents = tuple(partner[m] if paired else -1 for m, paired in zip(range(mdps), in_bracket, strict=True))
            ranked.append(((tuple(not paired for paired in in_bracket), opponents), partner))
        first = min(key for key, _ in ranked)
        remainder = [r for r in range(mdps, bracket_end) if r not in first[1]]
        candidates = [partner for key, partner in ranked if key == first]
        pairs = sum(1 for r in remainder if r < candidates[0].get(r, -1) < bracket_end)
        reachable = [
            tuple(partner[t] for t in remainder[:pairs])
            for partner in candidates
            if all(t in partner and partner[t] in remainder[pairs:] for t in remainder[:pairs])
        ]
        mate = first_generated_in_view(n, quality, mdps, bracket_end).mate
        if mate is None:
            declined += bool(reachable)
            continue
        answered += 1
        assert reachable, f"seed {seed}: answered where an exchange is needed"
        assert tuple(mate[m] if mdps <= mate[m] < bracket_end else -1 for m in range(mdps)) == first[1]
        assert tuple(mate[t] for t in remainder[:pairs]) == min(reachable), f"seed {seed}"
        assert sum(quality[v, u] for v, u in enumerate(mate) if v < u) == best
    assert answered > 100
    assert declined < 0.1 * answered, f"{declined} declined, {answered} answered"


def _matchings(free: list[int], quality: dict[tuple[int, int], int]):
    """Every matching of the graph on *free*, with its value: (value, [(a, b), ...])."""
    if len(free) < 2:
        yield 0, []
        return
    first, rest = free[0], free[1:]
    yield from _matchings(rest, quality)
    for k, other in enumerate(rest):
        if (first, other) in quality:
            for value, chosen in _matchings(rest[:k] + rest[k + 1 :], quality):
                yield value + quality[first, other], [(first, other), *chosen]

"""The bitset form of 2.1 that the Lim lookaheads read: the same pairs as
LimRound.compatible, and the same answers as the general pairability tests."""

from __future__ import annotations

import dataclasses
import random

import pytest

from pairing.engine.common.pairability import can_all_pair
from pairing.engine.generator import greedy_history
from pairing.engine.lim.players import LimRound
from pairing.engine.matching import max_weight_matching


def most_pairs(players: list[int], compatible) -> int:
    """The exact matcher's answer: the most pairs *players* can make among themselves."""
    edges = [(i, j, 1) for i, a in enumerate(players) for j, b in enumerate(players) if i < j and compatible(a, b)]
    mate = max_weight_matching(len(players), edges, max_cardinality=True)
    return sum(1 for i, m in enumerate(mate) if m > i)


def rounds_to_check() -> list[LimRound]:
    out = []
    for seed, size, played in [(1, 40, 3), (2, 61, 5), (3, 30, 6), (4, 25, 0)]:
        state = greedy_history(size, played, seed)
        ids = [p.id for p in state.players]
        forbidden = tuple((ids[k], ids[k + 3]) for k in range(0, len(ids) - 3, 7))
        out.append(LimRound(dataclasses.replace(state, forbidden=forbidden), edition="2017"))
        # 6: the last round lifts the colour conditions.
        out.append(LimRound(dataclasses.replace(state, total_rounds=played + 1), edition="2017"))
    return out


@pytest.mark.parametrize("data", rounds_to_check())
def test_adjacency_is_compatibility_and_the_lookaheads_agree(data: LimRound) -> None:
    ids = data.ids
    for a in ids:
        row = data.adjacency[data.position[a]]
        for b in ids:
            assert bool(row >> data.position[b] & 1) == data.compatible(a, b), (a, b)
    rng = random.Random(len(ids))
    for _ in range(150):
        players = [p for p in ids if rng.random() < rng.choice([0.2, 0.5, 0.9])]
        assert data.can_all_pair(players) == can_all_pair(players, data.compatible)
        assert data.largest_pairing(players).size == most_pairs(players, data.compatible)


@pytest.mark.parametrize("data", rounds_to_check())
def test_sets_mostly_forced_to_one_colour_agree(data: LimRound) -> None:
    # 2.1: the players forced to one colour cannot meet each other; around half of a set
    # is where the lookahead answers without a search.
    ids = data.ids
    rng = random.Random(len(ids) + 1)
    for colour, forced in data.forced_colour.items():
        held = [pid for pid in ids if forced & data.bit[pid]]
        others = [pid for pid in ids if not forced & data.bit[pid]]
        for _ in range(40):
            chosen = rng.sample(held, min(len(held), rng.randint(1, 6)))
            rest = rng.sample(others, max(0, min(len(others), len(chosen) + rng.choice([-2, -1, 0, 1, 2]))))
            players = chosen + rest
            assert data.can_all_pair(players) == can_all_pair(players, data.compatible), colour


@pytest.mark.parametrize("data", rounds_to_check())
def test_a_player_leaves_a_largest_pairing_only_if_the_others_keep_its_size(data: LimRound) -> None:
    # 2.3 d, 4.4: who leaves a group is asked one player at a time, each answer exact.
    ids = data.ids
    rng = random.Random(len(ids) + 2)
    for _ in range(20):
        players = [p for p in ids if rng.random() < rng.choice([0.3, 0.6, 0.9])]
        best = most_pairs(players, data.compatible)
        pairing = data.largest_pairing(players)
        assert pairing.size == best
        left = list(players)
        for candidate in rng.sample(players, len(players)):
            rest = [p for p in left if p != candidate]
            keeps = most_pairs(rest, data.compatible) == best
            assert pairing.remove_keeping_size(data.position[candidate]) == keeps
            if keeps:
                left = rest
            assert pairing.size == best
            assert data.largest_pairing(left).size == best

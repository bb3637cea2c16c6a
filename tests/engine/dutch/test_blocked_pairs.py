"""Whom each player may not meet (``round._blocked_pairs``): C.1, C.3 and forbidden pairs,
the C.3 colour groups shared by their players. Held to the sets written out in full."""

from __future__ import annotations

import random

import pytest

from pairing.engine.dutch.criteria import restricted_by_c3
from pairing.engine.dutch.players import entrants
from pairing.engine.dutch.round import _blocked_pairs
from pairing.engine.generator import greedy_history


def _written_out(players, forbidden) -> dict[int, set[int]]:
    blocked = {p.id: set() for p in players}
    present = set(blocked)
    for p in players:
        blocked[p.id] |= p.opponents & present
    for pair in forbidden:
        a, b = tuple(pair)
        if a in present and b in present:
            blocked[a].add(b)
            blocked[b].add(a)
    for p in players:
        for q in players:
            restricted = restricted_by_c3(p) and restricted_by_c3(q)
            if p is not q and restricted and p.preference.colour == q.preference.colour:
                blocked[p.id].add(q.id)
    return blocked


@pytest.mark.parametrize("seed", range(1, 7))
def test_the_shared_colour_groups_block_as_the_sets_written_out(seed: int) -> None:
    rng = random.Random(seed)
    state = greedy_history(rng.choice([12, 40, 90]), rng.choice([3, 5, 8]), seed)
    players = entrants(state, edition="2017")
    ids = [p.id for p in players]
    forbidden = frozenset(frozenset(rng.sample(ids, 2)) for _ in range(5))
    blocked = _blocked_pairs(players, forbidden)
    expected = _written_out(players, forbidden)
    assert any(len(s) > len(p.opponents) for p, s in zip(players, expected.values(), strict=True)), "C.3 groups"
    for a in ids:
        assert len(blocked[a]) == len(expected[a])
        for b in ids:
            assert (b in blocked[a]) == (b in expected[a])

"""Burstein 2026, the face's lists built with less Python per pair (docs/burstein.md,
"Speed"): each bracket player's incident pairs, the face indices of the pairs solved
(found as bytes), the chain's pairs with a bonus of article 4 (the text's bonus read
inline) and the pairs below let in, as the plain loops and a dictionary give them."""

from __future__ import annotations

import random

import pytest

from pairing.engine import pair
from pairing.engine.burstein import brackets, certified_solves
from pairing.engine.generator import greedy_history


def _plain_incident(face: certified_solves.OptimalFace, n: int) -> list[list[int]]:
    incident: list[list[int]] = [[] for _ in range(n)]
    for k, (u, v) in enumerate(zip(face.us, face.vs, strict=True)):
        incident[u].append(k)
        incident[v].append(k)
    return incident


def _plain_bonus_pairs(bracket, face, chain, weight, classes, table):
    weighted, with_bonus = [], set()
    for p in chain:
        for k in face.incident[p]:
            if not face.alive[k] or k in with_bonus:
                continue
            u, v = face.us[k], face.vs[k]
            bonus = 0
            if u in weight:
                bonus += weight[u] * brackets.order_bonus(bracket.bsn[u], bracket.bsn.get(v, 0))
            if v in weight:
                bonus += weight[v] * brackets.order_bonus(bracket.bsn[v], bracket.bsn.get(u, 0))
            if bonus:
                with_bonus.add(k)
                weighted.append((u, v, table[classes[k]] + bonus))
    return weighted, with_bonus


@pytest.mark.parametrize("reading", ["text", "another"])
def test_the_face_lists_are_the_plain_loops(reading: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if reading == "another":  # strict as well, so that the face is used; not the text's function
        monkeypatch.setattr(brackets, "order_bonus", lambda own, partner: 2 * partner + 1)
    monkeypatch.setattr(brackets, "AHEAD", 4)  # many chains, some holding both ends of a pair
    checked = {"incident": 0, "bonus": 0, "indices": 0}
    original_face = brackets.Bracket._optimal_face
    original_bonus = brackets.Bracket._bonus_pairs

    def face_checked(self, gone, floats):
        fresh = self._face is None
        face = original_face(self, gone, floats)
        if fresh:
            plain = _plain_incident(face, self.n)
            for position in range(self.n):
                assert face.incident[position] == (plain[position] if self.in_bracket[position] else [])
            checked["incident"] += 1
        return face

    def bonus_checked(self, face, chain, weight, classes, table):
        found = original_bonus(self, face, chain, weight, classes, table)
        assert found == _plain_bonus_pairs(self, face, chain, weight, classes, table)
        checked["bonus"] += 1
        return found

    def indices_checked(vs, firsts, pairs):
        found = list(original_indices(vs, firsts, pairs))
        us = [u for u in range(len(firsts) - 1) for _ in range(firsts[u], firsts[u + 1])]
        index = {pair: k for k, pair in enumerate(zip(us, vs, strict=True))}
        assert sorted(found) == sorted(index[pair] for pair in pairs if pair in index)
        checked["indices"] += 1
        return iter(found)

    original_indices = brackets.Bracket._face_indices
    monkeypatch.setattr(brackets.Bracket, "_face_indices", staticmethod(indices_checked))
    monkeypatch.setattr(brackets.Bracket, "_optimal_face", face_checked)
    monkeypatch.setattr(brackets.Bracket, "_bonus_pairs", bonus_checked)
    rng = random.Random(7)
    for seed in range(1, 7):
        state = greedy_history(rng.randint(40, 160), rng.randint(2, 6), seed)
        pair(state, "burstein", "2026")
    assert checked["incident"] and checked["bonus"] and checked["indices"]


def test_the_pairs_below_let_in_are_those_the_face_admits(monkeypatch: pytest.MonkeyPatch) -> None:
    # TightUnder's test read inline: the same pairs, in the same order, as calling it.
    seen = []
    original = brackets.Bracket._certified

    def certified(self, weighted, gone, admits_below, *args, **kwargs):
        if isinstance(admits_below, certified_solves.TightUnder):
            expected = [(u, v) for u, v in self._sparse if u not in gone and v not in gone and admits_below(u, v)]
            inline = [
                (u, v)
                for u, v in self._sparse
                if u not in gone and v not in gone and admits_below.dual[u] + admits_below.dual[v] == admits_below.twice
            ]
            assert inline == expected
            seen.append(len(expected))
        return original(self, weighted, gone, admits_below, *args, **kwargs)

    monkeypatch.setattr(brackets.Bracket, "_certified", certified)
    for seed in range(1, 6):
        pair(greedy_history(120, 4, seed), "burstein", "2026")
    assert seen


def test_a_pair_is_found_at_a_whole_item_only() -> None:
    from array import array

    # 5 << 8 then 0 holds the bytes of 5 one byte in: not a pair (0, 5); the third item is.
    vs = array("i", [5 << 8, 0, 5, 7])
    firsts = [0, 3, 4, 4, 4, 4, 4, 4, 4]  # player 0's pairs: items 0-2; player 1's: item 3
    assert sorted(brackets.Bracket._face_indices(vs, firsts, {(0, 5), (1, 7), (0, 7), (1, 5)})) == [2, 3]

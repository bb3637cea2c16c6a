"""The fast engine against the literal sieve (B.6-B.8) on random small tournaments."""

from __future__ import annotations

import os
import random

import pytest

from pairing.engine import pair
from pairing.engine.dutch.editions import DUTCH_2017, DUTCH_2026
from pairing.engine.dutch.players import entrants
from pairing.engine.state import Colour, Outcome, Pairing, Player, RoundEntry, TournamentState
from tests.engine.oracles.dutch_reference import ReferencePairer

TOURNAMENTS = int(os.environ.get("DUTCH_REFERENCE_TOURNAMENTS", "80"))


def reference_pairs(state: TournamentState) -> set[frozenset[int]]:
    forbidden = frozenset(frozenset(p) for p in state.forbidden)
    pairs, bye = ReferencePairer(
        entrants(state, edition="2017"), forbidden, state.round_to_pair - 1, state.is_last_round, DUTCH_2017
    ).pair()
    result = {frozenset((a.id, b.id)) for a, b in pairs}
    if bye:
        result.add(frozenset((bye.id, 0)))
    return result


def fast_pairs(pairing: Pairing) -> set[frozenset[int]]:
    result = {frozenset((b.white, b.black)) for b in pairing.boards}
    if pairing.bye:
        result.add(frozenset((pairing.bye, 0)))
    return result


def play(state: TournamentState, pairing: Pairing, rng: random.Random) -> list[Player]:
    """Record one round: random results, the odd forfeit, absences as zero-point byes."""
    entries: dict[int, RoundEntry] = {}
    for board in pairing.boards:
        roll = rng.random()
        if roll < 0.05:
            w, b = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
        elif roll < 0.45:
            w, b = Outcome.WIN, Outcome.LOSS
        elif roll < 0.75:
            w, b = Outcome.DRAW, Outcome.DRAW
        else:
            w, b = Outcome.LOSS, Outcome.WIN
        entries[board.white] = RoundEntry(board.black, Colour.WHITE, w)
        entries[board.black] = RoundEntry(board.white, Colour.BLACK, b)
    if pairing.bye:
        entries[pairing.bye] = RoundEntry(None, None, Outcome.PAIRING_BYE)
    players = []
    for p in state.players:
        entry = entries.get(p.id)
        if entry is None:
            entry = RoundEntry(None, None, Outcome.HALF_BYE if rng.random() < 0.5 else Outcome.ZERO_BYE)
        players.append(Player(id=p.id, rating=p.rating, history=(*p.history, entry)))
    return players


def random_rounds(seed: int, edition: str = "2017", absence_rate: float = 0.08):
    """The rounds of a random small tournament, each paired by the fast engine of *edition*
    before the next; the 2026 test asks for more unplayed rounds (forfeits, byes,
    absences) so that C2, C5, C9 and the 2026 floats are exercised."""
    rng = random.Random(seed)
    size = rng.randint(5, 10)
    rounds = rng.randint(3, 7)
    players = [Player(id=k + 1, rating=2400 - 40 * k) for k in range(size)]
    colour = rng.choice([Colour.WHITE, Colour.BLACK])
    for rnd in range(1, rounds + 1):
        absent = frozenset(p.id for p in players if rng.random() < absence_rate)
        state = TournamentState(
            players=tuple(players), total_rounds=rounds, round_to_pair=rnd, initial_colour=colour, absent=absent
        )
        yield state
        try:
            pairing = pair(state, "dutch", edition)
        except Exception:
            return
        players = play(state, pairing, rng)


@pytest.mark.parametrize("chunk", range(4))
def test_fast_engine_equals_the_sieve(chunk: int) -> None:
    compared = 0
    for seed in range(chunk, TOURNAMENTS, 4):
        for state in random_rounds(seed):
            try:
                expected = reference_pairs(state)
            except Exception as error:  # both must refuse the same rounds
                with pytest.raises(type(error)):
                    pair(state, "dutch")
                continue
            assert fast_pairs(pair(state, "dutch")) == expected, (seed, state.round_to_pair)
            compared += 1
    assert compared > 0


TOURNAMENTS_2026 = int(os.environ.get("DUTCH_REFERENCE_TOURNAMENTS_2026", "80"))


def reference_pairs_2026(state: TournamentState) -> set[frozenset[int]]:
    forbidden = frozenset(frozenset(p) for p in state.forbidden)
    players = entrants(state, DUTCH_2026.name)
    pairs, bye = ReferencePairer(players, forbidden, state.round_to_pair - 1, state.is_last_round, DUTCH_2026).pair()
    result = {frozenset((a.id, b.id)) for a, b in pairs}
    if bye:
        result.add(frozenset((bye.id, 0)))
    return result


@pytest.mark.parametrize("chunk", range(4))
def test_fast_engine_equals_the_sieve_in_the_2026_edition(chunk: int) -> None:
    """The 2026 sieve (C4-C21 counted by brute force, no collapsed last bracket) and the
    fast 2026 engine pair every round of random small tournaments alike, or both refuse it."""
    compared = 0
    for seed in range(20_000 + chunk, 20_000 + TOURNAMENTS_2026, 4):
        for state in random_rounds(seed, "2026", absence_rate=0.12):
            try:
                expected = reference_pairs_2026(state)
            except Exception as error:  # both must refuse the same rounds
                with pytest.raises(type(error)):
                    pair(state, "dutch", "2026")
                continue
            assert fast_pairs(pair(state, "dutch", "2026")) == expected, (seed, state.round_to_pair)
            compared += 1
    assert compared > 0

"""The round explained per player (Dutch, both editions): every player once, the colour rule
gives the colour of his board, floats follow the scores, the PAB is named with its rule."""

from __future__ import annotations

import random

import pytest

from pairing.engine import pair
from pairing.engine.explain.dutch_round import LEFT_OVER, NO_OPPONENT, explain_round
from pairing.engine.explain.wording import describe_round
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import Colour, PairingError
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import state_for_round
from tests.engine.dutch.replay import FIXTURES

SEED = FIXTURES / "trf" / "dutch-seed-example.trf"


def check(state, edition: str) -> None:
    pairing = pair(state, "dutch", edition)
    explained = explain_round(state, pairing, edition)
    colour = {b.white: Colour.WHITE for b in pairing.boards} | {b.black: Colour.BLACK for b in pairing.boards}
    assert sorted(p.player for p in explained.players) == sorted(p.id for p in state.to_pair)
    for p in explained.players:
        if p.opponent is None:
            assert p.player == pairing.bye == explained.bye and explained.bye_rule
            continue
        assert p.colour is colour[p.player] and p.colour_rule in ("E.1", "E.2", "E.3", "E.4", "E.5")
        assert p.float == ("down" if p.score > p.opponent_score else "up" if p.score < p.opponent_score else "")
        assert p.bracket_score <= p.score
        assert [f.bracket for f in p.floats] == sorted({f.bracket for f in p.floats})
        assert all(f.bracket < p.bracket and f.bracket_score >= p.bracket_score for f in p.floats)
        if p.float == "down":  # a downfloater left his own bracket unpaired, and the record says why
            assert p.floats and p.floats[0].bracket_score == p.score
        for f in p.floats:
            assert f.reason in (NO_OPPONENT, LEFT_OVER) and f.rule
    assert len(describe_round(explained)) == len(explained.players)


@pytest.mark.parametrize("edition", ["2017", "2026"])
@pytest.mark.parametrize("rnd", range(1, 7))
def test_every_round_of_the_worked_example(edition: str, rnd: int) -> None:
    check(state_for_round(read_trf(SEED), rnd), edition)


def test_round_two_of_the_worked_example_in_words() -> None:
    state = state_for_round(read_trf(SEED), 2)
    lines = describe_round(explain_round(state, pair(state, "dutch", "2026"), "2026"))
    assert lines[0] == (
        "1 (1 point): paired in bracket 1 (1 point); meets 5 (1 point); "
        "Black: the preference of the higher-ranked player is granted (E.4)."
    )
    assert lines[-1].startswith("14 (0 points): paired in bracket 3 (0 points); receives the pairing-allocated bye")


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_generated_events(edition: str) -> None:
    for seed in range(25):
        rng = random.Random(seed)
        config = GeneratorConfig(players=rng.randint(5, 20), rounds=rng.randint(3, 7), bye_rate=0.04, late_rate=0.05)
        try:
            tournament = generate(config, seed, lambda state: pair(state, "dutch", edition))
        except PairingError:
            continue
        for rnd in range(1, config.rounds + 1):
            check(state_for_round(tournament, rnd), edition)


def test_why_a_player_floated_in_words() -> None:
    state = state_for_round(read_trf(SEED), 5)
    explained = explain_round(state, pair(state, "dutch", "2017"), "2017")
    lines = describe_round(explained)
    floated = [line for p, line in zip(explained.players, lines, strict=True) if p.floats]
    assert floated and all("he floats down from bracket" in line for line in floated)
    assert all("(C.1, C.3)" in line or "(C.5-C.19, B)" in line for line in floated)

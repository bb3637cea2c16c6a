"""The system-agnostic entry point (pairing.engine.explain): the registry dispatches to the
system's explainer, a system without one says so, and the answers given at once (no
pairing of the round) are the very answers of "why not"."""

from __future__ import annotations

import itertools

import pytest

from pairing.engine import explain, pair
from pairing.engine.explain import dutch_round, dutch_why_not
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.trf.state import state_for_round
from tests.engine.explain.test_why_not import seed_round


@pytest.mark.parametrize("edition", ["2017", "2026"])
def test_the_dispatch_gives_the_dutch_explainers_answers(edition: str) -> None:
    state = seed_round(5)
    pairing = pair(state, "dutch", edition)
    assert explain.explain_round(state, pairing, "dutch", edition) == dutch_round.explain_round(state, pairing, edition)
    assert explain.why_not(state, 1, 11, "dutch", edition, None, pairing) == dutch_why_not.why_not(
        state, 1, 11, edition, None, pairing
    )
    lines = explain.describe_round(explain.explain_round(state, pairing, "dutch", edition), "dutch")
    assert len(lines) == len(state.to_pair)


def test_a_system_without_an_explainer_is_refused_by_name() -> None:
    assert not explain.explains("no-such-system")
    with pytest.raises(explain.NoExplainer):
        explain.why_not(seed_round(5), 1, 2, "no-such-system", "2017")


@pytest.mark.parametrize("edition", ["2017", "2026"])
@pytest.mark.parametrize("seed", range(3))
def test_an_answer_given_at_once_is_the_answer_of_why_not(edition: str, seed: int) -> None:
    """Over every pair of each round of a generated event: an answer given at once is
    why_not's; none is given at once where why_not needed the forced round."""
    config = GeneratorConfig(players=9, rounds=4, bye_rate=0.04, forfeit_rate=0.03)
    tournament = generate(config, seed, lambda state: pair(state, "dutch", edition))
    for rnd in range(2, config.rounds + 1):
        state = state_for_round(tournament, rnd)
        pairing = pair(state, "dutch", edition)
        for a, b in itertools.combinations(sorted(p.id for p in state.players), 2):
            full = dutch_why_not.why_not(state, a, b, edition, None, pairing)
            at_once = explain.answer_at_once(state, a, b, "dutch", edition, None, pairing)
            assert at_once == (full if at_once is not None else None), (rnd, a, b)
            if at_once is None:
                assert full.forced is not None or full.reason == dutch_why_not.NO_COMPLETION, (rnd, a, b)

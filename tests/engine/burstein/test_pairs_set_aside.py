"""Burstein 2026, the pairs set aside from a chain solve (docs/burstein.md, "Speed"): where
the first certificate breaks, the second (``Bracket._aside_certified``) keeps them out of
the solve, and every round pairs as it does when they all rejoin."""

from __future__ import annotations

import pytest

from pairing.engine import pair
from pairing.engine.burstein import brackets
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.state import TournamentState


def _engine_history(players: int, rounds: int) -> list[TournamentState]:
    """The states of a tournament paired round by round by the engine itself, late entries
    and all (the history where the first certificate breaks)."""
    config = GeneratorConfig(
        players=players,
        rounds=rounds,
        draw_rate=0.3,
        forfeit_rate=0.01,
        bye_rate=0.01,
        withdraw_rate=0.005,
        late_rate=0.02,
    )
    states = []

    def paired(state: TournamentState):
        states.append(state)
        return pair(state, "burstein", "2026")

    generate(config, 1, paired)
    return states


def test_the_second_certificate_pairs_as_the_pairs_rejoining(monkeypatch: pytest.MonkeyPatch) -> None:
    states = _engine_history(300, 6)
    answers: list[bool] = []
    original = brackets.Bracket._aside_certified

    def recorded(self, *args):
        answer = original(self, *args)
        answers.append(answer)
        return answer

    monkeypatch.setattr(brackets.Bracket, "_aside_certified", recorded)
    with_it = [pair(state, "burstein", "2026") for state in states]
    assert True in answers  # the history reaches it

    monkeypatch.setattr(brackets.Bracket, "_aside_certified", lambda self, *args: False)
    without_it = [pair(state, "burstein", "2026") for state in states]
    assert with_it == without_it

"""The 2026 edition pairs each bracket with every player left in view (C4); the quick
answers (the bracket alone, or the bracket with its next scoregroup) are taken when the
round provably completes around them, and must give the very pairing the solve with
every player in view gives."""

from __future__ import annotations

from pairing.engine import pair
from pairing.engine.dutch.round import RoundPairer
from pairing.engine.generator import greedy_history


def _full_view_solves(monkeypatch) -> list[int]:
    solves: list[int] = []
    optimise = RoundPairer._optimise

    def counted(self, *args, **kwargs):
        if kwargs.get("next_end") is not None:
            solves.append(len(args[0]))
        return optimise(self, *args, **kwargs)

    monkeypatch.setattr(RoundPairer, "_optimise", counted)
    return solves


def test_a_quick_answer_whose_lookahead_is_not_perfect_is_taken_when_the_round_completes(monkeypatch) -> None:
    # Round 7 of 200 players: a top bracket's downfloaters cannot all pair in the next
    # scoregroup, yet the round completes around the quick answer (a full solve before).
    state = greedy_history(200, 6, 1)
    solves = _full_view_solves(monkeypatch)
    quick = pair(state, "dutch", "2026")
    assert solves == []
    monkeypatch.setattr(RoundPairer, "_completes_around", lambda self, *args: False)
    monkeypatch.setattr(RoundPairer, "_completes_beside", lambda self, *args: False)
    assert pair(state, "dutch", "2026") == quick
    assert solves  # the slow way did solve with every player in view

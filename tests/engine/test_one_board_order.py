"""Board order has one home, pairing.engine.boards.board_order: C.04.2.D.9 on the real
scores in the 2017 edition, C.04.7 (2026) 1.5 on the pairing scores; every caller (the
engine, the TRF reader, the web app's changes and imports) goes through it."""

from __future__ import annotations

import re
from pathlib import Path

from pairing.engine.boards import board_order
from pairing.engine.state import Board, Colour, Outcome, Player, RoundEntry, TournamentState

ROOT = Path(__file__).resolve().parents[2]


def test_2017_orders_by_real_scores_and_2026_by_pairing_scores() -> None:
    # Round 1: 2 beat 1, 6 beat 5, 3-4 drawn; 1 and 2 carry a virtual point in round 2.
    w, b = Colour.WHITE, Colour.BLACK
    history = {
        1: (RoundEntry(2, w, Outcome.LOSS),),
        2: (RoundEntry(1, b, Outcome.WIN),),
        3: (RoundEntry(4, w, Outcome.DRAW),),
        4: (RoundEntry(3, b, Outcome.DRAW),),
        5: (RoundEntry(6, w, Outcome.LOSS),),
        6: (RoundEntry(5, b, Outcome.WIN),),
    }
    state = TournamentState(
        players=tuple(Player(id=k, history=history[k]) for k in range(1, 7)),
        total_rounds=5,
        round_to_pair=2,
        virtual_points=((1, (10, 10, 0, 0, 0)), (2, (10, 10, 0, 0, 0))),
    )
    boards = (Board(5, 1), Board(3, 4), Board(6, 2))
    # Real scores: tops 1 (2), 0.5 (3), 0 (1). Pairing scores: 2 (2), 1 (1), 0.5 (3).
    assert board_order(state, boards, "2017") == (Board(6, 2), Board(3, 4), Board(5, 1))
    assert board_order(state, boards, "2026") == (Board(6, 2), Board(5, 1), Board(3, 4))


def test_no_other_module_sorts_boards_itself() -> None:
    sources = [*ROOT.joinpath("pairing").rglob("*.py"), *ROOT.joinpath("tourney").rglob("*.py")]
    offenders = [
        str(p.relative_to(ROOT))
        for p in sources
        if p.name != "boards.py" and re.search(r"\bsort_boards\b", p.read_text(encoding="utf-8"))
    ]
    assert offenders == []

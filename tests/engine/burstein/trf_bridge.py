"""Private stand-in for pairing.engine.trf_state until that module lands: a cut TRF file
(rounds 1..r-1 plus round r's announced absences) to the state for round r."""

from __future__ import annotations

from pairing.engine.state import Colour, Outcome, Player, RoundEntry, TournamentState
from pairing.engine.trf import read_trf

_ABSENT = {"H", "Z", "F"}


def state_from_file(path: str) -> TournamentState:
    t = read_trf(path)
    last = 0
    for p in t.players:
        for k, block in enumerate(p.rounds, 1):
            if block.opponent is not None or block.result in {"U", "+", "-"}:
                last = max(last, k)
    rnd = last + 1
    players, absent = [], set()
    for p in sorted(t.players, key=lambda q: q.start):
        history = []
        for k in range(1, rnd):
            block = p.rounds[k - 1] if k <= len(p.rounds) else None
            if block is None or block.is_blank:
                history.append(RoundEntry(None, None, Outcome.NOT_PAIRED))
                continue
            colour = {"w": Colour.WHITE, "b": Colour.BLACK}.get(block.colour)
            result = block.result or " "
            outcome = Outcome(result) if result in {o.value for o in Outcome} else Outcome.NOT_PAIRED
            history.append(RoundEntry(block.opponent, colour if block.opponent else None, outcome))
        if len(p.rounds) >= rnd and p.rounds[rnd - 1].result in _ABSENT:
            absent.add(p.start)
        players.append(Player(id=p.start, name=p.name, rating=p.rating or 0, history=tuple(history)))
    colour = Colour.BLACK if t.initial_colour == "b" else Colour.WHITE
    total = t.total_rounds or rnd
    return TournamentState(players=tuple(players), total_rounds=max(total, rnd), round_to_pair=rnd,
                           initial_colour=colour, absent=frozenset(absent),
                           virtual_points=t.xx_acceleration,
                           forbidden=tuple((a, b) for group in t.xx_forbidden
                                           for i, a in enumerate(group) for b in group[i + 1:]))

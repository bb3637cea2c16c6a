"""Replay a tournament file round by round against the Dutch engine."""

from __future__ import annotations

from pathlib import Path

from pairing.engine import pair
from pairing.engine.trf import read_trf
from pairing.engine.trf.state import recorded_pairing, state_for_round

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def pairing_as_set(p) -> set[tuple[int, int]]:
    rows = {(b.white, b.black) for b in p.boards}
    if p.bye is not None:
        rows.add((p.bye, 0))
    return rows


def disagreements(path: Path, system: str = "dutch", pairer=None, edition: str | None = None) -> list[str]:
    """Each round whose engine pairing (under *edition* of the rules) differs from the recorded one."""
    tournament = read_trf(path)
    notes = []
    for rnd in range(1, tournament.rounds_in_file + 1):
        want = pairing_as_set(recorded_pairing(tournament, rnd, edition or "2017"))
        if not want:
            continue
        state = state_for_round(tournament, rnd)
        got = pairing_as_set(pairer(state) if pairer else pair(state, system, edition))
        if got != want:
            notes.append(f"{path.name} round {rnd}: missing {sorted(want - got)}, extra {sorted(got - want)}")
    return notes

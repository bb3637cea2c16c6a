"""The absolute criteria of C.04.5 (2026) on a pairing, for the checker: every present
player paired once or given the PAB, [C1] no rematch of a match not forfeited, [C2] no
PAB to a player it bars, a PAB only when the number is odd. Colours are never a
criterion in this system (Article 4 allocates them after the pairing)."""

from __future__ import annotations

from collections import Counter

from pairing.engine.double_swiss.matches import contenders
from pairing.engine.state import Pairing, TournamentState


def match_violations(state: TournamentState, pairing: Pairing) -> list[tuple[str, str, tuple[int, ...]]]:
    """(rule, message, players) for each absolute criterion *pairing* breaks."""
    out: list[tuple[str, str, tuple[int, ...]]] = []
    present = {c.id: c for c in contenders(state)}
    seen: Counter[int] = Counter()
    for board in pairing.boards:
        seen.update((board.white, board.black))
    if pairing.bye is not None:
        seen[pairing.bye] += 1
    for pid in sorted(set(seen) | set(present)):
        if pid not in present:
            out.append(("player", f"player {pid} is paired but not among the players to pair", (pid,)))
        elif seen[pid] != 1:
            out.append(("player", f"player {pid} is paired {seen[pid]} times", (pid,)))
    for board in pairing.boards:
        w, b = board.white, board.black
        if w in present and b in present and (b in present[w].met or w in present[b].met):
            out.append(("C.04.5 [C1]", f"players {w} and {b} have already played a match", (w, b)))
    if pairing.bye is not None:
        if len(present) % 2 == 0:
            out.append(("C.04.5 3.3.1", f"player {pairing.bye} gets the PAB though the number is even", (pairing.bye,)))
        elif pairing.bye in present and present[pairing.bye].pab_barred:
            out.append(
                (
                    "C.04.5 [C2]",
                    f"player {pairing.bye} already had the PAB, a match won by forfeit or a full-point bye",
                    (pairing.bye,),
                )
            )
    elif len(present) % 2:
        out.append(("C.04.5 3.3.1", "an odd number of players to pair, but nobody gets the PAB", ()))
    return out

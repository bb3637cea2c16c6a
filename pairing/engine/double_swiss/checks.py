"""The absolute criteria of C.04.5 (2026) on a pairing, for the checker: every present
player paired once or given the PAB, [C1] no rematch of a match not forfeited, [C2] no
PAB to a player it bars, a PAB only when the number is odd. Colours are never a
criterion in this system (Article 4 allocates them after the pairing).

Recounted here from the game columns (match *k* = columns 2k-1 and 2k), sharing nothing
with the engine's match view, as the checker's other rules do.
"""

from __future__ import annotations

from collections import Counter

from pairing.engine.state import Outcome, Pairing, RoundEntry, TournamentState

_LOST = Outcome.FORFEIT_LOSS
_NONE = RoundEntry(None, None, Outcome.NOT_PAIRED)


def _columns(state: TournamentState, pid: int, first: int) -> tuple[RoundEntry, RoundEntry]:
    history = state.by_id[pid].history
    return (
        history[first] if first < len(history) else _NONE,
        history[first + 1] if first + 1 < len(history) else _NONE,
    )


def _met(state: TournamentState) -> set[frozenset[int]]:
    """Pairs that played a match in which neither forfeited both games (Preface)."""
    met = set()
    for p in state.players:
        for first in range(0, state.round_to_pair - 1, 2):
            one, two = _columns(state, p.id, first)
            opponent = one.opponent if one.opponent is not None else two.opponent
            if opponent is None or opponent not in state.by_id:
                continue
            theirs = _columns(state, opponent, first)
            if not (one.outcome is two.outcome is _LOST or theirs[0].outcome is theirs[1].outcome is _LOST):
                met.add(frozenset((p.id, opponent)))
    return met


def _pab_barred(state: TournamentState, pid: int) -> bool:
    """[C2]: a PAB, a match won by forfeit, or a full-point bye."""
    for first in range(0, state.round_to_pair - 1, 2):
        one, two = _columns(state, pid, first)
        outcomes = {one.outcome, two.outcome}
        if outcomes & {Outcome.PAIRING_BYE, Outcome.FULL_BYE} or outcomes == {Outcome.FORFEIT_WIN}:
            return True
    return False


def match_violations(state: TournamentState, pairing: Pairing) -> list[tuple[str, str, tuple[int, ...]]]:
    """(rule, message, players) for each absolute criterion *pairing* breaks."""
    out: list[tuple[str, str, tuple[int, ...]]] = []
    present = {p.id for p in state.to_pair}
    seen: Counter[int] = Counter()
    for board in pairing.boards:
        seen.update((board.white, board.black))
    if pairing.bye is not None:
        seen[pairing.bye] += 1
    for pid in sorted(set(seen) | present):
        if pid not in present:
            out.append(("player", f"player {pid} is paired but not among the players to pair", (pid,)))
        elif seen[pid] != 1:
            out.append(("player", f"player {pid} is paired {seen[pid]} times", (pid,)))
    met = _met(state)
    for board in pairing.boards:
        if frozenset((board.white, board.black)) in met:
            out.append(
                (
                    "C.04.5 [C1]",
                    f"players {board.white} and {board.black} have already played a match",
                    (board.white, board.black),
                )
            )
    bye = pairing.bye
    if bye is not None:
        if len(present) % 2 == 0:
            out.append(("C.04.5 3.3.1", f"player {bye} gets the PAB though the number is even", (bye,)))
        elif bye in state.by_id and _pab_barred(state, bye):
            out.append(
                ("C.04.5 [C2]", f"player {bye} already had the PAB, a match won by forfeit or a full-point bye", (bye,))
            )
    elif len(present) % 2:
        out.append(("C.04.5 3.3.1", "an odd number of players to pair, but nobody gets the PAB", ()))
    return out

"""Lim 1.1 and 7.1: the pairing-allocated bye."""

from __future__ import annotations

from collections.abc import Callable

from pairing.engine.lim.players import LimRound


def choose_bye(data: LimRound, completable: Callable[[list[int]], bool]) -> int | None:
    """1.1: the lowest ranked player of the lowest score group (7.1: in round one, the
    lowest rated, i.e. the last of the list). Never one the edition's basic rules bar:
    C.04.1.d (2017) a PAB or a forfeit win; C.04.1 art. 4 (2026) a PAB or any round
    scored at a win's points without playing (a full-point bye too).
    Decision: if the others could then not all be paired, the next player up in that
    order takes it."""
    candidates = sorted((p for p in data.ids if data.entrant[p].bye_eligible), key=data.rank, reverse=True)
    for candidate in candidates:
        if completable([p for p in data.ids if p != candidate]):
            return candidate
    return None

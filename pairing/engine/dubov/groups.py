"""Subgroups of a bracket and the orders the Dubov rules sort them in (B.3, B.5, D.0, D.2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pairing.engine.dubov.players import DubovEntrant
from pairing.engine.state import Colour

T = TypeVar("T")


def all_yet_to_play(bracket: Sequence[DubovEntrant]) -> bool:
    return not any(p.has_played for p in bracket)


def initial_g1(bracket: Sequence[DubovEntrant]) -> list[bool]:
    """B.3: who starts in G1 (True) and who in G2.

    When nobody in the bracket has played yet, G1 is the first half by initial ranking;
    otherwise G1 holds the players with a colour preference for White (A.5; a player
    who has yet to play seeks Black, A.5.d).
    """
    if all_yet_to_play(bracket):
        top = sorted(bracket, key=lambda p: p.number)[: len(bracket) // 2]
        chosen = {p.id for p in top}
        return [p.id in chosen for p in bracket]
    return [p.colour is Colour.WHITE for p in bracket]


def s1_order(players: Sequence[DubovEntrant]) -> list[DubovEntrant]:
    """B.5: ascending ARO, equal AROs by initial ranking (also D.2.a for White seekers)."""
    return sorted(players, key=lambda p: (p.aro, p.number))


def g2_order(players: Sequence[DubovEntrant]) -> list[DubovEntrant]:
    """D.3.a (and D.2.a for Black seekers): the initial ranking."""
    return sorted(players, key=lambda p: p.number)


def middle_out(items: Sequence[T]) -> list[T]:
    """D.2.b: sequence numbers from the (remaining) middle of the list; of two middle
    players, the one higher in the list first. A..G gives D, C, E, B, F, A, G."""
    rest = list(items)
    out = []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


def shifter_sequence(players: Sequence[DubovEntrant], from_g1: bool) -> list[DubovEntrant]:
    """D.2: possible shifters out of G1 (White seekers: ascending ARO) or out of G2
    (Black seekers: initial ranking), numbered middle-out."""
    ordered = s1_order(players) if from_g1 else g2_order(players)
    return middle_out(ordered)

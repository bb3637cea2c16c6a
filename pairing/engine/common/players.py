"""The per-round view of a player that every pairing system reads.

An :class:`Entrant` is a player to be paired this round with the facts every Swiss
system uses; a system that needs more (Dutch floats, Dubov AROs...) extends it in its
own ``players`` module. :class:`RoundEntrants` holds the round's entrants by id, for
the systems that work on player ids (Burstein, Lim).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Self

from pairing.engine.common.colours import ColourState, colour_state
from pairing.engine.common.general_rules import pab_eligible
from pairing.engine.state import Player, TournamentState


@dataclass(frozen=True)
class Entrant:
    """A player taking part in this round's pairing."""

    id: int
    number: int  # effective pairing number (C.04.2.C.3)
    score: int  # pairing score in tenths: real points plus acceleration (C.04.5)
    rating: int
    opponents: frozenset[int]  # met over the board (C.04.1.b; an unplayed game is no rematch, C.04.2.D.6)
    bye_eligible: bool  # C.04.1.d (2026: art. 4), see pairing.engine.common.general_rules

    @classmethod
    def of(cls, state: TournamentState, player: Player, edition: str, **extras: Any) -> Self:
        """The entrant *player* is in *state*'s round under the *edition* of the general
        rules, with a system's *extras*."""
        return cls(
            id=player.id,
            number=state.pairing_numbers[player.id],
            score=state.pairing_score(player.id),
            rating=player.rating,
            opponents=player.played_opponents(),
            bye_eligible=pab_eligible(player, state.scoring, edition),
            **extras,
        )


def higher_first(entrant: Entrant) -> tuple[int, int]:
    """The order of the players to pair: pairing score, then pairing number (C.04.3 A.2)."""
    return (-entrant.score, entrant.number)


def forbidden_pairs(state: TournamentState) -> frozenset[frozenset[int]]:
    """The pairs the arbiter forbade (TRF ``XXP``, TRF-2026 ``260``)."""
    return frozenset(frozenset(pair) for pair in state.forbidden)


@dataclass
class RoundEntrants:
    """This round's entrants by id, in initial order, with their colour states."""

    state: TournamentState
    edition: str  # whose general rules decide who may receive the PAB (C.04.1.d; 2026: art. 4)

    @cached_property
    def entrant(self) -> dict[int, Entrant]:
        """The entrants under the *edition*'s general rules (see common.general_rules)."""
        return {p.id: Entrant.of(self.state, p, self.edition) for p in self.state.to_pair}

    @cached_property
    def ids(self) -> list[int]:
        return list(self.entrant)

    @cached_property
    def number(self) -> dict[int, int]:
        return self.state.pairing_numbers

    @cached_property
    def score(self) -> dict[int, int]:
        """Pairing score in tenths."""
        return {pid: e.score for pid, e in self.entrant.items()}

    @cached_property
    def rating(self) -> dict[int, int]:
        return {pid: e.rating for pid, e in self.entrant.items()}

    @cached_property
    def played(self) -> dict[int, frozenset[int]]:
        return {pid: e.opponents for pid, e in self.entrant.items()}

    @cached_property
    def colour(self) -> dict[int, ColourState]:
        return {pid: colour_state(self.state.by_id[pid]) for pid in self.ids}

    @cached_property
    def forbidden(self) -> frozenset[frozenset[int]]:
        return forbidden_pairs(self.state)

    def may_meet(self, a: int, b: int) -> bool:
        """C.04.1.b: not met before; and not a pair the arbiter forbade."""
        if a == b or b in self.played[a]:
            return False
        return not (self.forbidden and frozenset((a, b)) in self.forbidden)

"""The round explained player by player (Dutch system, both editions): the bracket each
player was paired in, whether he floated and why (nobody in the bracket he may meet under the
absolute criteria, or the bracket's best pairing left him over), the colour rule that gave
him his colour (E.1-E.5) and why the PAB went where it went.

The facts are read from the engine's pairing with the engine's own functions: the brackets
as :mod:`.dutch_quality` walks them, the colour by
:func:`pairing.engine.dutch.allocation.colour_rule`.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine.common.editions import EDITION_2017, edition_of
from pairing.engine.common.players import higher_first
from pairing.engine.dutch import EDITIONS
from pairing.engine.dutch.allocation import colour_rule
from pairing.engine.explain.dutch_quality import brackets, partners_of
from pairing.engine.explain.dutch_why_not import accelerated, pairer_for
from pairing.engine.options import PairingOptions
from pairing.engine.state import Colour, Pairing, TournamentState

# Why a player left a bracket unpaired (DownFloat.reason).
NO_OPPONENT = "no_opponent"  # the absolute criteria let him meet nobody in the bracket (C.1, C.3 / C1, C3)
LEFT_OVER = "left_over"  # the bracket's best pairing by the quality criteria leaves him over

FLOAT_RULES = {
    EDITION_2017: {NO_OPPONENT: "C.1, C.3", LEFT_OVER: "C.5-C.19, B"},
    "2026": {NO_OPPONENT: "C1, C3", LEFT_OVER: "C6-C21, D"},
}


@dataclass(frozen=True)
class DownFloat:
    """He left bracket *bracket* (residents' score *bracket_score*) unpaired, for *reason*."""

    bracket: int
    bracket_score: int
    reason: str
    rule: str


@dataclass(frozen=True)
class PlayerExplanation:
    player: int
    score: int  # pairing score (tenths)
    bracket: int  # the bracket he was paired in (or left over for the PAB), 1 the top one
    bracket_score: int  # its residents' score
    opponent: int | None  # None: the PAB
    opponent_score: int
    float: str  # "down": paired with a lower score; "up": with a higher one; "": none
    colour: Colour | None
    colour_rule: str  # E.1-E.5, "" for the PAB
    colour_for_opponent: bool  # the rule was applied for the opponent, the higher-ranked (A.2)
    floats: tuple[DownFloat, ...] = ()  # each bracket he left unpaired, from the top


@dataclass(frozen=True)
class RoundExplanation:
    players: tuple[PlayerExplanation, ...]  # in pairing order (A.2)
    bye: int | None
    bye_rule: str  # 2017: A.9 with C.2; 2026: C2, C5 and C9


def explain_round(
    state: TournamentState, pairing: Pairing, edition: str, options: PairingOptions | None = None
) -> RoundExplanation:
    """The engine's *pairing* of ``state.round_to_pair`` explained per player."""
    edition = edition_of("dutch", edition, EDITIONS)
    state, _ = accelerated(state, options or PairingOptions(), edition)
    forbidden = frozenset(frozenset(p) for p in state.forbidden)
    pairer = pairer_for(state, edition, forbidden)
    by_id = {p.id: p for p in pairer.players}
    partners = partners_of(pairing)
    paired_in: dict[int, tuple[int, int]] = {}
    floats: dict[int, list[DownFloat]] = {}
    rules = FLOAT_RULES[EDITION_2017 if edition == EDITION_2017 else "2026"]
    for bracket in brackets(pairer, partners):
        floaters = set(bracket.floaters(partners))
        for pid in bracket.ids:
            if pid not in floaters:
                paired_in.setdefault(pid, (bracket.number, bracket.score))
            elif partners.get(pid) is None:  # the PAB: left over down to the last bracket
                paired_in[pid] = (bracket.number, bracket.score)
            else:
                me = by_id[pid]
                alone = not any(q.id != pid and pairer.can_meet(me, q) for q in bracket.players)
                reason = NO_OPPONENT if alone else LEFT_OVER
                floats.setdefault(pid, []).append(DownFloat(bracket.number, bracket.score, reason, rules[reason]))
    out = []
    for entrant in pairer.players:
        pid = entrant.id
        mate = partners.get(pid)
        number, bracket_score = paired_in[pid]
        if mate is None:
            out.append(PlayerExplanation(pid, entrant.score, number, bracket_score, None, 0, "", None, "", False))
            continue
        other = by_id[mate]
        high, low = sorted((entrant, other), key=higher_first)
        colour, rule = colour_rule(high, low, state.by_id[high.id], state.by_id[low.id], state.initial_colour)
        mine = colour if high.id == pid else colour.opposite
        drift = "down" if entrant.score > other.score else "up" if entrant.score < other.score else ""
        out.append(
            PlayerExplanation(
                pid,
                entrant.score,
                number,
                bracket_score,
                mate,
                other.score,
                drift,
                mine,
                rule,
                high.id != pid,
                tuple(floats.get(pid, ())),
            )
        )
    rule = "A.9, C.2" if edition == EDITION_2017 else "C2, C5, C9"
    return RoundExplanation(tuple(out), pairing.bye, rule if pairing.bye is not None else "")

"""The Dubov round explained player by player (C.04.4.1, both editions): the group he was
paired in (his score group, with the upfloaters it took), whether he upfloated and why
(B.1: how many of his score group's players could not be paired among themselves; the
set chosen by C.6-C.10 and D.1), the colour rule of E.0-E.4 (5.2.1-5.2.5) that gave his
colour, and why the PAB went where it went (B.0 / 3.1).

The facts are read from the engine's pairing with the engine's own functions
(:mod:`.dubov_quality`)."""

from __future__ import annotations

from pairing.engine.common.editions import edition_of
from pairing.engine.dubov import EDITIONS
from pairing.engine.explain.common import PlayerExplanation, RoundExplanation
from pairing.engine.explain.dubov_quality import DubovRules
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.dutch_why_not import accelerated
from pairing.engine.options import PairingOptions
from pairing.engine.state import Pairing, TournamentState


def explain_round(
    state: TournamentState, pairing: Pairing, edition: str, options: PairingOptions | None = None
) -> RoundExplanation:
    """The engine's *pairing* of ``state.round_to_pair`` explained per player."""
    edition = edition_of("dubov", edition, EDITIONS)
    state, _ = accelerated(state, options or PairingOptions(), edition)
    rules = DubovRules(state, edition)
    partners = partners_of(pairing)
    out: dict[int, PlayerExplanation] = {}
    for group in rules.groups(partners):
        residents = [p for p in group.players if p not in group.incoming]
        unpaired = rules.left_unpaired(residents) if group.incoming else 0
        for pid in group.players:
            mate = partners[pid]
            assert mate is not None
            me, other = rules.by_id[pid], rules.by_id[mate]
            high, colour, article = rules.colour_of(pid, mate)
            mine = colour if high == pid else colour.opposite
            upfloater = pid in group.incoming
            reason = ""
            if upfloater:
                reason = "odd" if unpaired == 1 and len(group.incoming) == 1 else "unpaired"
                if len(group.incoming) > unpaired:
                    reason = "completion"
            out[pid] = PlayerExplanation(
                pid,
                me.score,
                group.number,
                group.score,
                mate,
                other.score,
                "up" if upfloater else "",
                mine,
                article,
                high != pid,
                float_reason=reason,
                float_rule=rules.articles["upfloat"] if upfloater else "",
                float_choice_rule=rules.articles["upfloat_choice"] if upfloater else "",
                group_size=len(residents),
                left_unpaired=unpaired,
                floaters=group.incoming if upfloater else (),
            )
    explained = []
    for p in rules.players:
        if p.id in out:
            explained.append(out[p.id])
        elif p.id == pairing.bye:
            explained.append(PlayerExplanation(p.id, p.score, 0, p.score, None, 0, "", None, "", False))
    bye_rule = rules.articles["bye"] if pairing.bye is not None else ""
    return RoundExplanation("dubov", edition, tuple(explained), pairing.bye, bye_rule, round=state.round_to_pair)

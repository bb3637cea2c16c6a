"""The Burstein round explained player by player (C.04.4.2, both editions): the group he
was paired in (his score group with the players the one above let go down), whether he
floated and why (seed edition: 6.3, 6.4, 6.6; 2026: 3.2 and [C5]-[C8]), the colour rule
that gave his colour (5.1-5.4; 2026: 5.2.1-5.2.5) and why the PAB went where it went
(4.1-4.3; 2026: 3.1). A 2026 seeding round (1.6.1) is the Dutch system's, explained by
:func:`.dutch_round.explain_round`."""

from __future__ import annotations

from pairing.engine.burstein import EDITIONS
from pairing.engine.common.editions import EDITION_2017, edition_of
from pairing.engine.explain import dutch_round
from pairing.engine.explain.burstein_quality import Burstein2017Rules, Burstein2026Rules, is_seeding_round
from pairing.engine.explain.common import PlayerExplanation, RoundExplanation
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.dutch_why_not import accelerated
from pairing.engine.options import PairingOptions
from pairing.engine.state import Pairing, TournamentState


def explain_round(
    state: TournamentState, pairing: Pairing, edition: str, options: PairingOptions | None = None
) -> RoundExplanation:
    """The engine's *pairing* of ``state.round_to_pair`` explained per player."""
    edition = edition_of("burstein", edition, EDITIONS)
    options = options or PairingOptions()
    if edition != EDITION_2017 and is_seeding_round(state):
        dutch = dutch_round.explain_round(state, pairing, edition, options)
        return RoundExplanation("burstein", edition, (), pairing.bye, "1.6.1", seeding=dutch, round=state.round_to_pair)
    state, _ = accelerated(state, options, edition)
    rules = Burstein2017Rules(state) if edition == EDITION_2017 else Burstein2026Rules(state)
    score = rules.score if isinstance(rules, Burstein2017Rules) else {p: e.score for p, e in rules.by_id.items()}
    partners = partners_of(pairing)
    out: dict[int, PlayerExplanation] = {}
    for group in rules.groups(partners):
        floaters = group.floaters(partners)
        residents = [p for p in group.players if p not in group.incoming]
        for pid in group.players:
            mate = partners[pid]
            assert mate is not None
            if pid in floaters:
                continue  # paired in a group below
            applied_for, colour, article = rules.colour_of(pid, mate)
            mine = colour if applied_for == pid else colour.opposite
            drift = "up" if score[pid] < score[mate] else "down" if score[pid] > score[mate] else ""
            reason = rule = choice = ""
            if drift == "down":
                # He came down from the group above (6.3; 2026 3.2), or his own group was
                # merged with the next one and he meets one of it there (2017 6.6).
                reason = "floated" if pid in group.incoming else "merged"
                rule = rules.articles["float" if reason == "floated" else "merge"]
                choice = rules.articles["float_choice"] if reason == "floated" else ""
            out[pid] = PlayerExplanation(
                pid,
                score[pid],
                group.number,
                group.score,
                mate,
                score[mate],
                drift,
                mine,
                article,
                applied_for != pid,
                float_reason=reason,
                float_rule=rule,
                float_choice_rule=choice,
                group_size=len(residents),
                floaters=group.incoming if reason == "floated" else (),
            )
    explained = []
    order = rules.order if isinstance(rules, Burstein2017Rules) else [p.id for p in rules.players]
    for pid in order:
        if pid in out:
            explained.append(out[pid])
        elif pid == pairing.bye:
            explained.append(PlayerExplanation(pid, score[pid], 0, score[pid], None, 0, "", None, "", False))
    bye_rule = rules.articles["bye"] if pairing.bye is not None else ""
    return RoundExplanation("burstein", edition, tuple(explained), pairing.bye, bye_rule, round=state.round_to_pair)

""" "Why not X?" for the Burstein system (C.04.4.2), both editions: the method of
:mod:`.dubov_why_not` with the criteria of :mod:`.burstein_quality`.

Seed edition: absolute, they met (3.1), the arbiter forbade the pair, the colour limits
leave both only the same colour (5.2, 5.3), or the rest cannot be paired around them
(6.6); else the PAB (rule 4, given before the groups), then the first group that differs:
its floaters (6.3, 6.6), then its due colours (6.5); equal, the order of 6.1-6.4.

2026 edition: a seeding round (1.6.1) is paired by the Dutch system, and answered by
:func:`.dutch_why_not.why_not` (edition 2026). After them: [C1], the arbiter, [C3],
[C4]; the PAB (3.1); then [C5]-[C8] in the first bracket that differs; equal, article 4.
"""

from __future__ import annotations

from pairing.engine import pair
from pairing.engine.burstein import EDITIONS
from pairing.engine.common.editions import EDITION_2017, edition_of
from pairing.engine.explain import dutch_why_not
from pairing.engine.explain.burstein_quality import Burstein2017Rules, Burstein2026Rules, is_seeding_round
from pairing.engine.explain.common import SEEDING, WhyNot, why_not_by
from pairing.engine.explain.dutch_why_not import accelerated
from pairing.engine.options import PairingOptions
from pairing.engine.state import Pairing, TournamentState


def why_not(
    state: TournamentState,
    a: int,
    b: int,
    edition: str,
    options: PairingOptions | None = None,
    pairing: Pairing | None = None,
) -> WhyNot:
    """Why the Burstein engine does not pair *a* with *b* in ``state.round_to_pair``."""
    edition = edition_of("burstein", edition, EDITIONS)
    options = options or PairingOptions()
    if edition != EDITION_2017 and is_seeding_round(state):
        answer = dutch_why_not.why_not(state, a, b, edition, options, pairing)
        return WhyNot(
            "burstein",
            edition,
            a,
            b,
            SEEDING,
            answer.rule,
            answer.pairing,
            answer.forced,
            dutch=answer,
            round_to_pair=state.round_to_pair,
        )
    state, options = accelerated(state, options, edition)
    if pairing is None:
        pairing = pair(state, "burstein", edition, options)
    rules = Burstein2017Rules(state) if edition == EDITION_2017 else Burstein2026Rules(state)
    return why_not_by("burstein", edition, rules, a, b, options, pairing)

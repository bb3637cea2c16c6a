""" "Why not X?" for the Dubov system (C.04.4.1, both editions): why the engine did not
pair two players of the round together.

Absolute first: they met (C.1 / [C1]), the arbiter forbade the pair, both have the same
absolute colour preference (C.3 / [C3]; Dubov has no topscorer exception), or the rest of
the round cannot be paired around them (C.4 / [C4]). Otherwise the round is paired again
with the pair forced (:func:`.dutch_why_not.forcing`: each of the two is forbidden every
other player) and compared with the engine's: the PAB first (B.0 / 3.1 gives it before
any group is paired), then group by group (:mod:`.dubov_quality`), the first criterion of
C.5-C.10 ([C5]-[C10]) that differs in the first group whose upfloaters or pairs differ.
"""

from __future__ import annotations

from pairing.engine import pair
from pairing.engine.common.editions import edition_of
from pairing.engine.dubov import EDITIONS
from pairing.engine.explain.common import WhyNot, why_not_by
from pairing.engine.explain.dubov_quality import DubovRules
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
    """Why the Dubov engine does not pair *a* with *b* in ``state.round_to_pair``;
    *pairing*, the engine's own pairing of the round when at hand, saves pairing it again."""
    edition = edition_of("dubov", edition, EDITIONS)
    state, options = accelerated(state, options or PairingOptions(), edition)
    if pairing is None:
        pairing = pair(state, "dubov", edition, options)
    return why_not_by("dubov", edition, DubovRules(state, edition), a, b, options, pairing)

"""The Dutch system's explainer as the dispatch of :mod:`pairing.engine.explain` takes it:
the round player by player, "why not X?", and the answers that need no pairing of the round.
"""

from __future__ import annotations

from pairing.engine.common.editions import EDITION_2017, edition_of
from pairing.engine.dutch import EDITIONS
from pairing.engine.dutch.criteria import restricted_by_c3
from pairing.engine.explain import dutch_why_not as w
from pairing.engine.explain.dutch_quality import partners_of
from pairing.engine.explain.dutch_round import explain_round
from pairing.engine.explain.dutch_why_not import WhyNot, accelerated, pairer_for, why_not
from pairing.engine.explain.wording import describe, describe_round
from pairing.engine.options import PairingOptions
from pairing.engine.state import Pairing, TournamentState

__all__ = ["answer_at_once", "describe", "describe_round", "explain_round", "why_not"]


def answer_at_once(
    state: TournamentState,
    a: int,
    b: int,
    edition: str,
    options: PairingOptions | None = None,
    pairing: Pairing | None = None,
) -> WhyNot | None:
    """The answer :func:`why_not` gives when it needs no pairing of the round (the pair
    is the engine's, or an absolute criterion other than completion forbids it: the same
    tests in the same order), else None: only the forced round can say (A.9 / C4 and the
    quality criteria). *pairing* is the engine's pairing of the round."""
    if pairing is None:
        return None
    edition = edition_of("dutch", edition, EDITIONS)
    state, _ = accelerated(state, options or PairingOptions(), edition)
    old = edition == EDITION_2017
    present = {p.id for p in state.to_pair}
    if a == b or a not in present or b not in present:
        return WhyNot(a, b, w.NOT_IN_ROUND, "C.04.1", pairing)
    if partners_of(pairing).get(a) == b:
        return WhyNot(a, b, w.PAIRED, "", pairing)
    met = next(
        (k for k, entry in enumerate(state.by_id[a].history, start=1) if entry.played and entry.opponent == b), None
    )
    if met is not None:
        return WhyNot(a, b, w.MET_BEFORE, "C.1" if old else "C1", pairing, round_met=met)
    forbidden = frozenset(frozenset(p) for p in state.forbidden)
    if frozenset((a, b)) in forbidden:
        return WhyNot(a, b, w.FORBIDDEN, "C.1" if old else "C1", pairing)
    by_id = {p.id: p for p in pairer_for(state, edition, forbidden).players}
    pa, pb = by_id[a], by_id[b]
    if restricted_by_c3(pa) and restricted_by_c3(pb) and pa.preference.colour == pb.preference.colour:
        return WhyNot(a, b, w.SAME_ABSOLUTE_COLOUR, "C.3" if old else "C3", pairing, colour=pa.preference.colour)
    return None

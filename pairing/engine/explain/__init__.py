"""Explanations of a round's pairing, computed by the engine beside it.

"Why not X?" (:func:`why_not`) for the Dutch system, both editions: why two players of
the round were not paired together. The wording for people is in :mod:`.wording`.
:data:`EXPLAINERS` gives each system that is explained its ``(explain_round, why_not)``:
the Dutch system (:mod:`.dutch_round`, :mod:`.dutch_why_not`) and the Lim system
(:mod:`.lim_round`, :mod:`.lim_why_not`, words in :mod:`.wording_lim`).
"""

from __future__ import annotations

from pairing.engine.explain import dutch_round, lim_round, lim_why_not
from pairing.engine.explain.dutch_why_not import WhyNot, why_not

EXPLAINERS = {
    "dutch": (dutch_round.explain_round, why_not),
    "lim": (lim_round.explain_round, lim_why_not.why_not),
}

__all__ = ["EXPLAINERS", "WhyNot", "why_not"]

"""Explanations of a round's pairing, computed by the engine beside it.

"Why not X?" (:func:`why_not`) for the Dutch system, both editions: why two players of
the round were not paired together. The wording for people is in :mod:`.wording`.
``EXPLAINERS`` gives, per system, its ``(explain_round, why_not)``: the Dutch system's, and
the Dubov and Burstein systems' (both editions), whose wording is in
:mod:`.wording_dubov_burstein`.
"""

from __future__ import annotations

from pairing.engine.explain import burstein_round, burstein_why_not, dubov_round, dubov_why_not, dutch_round
from pairing.engine.explain.dutch_why_not import WhyNot, why_not

EXPLAINERS = {
    "dutch": (dutch_round.explain_round, why_not),
    "dubov": (dubov_round.explain_round, dubov_why_not.why_not),
    "burstein": (burstein_round.explain_round, burstein_why_not.why_not),
}

__all__ = ["EXPLAINERS", "WhyNot", "why_not"]

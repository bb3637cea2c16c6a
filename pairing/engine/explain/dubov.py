"""The Dubov system's explainer as the dispatch of :mod:`pairing.engine.explain` takes it:
the round player by player, "why not X?" and their words."""

from __future__ import annotations

from pairing.engine.explain.dubov_round import explain_round
from pairing.engine.explain.dubov_why_not import why_not
from pairing.engine.explain.wording_dubov_burstein import describe, describe_round

__all__ = ["describe", "describe_round", "explain_round", "why_not"]

"""The Double-Swiss system's explainer (C.04.5 2026) as the dispatch of
:mod:`pairing.engine.explain` takes it: the match player by player, "why not X?", the
answers given at once, and their words."""

from __future__ import annotations

from pairing.engine.explain.double_swiss_round import explain_round
from pairing.engine.explain.double_swiss_why_not import answer_at_once, why_not
from pairing.engine.explain.wording_double_swiss import describe, describe_round

__all__ = ["answer_at_once", "describe", "describe_round", "explain_round", "why_not"]

"""Explanations of a round's pairing, computed by the engine beside it.

"Why not X?" (:func:`why_not`) for the Dutch system, both editions: why two players of
the round were not paired together. The wording for people is in :mod:`.wording`.
"""

from __future__ import annotations

from pairing.engine.explain.dutch_why_not import WhyNot, why_not

__all__ = ["WhyNot", "why_not"]

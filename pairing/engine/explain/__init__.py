"""Explanations of a round's pairing, computed by the engine beside it, for any system
that has an explainer.

The systems' explainers are in :data:`EXPLAINERS`, a plain dict of system -> module: each
module has ``explain_round(state, pairing, edition, options)`` (the round player by
player) and ``why_not(state, a, b, edition, options, pairing)`` ("why not X?"), and may
have ``answer_at_once`` (the answer when it needs no pairing of the round), ``describe``
and ``describe_round`` (its answers in words; else :mod:`.wording`'s). The functions here
dispatch on the system; a system without an explainer raises :class:`NoExplainer`.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from pairing.engine.explain import burstein, double_swiss, dubov, dutch, lim, wording
from pairing.engine.explain.dutch_why_not import WhyNot
from pairing.engine.explain.wording import NGettext, Translate
from pairing.engine.options import PairingOptions
from pairing.engine.state import Pairing, TournamentState

__all__ = [
    "EXPLAINERS",
    "NoExplainer",
    "WhyNot",
    "answer_at_once",
    "describe",
    "describe_round",
    "explain_round",
    "explains",
    "why_not",
]

EXPLAINERS: dict[str, ModuleType] = {
    "dutch": dutch,
    "dubov": dubov,
    "burstein": burstein,
    "lim": lim,
    "double_swiss": double_swiss,
}


class NoExplainer(LookupError):
    """The system has no explainer yet."""


def explains(system: str) -> bool:
    return system in EXPLAINERS


def _explainer(system: str) -> ModuleType:
    try:
        return EXPLAINERS[system]
    except KeyError:
        raise NoExplainer(system) from None


def explain_round(
    state: TournamentState, pairing: Pairing, system: str, edition: str, options: PairingOptions | None = None
) -> Any:
    """The engine's *pairing* of ``state.round_to_pair`` by *system* explained player by player."""
    return _explainer(system).explain_round(state, pairing, edition, options)


def why_not(
    state: TournamentState,
    a: int,
    b: int,
    system: str,
    edition: str,
    options: PairingOptions | None = None,
    pairing: Pairing | None = None,
) -> Any:
    """Why the engine of *system* did not pair *a* with *b* (it may pair the round again)."""
    return _explainer(system).why_not(state, a, b, edition, options, pairing)


def answer_at_once(
    state: TournamentState,
    a: int,
    b: int,
    system: str,
    edition: str,
    options: PairingOptions | None = None,
    pairing: Pairing | None = None,
) -> Any | None:
    """The answer of :func:`why_not` when it needs no pairing of the round, else None (a
    system whose explainer does not say: always None)."""
    at_once = getattr(_explainer(system), "answer_at_once", None)
    return at_once(state, a, b, edition, options, pairing) if at_once else None


def describe(
    answer: Any, system: str, translate: Translate = lambda text: text, ngettext: NGettext | None = None
) -> str:
    """The answer of :func:`why_not` in words, through the caller's *translate* (and
    *ngettext* for the counted words; English plurals without it)."""
    return getattr(_explainer(system), "describe", wording.describe)(answer, translate, ngettext)


def describe_round(
    explained: Any, system: str, translate: Translate = lambda text: text, ngettext: NGettext | None = None
) -> list[str]:
    """The round explained by :func:`explain_round` in words, one line a player."""
    return getattr(_explainer(system), "describe_round", wording.describe_round)(explained, translate, ngettext)

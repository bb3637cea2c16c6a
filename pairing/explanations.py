""" "Why this pairing?" and "why not X?" for a round of the site: the engine's explainer
(pairing.engine.explain) on the state the round was paired with, and the "why not" job
that pairs the round again on a worker when the answer needs it.

The state is the one the pairing job paired (pairing.adapter.state_for_round: the results
of the rounds before), its present players those the round's pairing seats
(adapter.state_as_paired). Only the engine's own pairing is explained: one changed by hand
(tourney.services.manual_changes) or imported is said to be what it is.

A "why not" answer is kept in the cache under the round, a fingerprint of everything it
depends on (the state, the pairing, the system, edition and options) and the pair: the same
question is worked out once while the round's pairing and past stay the same, and the
answers of another pairing are never read. An answer that needs the round paired again is
a job on the worker (pairing.tasks.why_not_task): the cache holds it as pending until the
worker writes the answer there (its key is the worker's argument); the page polls. The
public may start at most WHY_NOT_JOBS_PER_MINUTE such jobs a tournament a minute
(pairing.services.ask_why_not starts them).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from pairing import adapter, job
from pairing.engine import PairingOptions, explain
from tourney.caching import key_prefix
from tourney.caching.guard import FAILED, guarded
from tourney.models import PairingSystem, Round
from tourney.services.manual_changes import same_games

# Why a round is not explained (in the reader's language when shown).
NOT_EXPLAINED = {
    "by_hand": gettext_lazy(
        "This pairing was changed by hand (C.04.2.A.4): it is not the pairing the engine made, "
        "so the engine's reasons do not explain it."
    ),
    "not_engine": gettext_lazy(
        "This pairing was not made by this site's engine (it was imported): the engine's reasons do not explain it."
    ),
    "incomplete": gettext_lazy(
        "A round before this one has a game without a result: the pairing cannot be explained now."
    ),
}


def only_for() -> Any:
    """What the page says for a system without an explainer: the systems that have one."""
    labels = [PairingSystem(system).label for system in explain.EXPLAINERS if system in PairingSystem.values]
    return format_lazy(
        gettext_lazy("Explanations exist for the {systems} system only so far."),
        systems=", ".join(str(label) for label in labels),
    )


@dataclass(frozen=True)
class Explainable:
    """A round the engine can explain, with what the explainer takes."""

    round: Round
    system: str
    edition: str
    options: PairingOptions
    state: adapter.TournamentState
    pairing: adapter.Pairing

    @property
    def fingerprint(self) -> str:
        """Everything an answer depends on, hashed: the same inputs in any process give the
        same value (the absent players sorted: a frozenset's order is not its content)."""
        state = dataclasses.replace(self.state, absent=frozenset())
        text = repr((sorted(self.state.absent), state, self.pairing, self.system, self.edition, self.options))
        return hashlib.sha256(text.encode()).hexdigest()[:32]


def edition_of(rnd: Round) -> str:
    """The edition that paired the round (the tournament's when the round does not say)."""
    return rnd.rules_edition or adapter.pairing_edition(rnd.tournament)


def explainable(rnd: Round) -> Explainable | Any:
    """The round's explainer inputs, or why it has none (a sentence to show)."""
    tournament = rnd.tournament
    system = tournament.pairing_system
    if not explain.explains(system):
        return only_for()
    if not rnd.engine_pairing:
        return NOT_EXPLAINED["not_engine"]
    if not same_games(job.describe_round(rnd), rnd.engine_pairing):
        return NOT_EXPLAINED["by_hand"]
    try:
        state, pairing = adapter.state_as_paired(rnd)
    except adapter.IncompleteRound:
        return NOT_EXPLAINED["incomplete"]
    return Explainable(rnd, system, edition_of(rnd), adapter.options_for(tournament), state, pairing)


def explain_round(ex: Explainable) -> Any:
    return explain.explain_round(ex.state, ex.pairing, ex.system, ex.edition, ex.options)


def describe_round(explained: Any, ex: Explainable, translate: Any, ngettext: Any = None) -> list[str]:
    return explain.describe_round(explained, ex.system, translate, ngettext)


def describe_answer(answer: Any, ex: Explainable, translate: Any, ngettext: Any = None) -> str:
    return explain.describe(answer, ex.system, translate, ngettext)


# ---------------------------------------------------------------- "why not X?"

PENDING, DONE, FAILED_JOB = "pending", "done", "failed"
BUSY, UNAVAILABLE = "busy", "unavailable"


@dataclass(frozen=True)
class Asked:
    """Where a "why not" question stands: *state* DONE with its *answer*, PENDING (the
    worker pairs the round), FAILED_JOB, BUSY (too many public questions this minute) or
    UNAVAILABLE (no cache to hold the job)."""

    state: str
    answer: Any = None


def answer_key(ex: Explainable, a: int, b: int) -> str:
    return question_key("why", ex.round.pk, ex.fingerprint, a, b)


def question_key(kind: str, round_id: int, fingerprint: str, a: int, b: int) -> str:
    """Where a "why not" question of *kind* (players "why", teams "whyteam") is kept: under
    the round, the fingerprint of what its answer depends on and the pair, either way round."""
    low, high = sorted((a, b))
    return f"{key_prefix()}:{kind}:{round_id}:{fingerprint}:{low}-{high}"


def held(key: str) -> Asked | None:
    stored = guarded("get", key, default=FAILED)
    if stored is FAILED:
        return Asked(UNAVAILABLE)
    if stored is None:
        return None
    return Asked(stored["state"], stored.get("answer"))


class Fingerprinted(Protocol):
    @property
    def fingerprint(self) -> str: ...


def run_job(key: str, round_id: int, a: int, b: int, fingerprint: str) -> str:
    """The players' "why not" job (pairing.tasks.why_not_task)."""
    rnd = Round.objects.select_related("tournament").filter(pk=round_id).first()
    return work_out(
        key,
        fingerprint,
        explainable(rnd) if rnd is not None else None,
        lambda ex: explain.why_not(ex.state, a, b, ex.system, ex.edition, ex.options, ex.pairing),
    )


def work_out(key: str, fingerprint: str, current: Fingerprinted | Any, answer: Callable[[Any], Any]) -> str:
    """A "why not" job, of players or teams: *answer* of *current* (the round's explainer
    inputs now) written to *key*, if the round is still the one asked about (*fingerprint*);
    else the question is forgotten (asked again, it is asked of the round as it is now).
    Returns the job's state."""
    if getattr(current, "fingerprint", None) != fingerprint:
        guarded("delete", key)
        return FAILED_JOB
    try:
        worked_out = answer(current)
    except Exception:
        # The page polls the question: a failed job must say so, or the poll never ends.
        guarded("set", key, {"state": FAILED_JOB}, timeout=60)
        raise
    guarded("set", key, {"state": DONE, "answer": worked_out}, timeout=settings.WHY_NOT_ANSWER_SECONDS)
    return DONE

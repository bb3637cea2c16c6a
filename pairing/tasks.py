"""The Celery task of the pairing app: the worker's autodiscovery imports this module
(tourney/celery.py), and pairing.services queues the task after its claim commits."""

from __future__ import annotations

from celery import shared_task

from pairing import explanations, team_explanations
from pairing.job import run_job


# A queued message names its task: this name is what the broker holds, renaming it
# would leave the messages already queued without a task.
@shared_task(name="pairing.pair_round")
def pair_round_task(round_id: int, language: str | None = None) -> str:
    """The pairing job: take a round id (and the requester's language), run it
    (pairing.job.run_job)."""
    return run_job(round_id, language)


@shared_task(name="pairing.why_not")
def why_not_task(key: str, round_id: int, a: int, b: int, fingerprint: str, kind: str = "players") -> str:
    """A "why not" question that needs the round paired again, of players or of teams
    (*kind*): the answer goes to the cache under *key* (pairing.explanations.work_out)."""
    if kind == team_explanations.KIND:
        return team_explanations.run_job(key, round_id, a, b, fingerprint)
    return explanations.run_job(key, round_id, a, b, fingerprint)

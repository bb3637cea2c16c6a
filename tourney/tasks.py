"""The Celery tasks, imported here so that the worker's autodiscovery finds them."""

from tourney.services.pairing import pair_round_task

__all__ = ["pair_round_task"]

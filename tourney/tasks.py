"""The Celery tasks, imported here so that the worker's autodiscovery finds them."""

from tourney.services.pairing import pair_round_task
from tourney.services.rating_list import import_rating_list_task

__all__ = ["import_rating_list_task", "pair_round_task"]

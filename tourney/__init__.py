"""The tourney project: settings, URLs, the Celery app, and the tournament app itself."""

from tourney.celery import app as celery_app

__all__ = ("celery_app",)

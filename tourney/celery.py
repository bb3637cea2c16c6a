"""The Celery application. Tasks live next to the services they wrap; tourney/tasks.py imports them."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")

app = Celery("tourney")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

"""The pairing app: the Django side of the pairing engines.

It wraps the pure-Python engines of pairing/engine/ (Dutch, Dubov, Burstein, Lim) and runs
them in Celery tasks: the adapter between the database rows and the engine's state
(pairing/adapter.py), the desk's request (pairing/services.py), the Celery task
(pairing/tasks.py), the job it runs (pairing/job.py) and the jobs' locks
(pairing/job_locks.py). It has no models: the rounds it pairs are tourney's.
pairing/engine/ and pairing/cli/ stay free of Django (tests/test_import_graph.py).
"""

from __future__ import annotations

from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    verbose_name = "Pairing"

"""Importing a TRF file as a new tournament in a Celery job: a big field takes longer than
a web request may (gunicorn ends a worker after 30 s).

The upload is stored as an ImportJob; the job parses it and writes it through
tourney.services.setup.create_tournament_from_trf (all or nothing), a team event's file
(record 192 FIDE_TEAM..., records 310) through
tourney.services.team_import.create_team_tournament_from_trf. Its progress (rounds
written) goes to the cache, shared by the worker and the web processes, since the rows are
committed only at the end; the page polls the job (tourney.views.setup.import_job).
"""

from __future__ import annotations

import logging
from datetime import datetime

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from pairing import job_locks
from pairing.engine.text import decode
from pairing.engine.trf import TrfError, parse_trf
from tourney.audit import User
from tourney.models import ACTIVE_JOB_STATES, ImportJob, JobState
from tourney.services import setup, team_import
from tourney.services.imports import malformed_trf
from tourney.trf_io import TrfImportError

logger = logging.getLogger(__name__)


def request_import(*, data: bytes, user: User, rounds: int | None = None, edition: str = "") -> ImportJob:
    """Store the uploaded file as a job of *user* and queue it after commit; the job writes
    its refusal in the language active now (the request's)."""
    language = translation.get_language()
    with transaction.atomic():
        job = ImportJob.objects.create(created_by=user, data=data, rounds=rounds, edition=edition or "")
        transaction.on_commit(
            lambda: import_trf_task.apply_async((job.pk, language), soft_time_limit=settings.IMPORT_TIME_LIMIT)
        )
    return job


def _progress_key(job_id: int) -> str:
    return f"import-job-progress:{job_id}"


def progress(job: ImportJob) -> tuple[int, int] | None:
    """(rounds written, rounds to write) of a running job, or None before it writes (or
    when the cache cannot say: the progress is a nicety, never a reason to fail)."""
    try:
        return cache.get(_progress_key(job.pk))
    except Exception:
        logger.warning("the cache did not answer the progress of import job %s", job.pk, exc_info=True)
        return None


def _report_progress(job_id: int, done: int, total: int) -> None:
    try:
        cache.set(_progress_key(job_id), (done, total), 3600)
    except Exception:
        logger.warning("the cache did not take the progress of import job %s", job_id, exc_info=True)


def run_import(job_id: int, language: str | None = None) -> str:
    """Parse and import the job's file; the job ends succeeded (with its tournament) or
    failed (with the refusal, line and column for a malformed file, in *language*: the
    page that shows it is the requester's). Returns its state."""
    with translation.override(language), job_locks.held(job_locks.IMPORT, job_id):
        if ImportJob.objects.filter(pk=job_id, state=JobState.QUEUED).update(state=JobState.RUNNING) != 1:
            # A redelivered message: the job already ran, or was ended as lost.
            return ImportJob.objects.filter(pk=job_id).values_list("state", flat=True).first() or JobState.FAILED
        job = ImportJob.objects.select_related("created_by").get(pk=job_id)
        report = lambda done, total: _report_progress(job_id, done, total)  # noqa: E731
        try:
            text = decode(bytes(job.data))  # UTF-8 or UTF-16 by their byte-order marks, else Latin-1
            if team_import.is_team_file(text):
                # A team event (C.04.6): its settings are the file's records 142, 192, 352, 362.
                tournament = team_import.create_team_tournament_from_trf(
                    text=text, user=job.created_by, rounds=job.rounds, progress=report
                )
            else:
                tournament = setup.create_tournament_from_trf(
                    trf=parse_trf(text),
                    user=job.created_by,
                    rounds=job.rounds,
                    edition=job.edition or None,
                    progress=report,
                )
        except TrfError as error:
            return _end(job, JobState.FAILED, error=str(malformed_trf(error)))
        except TrfImportError as error:
            return _end(job, JobState.FAILED, error=str(error))
        except SoftTimeLimitExceeded:
            message = _("the import was stopped at its time limit (%(seconds)d s); nothing was saved")
            return _end(job, JobState.FAILED, error=message % {"seconds": settings.IMPORT_TIME_LIMIT})
        except Exception as error:
            # The page polls the job: a failed job must say so, or the poll never ends.
            logger.exception("import job %s failed", job_id)
            message = _("internal error while importing (%(error)s); please report it") % {
                "error": f"{error.__class__.__name__}: {error}"
            }
            return _end(job, JobState.FAILED, error=message)
        return _end(job, JobState.SUCCEEDED, tournament=tournament)


def _end(job: ImportJob, state: str, *, error: str = "", tournament: object = None) -> str:
    job.state, job.error, job.tournament = state, error, tournament
    if state == JobState.SUCCEEDED:
        job.data = b""  # the tournament holds it now
    job.save(update_fields=["state", "error", "tournament", "data"])
    return state


@shared_task(name="imports.import_trf")
def import_trf_task(job_id: int, language: str | None = None) -> str:
    """The import job: take the job's id (and the requester's language), call the service."""
    return run_import(job_id, language)


def lost_import_message() -> str:
    return _("the import stopped before finishing (its worker stopped, or the queue lost it); nothing was saved")


def reap_lost_imports(now: datetime | None = None) -> list[int]:
    """End as failed every import job no worker holds (job_locks.reap_lost: marked running
    with its lock free, or waiting longer than its time limit). Returns their ids."""
    active = ImportJob.objects.filter(state__in=ACTIVE_JOB_STATES).values_list("pk", "state", "created_at")
    jobs = [(pk, state, since, settings.IMPORT_TIME_LIMIT) for pk, state, since in active]
    return job_locks.reap_lost(job_locks.IMPORT, jobs, _fail_lost, now or timezone.now())


def _fail_lost(job_id: int) -> bool:
    ended = ImportJob.objects.filter(pk=job_id, state__in=ACTIVE_JOB_STATES)
    return ended.update(state=JobState.FAILED, error=lost_import_message()) == 1

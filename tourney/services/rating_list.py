"""The FIDE rating list at work: a list file imported by a Celery job, players registered
from it (by FIDE ID, by name, a CSV of FIDE IDs completed), and the ratings of a tournament
brought up to the list before round 1, with the national ratings of the players
registered from a national list (tourney.services.national_list). Each write locks,
checks, writes and audits in one transaction (the registration service registers)."""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairing import job_locks
from pairing.engine.trf import TrfNationalRating
from pairing.engine.trf.trf26 import national_rating_line
from tourney import audit
from tourney.audit import User
from tourney.caching import public_change
from tourney.errors import ListDifferencesUnresolved, Refusal, RefusalTable, RegistrationRefused
from tourney.models import (
    ACTIVE_JOB_STATES,
    JobState,
    NationalListEntry,
    NationalRating,
    NationalRatingList,
    Player,
    RatingKind,
    RatingListEntry,
    RatingListImport,
    RoundStatus,
    Tournament,
)
from tourney.rating_list import store
from tourney.rating_list.parser import RatingListError
from tourney.services import registration

REFUSALS = RefusalTable(
    "rating_list",
    {
        "not_listed": gettext_lazy("FIDE ID %(id)s is not in the rating list"),
        # C.04.2.B: the initial order is made once, with the ratings of round 1.
        "round_one_paired": gettext_lazy(
            "Round 1 is paired: the initial order and the pairing numbers (C.04.2.B) were made with "
            "the ratings as they are, which stay the tournament's ratings."
        ),
        "changed_since_preview": gettext_lazy(
            "The ratings or the list changed since the preview: look at the changes again."
        ),
    },
)

# ------------------------------------------------------------------------- the import job


def start_import(
    uploaded: Path, *, file_name: str, kind: str = "", month: date | None = None, user: User | None = None
) -> RatingListImport:
    """Keep the uploaded file (moved into RATING_LIST_DIR) and queue its import."""
    directory = Path(settings.RATING_LIST_DIR)
    directory.mkdir(parents=True, exist_ok=True)
    job = RatingListImport.objects.create(
        file_name=Path(file_name).name[:200],
        kind=kind,
        month=month,
        uploaded_by=user if user is not None and user.is_authenticated else None,
    )
    kept = directory / f"{job.pk}.upload"  # the parser reads the form from the content, not the name
    shutil.move(str(uploaded), kept)
    RatingListImport.objects.filter(pk=job.pk).update(path=str(kept))
    transaction.on_commit(lambda: import_rating_list_task.delay(job.pk))
    job.refresh_from_db()
    return job


def run_import(import_id: int) -> RatingListImport:
    """The job: import the file, its progress (rows read) written as it goes; the file is
    removed once read. A refused file fails the job with the line and column. The job's
    lock is held from the claim until its outcome is committed (pairing.job_locks)."""
    with job_locks.held(job_locks.RATING_LIST, import_id):
        claimed = RatingListImport.objects.filter(pk=import_id, state=JobState.QUEUED).update(state=JobState.RUNNING)
        job = RatingListImport.objects.get(pk=import_id)
        if not claimed:
            return job  # already run, or ended as lost (a duplicate delivery)
        return _imported(job)


def _imported(job: RatingListImport) -> RatingListImport:
    def progress(rows: int) -> None:
        RatingListImport.objects.filter(pk=job.pk).update(rows=rows)

    try:
        summary = store.import_rating_list(
            job.path, kind=job.kind or None, month=job.month, name=job.file_name, on_progress=progress
        )
    except (RatingListError, OSError) as error:
        job.state, job.error = JobState.FAILED, str(error)
    else:
        job.state, job.rows, job.kinds, job.month = (
            JobState.SUCCEEDED,
            summary.rows,
            " ".join(summary.kinds),
            summary.month,
        )
    finally:
        Path(job.path).unlink(missing_ok=True)
    job.finished_at = timezone.now()
    job.save(update_fields=["state", "error", "rows", "kinds", "month", "finished_at"])
    return job


def reap_lost_rating_list_imports(now: datetime | None = None) -> list[int]:
    """End as failed every list import no worker holds, as the other jobs are ended
    (job_locks.reap_lost: marked running with its lock free, or waiting longer than the
    task's time limit); its page stops polling and says to upload the file again
    (tourney.tasks.reap_lost_jobs runs this; a page only reads). Returns their ids."""
    active = RatingListImport.objects.filter(state__in=ACTIVE_JOB_STATES).values_list("pk", "state", "created_at")
    jobs = [(pk, state, since, settings.CELERY_TASK_TIME_LIMIT) for pk, state, since in active]
    return job_locks.reap_lost(job_locks.RATING_LIST, jobs, _fail_lost, now or timezone.now())


def _fail_lost(import_id: int) -> bool:
    path = RatingListImport.objects.filter(pk=import_id).values_list("path", flat=True).first()
    ended = RatingListImport.objects.filter(pk=import_id, state__in=ACTIVE_JOB_STATES).update(
        state=JobState.FAILED,
        error=_("the import stopped without finishing (its worker was lost): upload the file again"),
        finished_at=timezone.now(),
    )
    if ended and path:
        Path(path).unlink(missing_ok=True)
    return ended == 1


@shared_task(name="rating_list.import")
def import_rating_list_task(import_id: int) -> str:
    return run_import(import_id).state


# ------------------------------------------------------------------- players from the list

SEX_FROM_LIST = {"M": "m", "F": "w"}


def list_label(entry: RatingListEntry, kind: str) -> str:
    month = getattr(entry, f"{kind}_month")
    month_text = date_format(month, "F Y") if month else "-"
    return _("the FIDE %(kind)s list of %(month)s") % {"kind": RatingKind(kind).label.lower(), "month": month_text}


def player_data(entry: RatingListEntry, kind: str) -> registration.PlayerData:
    """The registration's fields as the list gives them; the rating is the tournament's
    kind's (0: not rated in it)."""
    return {
        "name": entry.name,
        "title": entry.title,
        "rating": entry.rating(kind) or 0,
        "federation": entry.federation,
        "fide_id": str(entry.fide_id),
        "sex": SEX_FROM_LIST.get(entry.sex, ""),
        "birth_date": str(entry.birth_year) if entry.birth_year else "",
    }


def register_from_list(tournament: Tournament, fide_id: str, *, user: User | None = None) -> Player:
    """Register the listed player of *fide_id* (registration.register: renumbering, late entry)."""
    entry = store.entry(fide_id)
    if entry is None:
        raise RegistrationRefused(REFUSALS("not_listed", id=fide_id))
    return registration.register(tournament, player_data(entry, tournament.rate), user=user)


# CSV fields the list fills, in the order the differences are shown.
COMPARED = ("name", "title", "rating", "federation", "sex", "birth_date")


@dataclass(frozen=True)
class Difference:
    where: str  # "line 7"
    fide_id: str
    field: str
    in_file: str
    in_list: str

    @property
    def key(self) -> str:
        return f"{self.fide_id}:{self.field}"


def _same(field: str, in_file: object, in_list: object) -> bool:
    if field == "name":
        return " ".join(str(in_file).split()).casefold() == str(in_list).casefold()
    if field == "birth_date":  # the list has the year alone
        return str(in_file)[:4] == str(in_list)[:4]
    return str(in_file) == str(in_list)


def complete_rows(
    tournament: Tournament,
    rows: Sequence[tuple[str, registration.PlayerData]],
    choices: Mapping[str, str] | None = None,
) -> tuple[list[tuple[str, registration.PlayerData]], list[str]]:
    """The rows of a file with each listed player's empty fields filled from the rating list;
    a field the file gives otherwise than the list is a difference the arbiter chooses
    (*choices*: key -> "file" or "list"). Raises ListDifferencesUnresolved while a difference
    has no choice; returns the rows and the problems (a row without name whose FIDE ID is
    not listed)."""
    listed = store.entries(str(data.get("fide_id") or "") for _where, data in rows)
    choices = choices or {}
    completed: list[tuple[str, registration.PlayerData]] = []
    problems: list[str] = []
    unresolved: list[Difference] = []
    for where, data in rows:
        fide_id = str(data.get("fide_id") or "")
        entry = listed.get(fide_id)
        if entry is None:
            if fide_id and not data.get("name"):
                problems.append(
                    _("%(where)s, column fide_id: FIDE ID %(id)s is not in the rating list: give the name")
                    % {"where": where, "id": fide_id}
                )
            completed.append((where, data))
            continue
        from_list = player_data(entry, tournament.rate)
        merged = dict(data)
        for field in COMPARED:
            in_file, in_list = data.get(field), from_list[field]  # type: ignore[literal-required]
            if in_file in (None, "", 0):
                merged[field] = in_list
            elif in_list not in (None, "") and not _same(field, in_file, in_list):
                difference = Difference(where, fide_id, field, str(in_file), str(in_list))
                choice = choices.get(difference.key)
                if choice == "list":
                    merged[field] = in_list
                elif choice != "file":
                    unresolved.append(difference)
        completed.append((where, merged))  # type: ignore[arg-type]
    if unresolved:
        raise ListDifferencesUnresolved(unresolved)
    return completed, problems


# ----------------------------------------------------------- ratings brought up to the list


@dataclass(frozen=True)
class RatingChange:
    player: Player
    old: int
    new: int
    source: str  # "the FIDE standard list of September 2026"
    # A national rating's change (tourney.services.national_list): its record and list entry.
    national: NationalRating | None = None
    national_entry: NationalListEntry | None = None

    @property
    def token(self) -> str:
        if self.national is not None:
            return f"n{self.national.pk}:{self.new}"
        return f"{self.player.pk}:{self.new}"


def national_record(player: Player, federation: str, entry: NationalListEntry) -> str:
    """The player's NRS record (TRF-2026): his national ID and rating under his pairing number."""
    return national_rating_line(
        TrfNationalRating(
            federation=federation,
            start=player.pairing_number,
            sex="w" if entry.sex == "F" else ("m" if entry.sex == "M" else ""),
            name=entry.name,
            rating=entry.rating,
            number=entry.national_id,
            birth=str(entry.birth_year or ""),
        )
    )


def national_rating_changes(tournament: Tournament) -> list[RatingChange]:
    """Each player's national rating that differs from his federation's list (the list of
    that federation imported last), in pairing number order."""
    records = list(
        NationalRating.objects.filter(player__tournament=tournament)
        .select_related("player")
        .order_by("player__pairing_number", "federation")
    )
    lists: dict[str, NationalRatingList | None] = {}
    changes = []
    for record in records:
        if record.federation not in lists:
            lists[record.federation] = (
                NationalRatingList.objects.filter(federation=record.federation, imported_at__isnull=False)
                .order_by("-imported_at")
                .first()
            )
        national_list = lists[record.federation]
        if national_list is None:
            continue
        entry = national_list.entries.filter(national_id=record.national_id).first() if record.national_id else None
        if entry is None or entry.rating == record.rating:
            continue
        changes.append(
            RatingChange(
                record.player,
                record.rating or 0,
                entry.rating or 0,
                _("the national list %(list)s") % {"list": national_list.name},
                national=record,
                national_entry=entry,
            )
        )
    return changes


def apply_national_change(change: RatingChange) -> None:
    """One national rating brought up to the list (update_ratings applies it in its
    transaction): the NRS record, and the provisional rating of a player without a FIDE
    rating, which the national rating gives (the reading in tourney.services.national_list)."""
    record, entry = change.national, change.national_entry
    assert record is not None and entry is not None
    player = change.player
    record.rating = entry.rating
    record.record = national_record(player, record.federation, entry)
    record.save(update_fields=["rating", "record"])
    # Read afresh: a FIDE rating the same update gave him makes the provisional one moot.
    Player.objects.filter(pk=player.pk, rating=0).update(provisional_rating=entry.rating)


def rating_update_blocker(tournament: Tournament) -> Refusal | None:
    """Why the ratings may no longer be updated from the list, or None."""
    if tournament.round_set.exclude(status=RoundStatus.DRAFT).exists():
        return REFUSALS("round_one_paired")
    return None


def rating_changes(tournament: Tournament) -> list[RatingChange]:
    """The FIDE ratings that differ from the FIDE list, then the national ratings that
    differ from their national lists (below)."""
    return fide_rating_changes(tournament) + national_rating_changes(tournament)


def fide_rating_changes(tournament: Tournament) -> list[RatingChange]:
    """Each player (with a FIDE ID) whose rating differs from the tournament's list, in
    pairing number order. A list of that kind not imported yet changes nothing."""
    kind = tournament.rate
    players = [p for p in tournament.players.order_by("pairing_number") if p.fide_id]
    listed = store.entries(p.fide_id for p in players)
    changes = []
    for player in players:
        entry = listed.get(player.fide_id)
        if entry is None or getattr(entry, f"{kind}_month") is None:
            continue
        new = entry.rating(kind) or 0
        if new != player.rating:
            changes.append(RatingChange(player, player.rating, new, list_label(entry, kind)))
    return changes


def update_ratings(tournament: Tournament, previewed: Sequence[str], *, user: User | None = None) -> int:
    """Apply the rating changes the arbiter saw (*previewed*: their tokens), before round 1
    is paired; each audited. Refused, with the reason, after round 1 is paired or when the
    changes are no longer those previewed (a newer list imported, a rating edited)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        blocker = rating_update_blocker(tournament)
        if blocker:
            raise RegistrationRefused(blocker)
        changes = rating_changes(tournament)
        if sorted(c.token for c in changes) != sorted(previewed):
            raise RegistrationRefused(REFUSALS("changed_since_preview"))
        for change in changes:
            player = change.player
            if change.national is not None:
                apply_national_change(change)
            else:
                player.rating = change.new
                if player.rating:
                    player.provisional_rating = None  # only an unrated player takes a provisional rating
                player.save(update_fields=["rating", "provisional_rating"])
            action = "update national rating from list" if change.national is not None else "update rating from list"
            audit.record(
                tournament, player, action=action, old=change.old, new=change.new, user=user, reason=change.source
            )
        if changes:
            public_change(tournament.pk, base=True)
            registration.renumber(tournament, user)
        return len(changes)

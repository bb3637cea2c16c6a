"""The FIDE rating list in the database: a file imported (a newer list updates each
player in place), and the list searched by FIDE ID or by name.

On PostgreSQL the file is copied (COPY) into a temporary table and merged in one
statement, so that a file refused at its 900,000th line writes nothing; elsewhere
(SQLite) the rows are upserted in batches inside one transaction.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from django.db import connection, transaction
from django.db.backends.utils import CursorWrapper

from tourney.models import RatingListEntry
from tourney.rating_list.parser import KINDS, ListedPlayer, RatingListError, open_rating_list

BATCH = 20_000
SEARCH_LIMIT = 20
Progress = Callable[[int], None]

COMMON_COLUMNS = ("fide_id", "name", "name_key", "federation", "sex", "title", "birth_year", "inactive")


def kind_columns(kind: str) -> tuple[str, ...]:
    return (f"{kind}_rating", f"{kind}_games", f"{kind}_k", f"{kind}_month")


@dataclass(frozen=True)
class ImportSummary:
    rows: int
    kinds: tuple[str, ...]
    month: date | None


def name_key(name: str) -> str:
    """The name as searched: accents and case dropped ("Núñez" and "nunez" meet)."""
    if name.isascii():
        return name.lower()[:100]
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()[:100]


def import_rating_list(
    path: str | Path,
    *,
    kind: str | None = None,
    month: date | None = None,
    name: str | None = None,
    on_progress: Progress | None = None,
) -> ImportSummary:
    """Import the rating list file at *path* (tourney.rating_list.parser reads it); *month*
    when the file does not say it. Raises parser.RatingListError, and then writes nothing."""
    opened = open_rating_list(path, kind=kind, name=name)
    month = opened.month or month
    if month is None:
        raise RatingListError("the file does not say its month (e.g. sep26 in its name): give the month")
    columns = COMMON_COLUMNS + tuple(c for k in opened.kinds for c in kind_columns(k))
    rows = (_row(p, opened.kinds, month) for p in opened.players)  # type: ignore[arg-type]
    merge = _copy_and_merge if connection.vendor == "postgresql" else _upsert_in_batches
    count = merge(rows, columns, on_progress or (lambda _n: None))
    return ImportSummary(count, opened.kinds, month)


def _row(player: ListedPlayer, kinds: tuple[str, ...], month: date) -> tuple[object, ...]:
    figures: list[object] = []
    for kind in kinds:
        rated = player.ratings[kind]
        figures += [rated.rating, rated.games, rated.k, month]
    return (
        player.fide_id,
        player.name[:100],
        name_key(player.name),
        player.federation[:3],
        player.sex,
        player.title,
        player.birth_year,
        player.inactive,
        *figures,
    )


def _batches(rows: Iterable[tuple[object, ...]]) -> Iterator[list[tuple[object, ...]]]:
    iterator = iter(rows)
    while batch := list(itertools.islice(iterator, BATCH)):
        yield batch


def _copy_and_merge(rows: Iterable[tuple[object, ...]], columns: tuple[str, ...], on_progress: Progress) -> int:
    # One COPY per batch into a temporary table of this connection, each committed on its
    # own so that the progress written between them is seen by the page that polls; the
    # list itself changes in the one merge at the end, all or nothing.
    table = RatingListEntry._meta.db_table
    names = ", ".join(columns)
    updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in columns if c != "fide_id")
    seen: set[object] = set()
    twice = False
    count = 0
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS rating_list_incoming")
        cursor.execute(f"CREATE TEMPORARY TABLE rating_list_incoming (LIKE {table} INCLUDING DEFAULTS)")
        cursor.execute("ALTER TABLE rating_list_incoming ADD COLUMN seq bigint")
        try:
            for batch in _batches(rows):
                with cursor.copy(f"COPY rating_list_incoming ({names}, seq) FROM STDIN") as copy:
                    for row in batch:
                        count += 1
                        copy.write_row((*row, count))
                        twice = twice or row[0] in seen
                        seen.add(row[0])
                on_progress(count)
            seen.clear()
            # A FIDE ID twice in the file: its last line counts (one row per player, as ON
            # CONFLICT requires within one statement). Only then are the rows sorted: a
            # million of them cost a sort on disk.
            source = (
                f"SELECT DISTINCT ON (fide_id) {names} FROM rating_list_incoming ORDER BY fide_id, seq DESC"
                if twice
                else f"SELECT {names} FROM rating_list_incoming"
            )
            with transaction.atomic():
                rebuilt = _indexes_set_aside(cursor, table)
                cursor.execute(f"INSERT INTO {table} ({names}) {source} ON CONFLICT (fide_id) DO UPDATE SET {updates}")
                for definition in rebuilt:
                    cursor.execute(definition)
        finally:
            cursor.execute("DROP TABLE IF EXISTS rating_list_incoming")
    return count


def _indexes_set_aside(cursor: CursorWrapper, table: str) -> list[str]:
    """Into an empty table (the first list imported) the names' indexes (the prefix and
    the trigram one) are built once after the rows, not row by row: a third of the first
    import's time. Returns their definitions, to run after the merge (same transaction:
    the table is locked meanwhile, and empty before)."""
    cursor.execute(f"SELECT EXISTS (SELECT 1 FROM {table})")
    if cursor.fetchone()[0]:
        return []
    cursor.execute(
        "SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_index x ON x.indexrelid = "
        "(quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass "
        "WHERE i.tablename = %s AND i.schemaname = current_schema() AND NOT x.indisprimary",
        [table],
    )
    found = cursor.fetchall()
    for index_name, _definition in found:
        cursor.execute(f'DROP INDEX "{index_name}"')
    return [definition for _name, definition in found]


def _upsert_in_batches(rows: Iterable[tuple[object, ...]], columns: tuple[str, ...], on_progress: Progress) -> int:
    count = 0
    with transaction.atomic():
        for batch in _batches(rows):
            latest = {row[0]: row for row in batch}  # a FIDE ID twice: its last line counts
            RatingListEntry.objects.bulk_create(
                [RatingListEntry(**dict(zip(columns, row, strict=True))) for row in latest.values()],
                update_conflicts=True,
                unique_fields=["fide_id"],
                update_fields=[c for c in columns if c != "fide_id"],
                batch_size=500,
            )
            count += len(batch)
            on_progress(count)
    return count


def entry(fide_id: str | int) -> RatingListEntry | None:
    text = str(fide_id).strip()
    if not text.isdigit() or len(text) > 12:  # FIDE IDs have up to 9 digits today
        return None
    return RatingListEntry.objects.filter(fide_id=int(text)).first()


def entries(fide_ids: Iterable[str]) -> dict[str, RatingListEntry]:
    """The listed players of *fide_ids*, by FIDE ID as text."""
    ids = {int(i) for i in fide_ids if str(i).isdigit() and len(str(i)) <= 12}
    found: dict[str, RatingListEntry] = {}
    id_list = sorted(ids)
    for start in range(0, len(id_list), 1000):
        for e in RatingListEntry.objects.filter(fide_id__in=id_list[start : start + 1000]):
            found[str(e.fide_id)] = e
    return found


def search(query: str, limit: int = SEARCH_LIMIT) -> list[RatingListEntry]:
    """Players whose FIDE ID is *query*, or whose name starts with it (then whose name
    holds it, where the trigram index makes that cheap: PostgreSQL)."""
    query = query.strip()
    if not query:
        return []
    if query.isdigit():
        found = entry(query)
        return [found] if found else []
    key = name_key(" ".join(query.replace(",", ", ").split()))
    if len(key) < 2:
        return []
    found_list = list(RatingListEntry.objects.filter(name_key__startswith=key)[:limit])
    if len(found_list) < limit and len(key) >= 3 and connection.vendor == "postgresql":
        seen = {e.fide_id for e in found_list}
        more = RatingListEntry.objects.filter(name_key__contains=key).exclude(fide_id__in=seen)
        found_list += list(more[: limit - len(found_list)])
    return found_list


def list_months() -> dict[str, date | None]:
    """The month of the newest list imported, per kind."""
    from django.db.models import Max

    months = RatingListEntry.objects.aggregate(**{k: Max(f"{k}_month") for k in KINDS})
    return {k: months[k] for k in KINDS}

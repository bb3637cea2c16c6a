"""Rows per second of the FIDE rating list import.

Writes a realistic list in FIDE's published forms (the combined XML and TXT lists by
default; --form to take one, --kind for a single list, --zip to zip it) with N players
(default 1,000,000), imports each into a throw-away test database (SQLite by default,
PostgreSQL when DATABASE_URL says so) through tourney.rating_list.store, imports it a
second time (a newer list: every row updated in place), and prints the seconds and rows
per second of each. Target: 1,000,000 rows in under 2 minutes on PostgreSQL.

    python bench/rating_list_import.py [--rows 1000000] [--form xml|txt] [--kind standard|rapid|blitz] [--zip]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import zipfile
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from tourney.rating_list.generator import random_players, write_txt, write_xml  # noqa: E402

SEPTEMBER = date(2026, 9, 1)


def write_list(directory: Path, rows: int, form: str, kind: str | None, zipped: bool) -> Path:
    name = f"{kind or 'players_list'}_sep26frl.{form}"
    path = directory / name
    with path.open("w", encoding="utf-8", newline="") as out:
        if form == "xml":
            write_xml(random_players(rows), out, kind=kind)
        else:
            write_txt(random_players(rows), out, kind=kind, month=SEPTEMBER)
    if not zipped:
        return path
    archive = path.with_suffix(".zip")
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        z.write(path, name)
    path.unlink()
    return archive


def timed_import(path: Path, kind: str | None) -> tuple[int, float, float]:
    """Rows, wall seconds, and this process's CPU seconds (the reading; the database's own
    work runs in its server): on a shared machine the wall time counts the others' load."""
    from tourney.rating_list.store import import_rating_list

    started, cpu = time.perf_counter(), time.process_time()
    summary = import_rating_list(path, kind=kind)
    return summary.rows, time.perf_counter() - started, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--form", choices=["xml", "txt"], action="append", help="xml, txt (default: both)")
    ap.add_argument("--kind", choices=["standard", "rapid", "blitz"])
    ap.add_argument("--zip", action="store_true")
    args = ap.parse_args()
    setup_test_environment()
    # A database of its own: the test suite may run beside it.
    if connection.vendor == "postgresql":
        connection.settings_dict.setdefault("TEST", {})["NAME"] = f"bench_{connection.settings_dict['NAME']}"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        for form in args.form or ["xml", "txt"]:
            with tempfile.TemporaryDirectory() as directory:
                started = time.perf_counter()
                path = write_list(Path(directory), args.rows, form, args.kind, args.zip)
                size, written = path.stat().st_size / 2**20, time.perf_counter() - started
                print(f"{connection.vendor}: {path.name}, {size:.1f} MiB, written in {written:.1f} s")
                for label in ("first import", "second import (in place)"):
                    rows, seconds, cpu = timed_import(path, args.kind)
                    print(
                        f"{form} {label}: {rows:,} rows in {seconds:.1f} s, {rows / seconds:,.0f} rows/s "
                        f"({cpu:.1f} s CPU here)"
                    )
                print(f"load average after: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()

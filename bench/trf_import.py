"""Seconds and queries to import a FIDE TRF file of N players as a new tournament.

Builds a throw-away test database (SQLite by default, PostgreSQL when DATABASE_URL says
so), a finished event of N players and R rounds (bench/big_event.py), exports it as a
TRF-2026 file, then imports that file through the import service, as the import job does
(tourney.services.imports.import_tournament). Prints the size of the file, the parse and
write times (wall clock, and the CPU time of this process: the figure that holds when the
machine is busy) and the number of queries. Target: under 10 s for 2,000 players.

    python bench/trf_import.py [--players 1000 2000] [--rounds 9]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "1")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402


def measure(players: int, rounds: int) -> None:
    from big_event import build_event

    from pairing.engine.trf import parse_trf
    from tourney.services.imports import import_tournament
    from tourney.trf_io import export_text

    event = build_event(players, rounds)
    text = export_text(event)
    started = time.perf_counter()
    trf = parse_trf(text)
    parsed = time.perf_counter() - started
    queries = []

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        started, cpu = time.perf_counter(), time.process_time()
        imported = import_tournament(trf, name=f"Imported {players}")
        written, cpu = time.perf_counter() - started, time.process_time() - cpu
    games = sum(r.games.count() for r in imported.round_set.all())
    print(
        f"{connection.vendor}: {players} players, {rounds} rounds ({len(text) / 1024:.0f} KiB, {games} games): "
        f"parse {parsed:.2f} s, write {written:.2f} s ({cpu:.2f} s CPU in this process), "
        f"total {parsed + written:.2f} s, {len(queries)} queries"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[1000, 2000])
    ap.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args()
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        for players in args.players:
            measure(players, args.rounds)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()

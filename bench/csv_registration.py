"""Seconds and queries to register a CSV file of players through the registration page.

Builds a throw-away test database (SQLite by default, PostgreSQL when DATABASE_URL says
so), a tournament with a few players already registered, and uploads a CSV of N rows
(default 3,000) through the whole Django stack, as the arbiter's browser does. Prints
the time and the number of queries. Target: under 10 s for 3,000 rows.

    python bench/csv_registration.py [--rows 3000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "1")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402


def csv_text(rows: int) -> bytes:
    lines = ["name;rating;title;federation;fide_id;sex;birth_date"]
    for k in range(rows):
        lines.append(f"Player {k:05d};{1000 + (k * 7919) % 1700};;ITA;{200000 + k};m;1990-01-{1 + k % 28:02d}")
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=3000)
    args = ap.parse_args()
    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from django.contrib.auth import get_user_model

        from tourney.models import Player, Tournament
        from tourney.roles import appoint

        t = Tournament.objects.create(name="Bench Open", rounds=9, initial_colour="white")
        for k in range(1, 5):
            Player.objects.create(tournament=t, pairing_number=k, name=f"Early {k}", rating=1500 + k)
        user = get_user_model().objects.create_user("arbiter")
        appoint(t, user, "arbiter")
        client = Client()
        client.force_login(user)
        upload = SimpleUploadedFile("entries.csv", csv_text(args.rows))
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.post(f"/t/{t.pk}/registration/csv/", {"file": upload})
            seconds = time.perf_counter() - started
        registered = t.players.count() - 4
        print(f"{connection.vendor}: {args.rows} rows -> {registered} players registered (HTTP {response.status_code})")
        print(f"{seconds:.2f} s, {len(queries)} queries")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()

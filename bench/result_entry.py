"""Milliseconds per result entered on the arbiter's round page, 300-player tournament.

Builds a throw-away test database (SQLite by default, PostgreSQL when DATABASE_URL
says so), a 300-player tournament with round 5 paired by the Dutch engine and
published (150 boards), then enters every result as the keyboard does: an HTMX POST
of "12 1-0" to the round's result endpoint, through the whole Django stack
(middleware, session, CSRF, the role check, set_result with its row locks and audit
entry, the partial rendered). Prints the median, 90th percentile and worst time, the
CPU time and the SQL statements of a result, and (--statements) those of the last one.
Target: under 100 ms per result, also under load (bench/public_load.py measures that).

    python bench/result_entry.py [--players 300] [--round 5] [--statements]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tourney.settings")
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "1")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

RESULTS = ["1-0", "0-1", "=", "1-0", "0-1", "=", "+-"]


def build(players: int, rounds: int):  # type: ignore[no-untyped-def]
    from django.contrib.auth import get_user_model

    from pairing.job import pair_round
    from tourney.models import Player, Result, Round, Tournament
    from tourney.roles import appoint
    from tourney.services.rounds import close_round, publish_pairing

    rng = random.Random(7)
    t = Tournament.objects.create(name="Bench Open", rounds=rounds + 2, initial_colour="white")
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    Player.objects.bulk_create(
        Player(tournament=t, pairing_number=k, name=f"Player {k:03d}", rating=r) for k, r in enumerate(ratings, start=1)
    )
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=t, number=number)
        pair_round(round_id=rnd.pk)
        publish_pairing(round_id=rnd.pk)
        if number < rounds:
            for g in rnd.games.all():
                g.result = rng.choice([Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW])
                g.save(update_fields=["result"])
            close_round(round_id=rnd.pk)
    user = get_user_model().objects.create_user("bench-arbiter")
    appoint(t, user, "arbiter")
    client = Client()
    client.force_login(user)
    return t, Round.objects.get(tournament=t, number=rounds), client


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--round", type=int, default=5, help="the round whose results are entered")
    parser.add_argument("--statements", action="store_true", help="print the SQL statements of the last result")
    args = parser.parse_args()

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        started = time.perf_counter()
        t, rnd, client = build(args.players, args.round)
        print(
            f"{args.players} players, round {args.round} with {rnd.games.count()} boards "
            f"({connection.vendor}); built in {time.perf_counter() - started:.1f}s"
        )
        url = f"/t/{t.pk}/rounds/{rnd.number}/result/"
        # One request to warm the caches (templates, permissions), not counted.
        client.get(f"/t/{t.pk}/rounds/{rnd.number}/")
        times, cpu, queries = [], [], []
        last: list[str] = []
        for k, board in enumerate(rnd.games.order_by("board").values_list("board", flat=True)):
            started, started_cpu = time.perf_counter(), time.process_time()
            with CaptureQueriesContext(connection) as captured:
                response = client.post(
                    url, {"entry": f"{board} {RESULTS[k % len(RESULTS)]}"}, headers={"HX-Request": "true"}
                )
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
            queries.append(len(captured))
            last = [q["sql"] for q in captured.captured_queries]
            assert response.status_code == 200 and b"Board" in response.content, response.content[:200]
        assert not rnd.games.filter(result="").exists()
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(
            f"result entry: median {statistics.median(times):.1f} ms, 90th percentile {p90:.1f} ms, "
            f"worst {times[-1]:.1f} ms per result over {len(times)} results (target < 100 ms)"
        )
        # Under a loaded CPU each database round trip waits for the scheduler again: the
        # count matters as much as the CPU time.
        kinds = Counter(sql.split(None, 1)[0] for sql in last)
        print(
            f"per result: {statistics.median(cpu):.1f} ms CPU (median, this process), "
            f"{statistics.median(queries):.0f} SQL statements (median; the last: "
            + ", ".join(f"{n} {kind}" for kind, n in kinds.most_common())
            + ")"
        )
        if args.statements:
            for sql in last:
                print("   ", sql[:160])
        started = time.perf_counter()
        client.get(f"/t/{t.pk}/rounds/{rnd.number}/")
        page_ms = (time.perf_counter() - started) * 1000
        print(f"the whole round page (arbiter, {rnd.games.count()} boards): {page_ms:.0f} ms")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()

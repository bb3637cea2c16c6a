"""Seconds to compute the public pages of a big open once: 2,000 players after 11 rounds.

Builds a throw-away test database (SQLite by default, PostgreSQL when DATABASE_URL says
so) holding a 2,000-player tournament with 11 rounds played (bench/big_event.py), then
times, with the number of SQL queries, what each page computes: the points standings
with the ARO list, the standings with the tie-breaks (BH-C1, BH, SB, ARO, WIN), the
crosstable, a player card; then each page rendered whole through Django (cache missed:
what a reader waits for just after a change); the rating changes, the prize winners
(four categories, 22 prizes, shared) and their pages, the wall chart and the pairing by
name. The CPU time is this process's (SQLite
runs in it): on a shared machine it is the steadier figure. Target: standings, tie-breaks, crosstable
and ARO under 1 s each.

    python bench/public_compute.py [--players 2000] [--rounds 11] [--profile crosstable]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
import uuid
from collections.abc import Callable
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
from django.urls import reverse  # noqa: E402


def timed(name: str, work: Callable[[], object], profile: str | None) -> None:
    with CaptureQueriesContext(connection) as queries:
        started, cpu = time.perf_counter(), time.process_time()
        if profile == name:
            profiler = cProfile.Profile()
            profiler.runcall(work)
        else:
            work()
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"  {name:<28} {seconds:7.3f} s  ({cpu:6.3f} s CPU)  {len(queries):5d} queries")
    if profile == name:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--profile", help="profile one of the timed steps (its name)")
    args = parser.parse_args()

    setup_test_environment()
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.DEBUG = False
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from bench.big_event import build_event
        from tourney.presentation import card, crosstable_cells, points, tiebreak_table

        started = time.perf_counter()
        t = build_event(args.players, args.rounds)
        print(
            f"{args.players} players, {args.rounds} rounds on {connection.vendor}: built in "
            f"{time.perf_counter() - started:.1f} s"
        )
        last = args.rounds
        player = t.players.get(pairing_number=args.players // 2)
        print("computed once:")
        timed("points standings and AROs", lambda: points.standings(t, last), args.profile)
        table: list = []
        timed("standings with tie-breaks", lambda: table.append(tiebreak_table.standings_table(t, None)), args.profile)
        _, rows, _ = table[0]
        timed("crosstable", lambda: crosstable_cells.crosstable_rows(t, rows, range(1, last + 1)), args.profile)
        timed("player card", lambda: card.player_card(t, player), args.profile)
        # Categories and prizes as an open has them: two rating groups, women, juniors.
        from decimal import Decimal

        from tourney.models import Category, Prize
        from tourney.prizes import prize_winners
        from tourney.ratings import rating_changes

        groups = [
            Category.objects.create(tournament=t, name="U2000", kind="rating", rating_max=1999),
            Category.objects.create(tournament=t, name="U1600", kind="rating", rating_max=1599),
            Category.objects.create(tournament=t, name="Women", kind="women"),
            Category.objects.create(tournament=t, name="U18", kind="age", age_max=18),
        ]
        for place in range(1, 11):
            Prize.objects.create(tournament=t, place=place, amount=Decimal(1100 - 100 * place))
        for group in groups:
            for place in range(1, 4):
                Prize.objects.create(tournament=t, category=group, place=place, amount=Decimal(200 - 50 * place))
        timed("rating changes", lambda: rating_changes(t, last), args.profile)
        t.prizes_shared = True
        t.save(update_fields=["prizes_shared"])
        timed("prize winners, shared", lambda: prize_winners(t, "General"), args.profile)
        print("pages rendered whole (cache missed):")
        tid = {"tournament_id": t.pk}
        pages = {
            "tournament page": reverse("tournament_detail", kwargs=tid),
            "round pairing": reverse("round_detail", kwargs={**tid, "number": last}),
            "points and ARO list": reverse("round_standings", kwargs={**tid, "number": last}),
            "standings page": reverse("standings", kwargs=tid),
            "crosstable page": reverse("crosstable", kwargs=tid),
            "player card page": reverse("player_card", kwargs={**tid, "player_id": player.pk}),
            "rating report page": reverse("rating_report", kwargs=tid),
            "prizes page": reverse("prizes", kwargs=tid),
            "category page": reverse("category_standings", kwargs={**tid, "category_id": groups[0].pk}),
            "wall chart page": reverse("print_wallchart", kwargs=tid),
            "pairing by name page": reverse("print_pairing_alphabetical", kwargs={**tid, "number": last}),
        }
        client = Client()
        for name, url in pages.items():
            settings.PUBLIC_CACHE_RELEASE = uuid.uuid4().hex  # a miss, as after a change

            def get(url: str = url) -> None:
                assert client.get(url).status_code == 200

            timed(name, get, args.profile)
        settings.PUBLIC_CACHE_RELEASE = "served"
        client.get(pages["crosstable page"])
        timed("crosstable page, cached", lambda: client.get(pages["crosstable page"]), args.profile)
        renewed_after_a_result(args, client)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def renewed_after_a_result(args: argparse.Namespace, client: Client) -> None:
    """What a result of the round under way costs the public pages: an event with rounds
    1..N-1 closed and round N published, every page read once, a result entered (the
    service bumps the versions), every page read again (rendered anew, reusing what the
    result left as it was: the standings after round N-1 and their rows)."""
    from bench.big_event import build_event
    from tourney.models import Result
    from tourney.services.results import set_result

    settings.PUBLIC_CACHE_RELEASE = uuid.uuid4().hex
    settings.PUBLIC_PAGE_REFRESH_SECONDS = 0
    t = build_event(args.players, args.rounds, last_open=True)
    last = args.rounds
    player = t.players.get(pairing_number=args.players // 2)
    tid = {"tournament_id": t.pk}
    pages = {
        "round pairing": reverse("round_detail", kwargs={**tid, "number": last}),
        "points and ARO list": reverse("round_standings", kwargs={**tid, "number": last}),
        "standings page": reverse("standings", kwargs=tid),
        "crosstable page": reverse("crosstable", kwargs=tid),
        "player card page": reverse("player_card", kwargs={**tid, "player_id": player.pk}),
    }
    for url in pages.values():
        assert client.get(url).status_code == 200
    games = iter(t.round_set.get(number=last).games.order_by("board"))
    print(f"renewed after a result of round {last}, under way (rounds 1-{last - 1} closed):")
    for name, url in pages.items():
        set_result(game_id=next(games).pk, result=Result.WHITE_WINS)  # bumps on commit (autocommit: now)

        def get(url: str = url) -> None:
            assert client.get(url).status_code == 200

        timed(name, get, args.profile)


if __name__ == "__main__":
    main()

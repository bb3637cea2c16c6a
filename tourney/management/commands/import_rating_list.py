"""Import a FIDE rating list file: ``manage.py import_rating_list FILE [--kind ...] [--month YYYY-MM]``."""

from __future__ import annotations

import time
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tourney.rating_list.parser import KINDS, RatingListError
from tourney.rating_list.store import import_rating_list


def month_argument(text: str) -> date:
    try:
        year, month = (int(part) for part in text.split("-"))
        return date(year, month, 1)
    except ValueError:
        raise CommandError(f"--month {text!r}: give the list's month as YYYY-MM, e.g. 2026-09") from None


class Command(BaseCommand):
    help = (
        "Import a FIDE rating list (the standard, rapid or blitz list, or the combined one; XML or TXT, "
        "zipped or not, as downloaded from ratings.fide.com). A newer list updates each player in place."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument(
            "--kind", choices=KINDS, help="the list's kind, when a single list's file name does not say it"
        )
        parser.add_argument("--month", help="the list's month (YYYY-MM), when the file does not say it")

    def handle(self, *args: Any, file: str, kind: str | None, month: str | None, **options: Any) -> None:
        started = time.monotonic()

        def progress(rows: int) -> None:
            if options["verbosity"] >= 1:
                self.stderr.write(f"\r{rows:,} players read", ending="")

        try:
            summary = import_rating_list(
                file, kind=kind, month=month_argument(month) if month else None, on_progress=progress
            )
        except (RatingListError, OSError) as error:
            raise CommandError(f"{file}: {error}") from None
        seconds = time.monotonic() - started
        self.stderr.write("")
        self.stdout.write(
            f"{summary.rows:,} players of the {' / '.join(summary.kinds)} list of {summary.month:%B %Y} "
            f"imported in {seconds:.1f} s"
        )

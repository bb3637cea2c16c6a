"""manage.py export_trf ID: write a tournament as TRF16 with XXR/XXC and the TRF-2026 records."""

from __future__ import annotations

import dataclasses
from argparse import ArgumentParser
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from pairing.engine.trf import draft_type_code as draft_type_code_of
from pairing.engine.trf import write_trf
from tourney.models import Tournament
from tourney.trf_io import export_tournament


class Command(BaseCommand):
    help = "Write a tournament as TRF16 plus the XXR/XXC lines and TRF-2026 records 142, 152, 162, 192 and 240."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("tournament_id", type=int)
        parser.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")
        parser.add_argument(
            "--draft-type-code",
            action="store_true",
            help="record 192 in the draft table's spelling (FIDE_DUTCH_2025 for FIDE_DUTCH_2026), "
            "for engines released before the final code table",
        )

    def handle(
        self, *args: object, tournament_id: int, output: Path | None, draft_type_code: bool, **options: object
    ) -> None:
        try:
            tournament = Tournament.objects.get(pk=tournament_id)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament with id {tournament_id}") from None
        trf = export_tournament(tournament)
        if draft_type_code:
            trf = dataclasses.replace(trf, type_192=draft_type_code_of(trf.type_192))
        text = write_trf(trf, trf26=True)
        if output is None:
            self.stdout.write(text, ending="")
        else:
            output.write_text(text, encoding="utf-8")

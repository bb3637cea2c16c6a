"""manage.py import_trf FILE: create a tournament from a FIDE TRF file."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from pairing.engine.trf import TrfError, read_trf
from tourney.models import PairingSystem, Tournament
from tourney.services.imports import import_tournament
from tourney.trf_io import TrfImportError


class Command(BaseCommand):
    help = "Import a TRF16/TRF-2026 file as a new tournament with its players and played rounds."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--system", choices=PairingSystem.values, help="pairing system (default: record 192, else dutch)"
        )
        parser.add_argument("--name", help="tournament name (default: record 012)")
        parser.add_argument(
            "--edition",
            choices=("2017", "2026"),
            help="rules edition for a file whose record 192 names none (default: the one in force on "
            "the start date, else today's)",
        )
        parser.add_argument("--rounds", type=int, help="number of rounds, for a file that declares none (XXR/142)")
        parser.add_argument(
            "--if-absent", action="store_true", help="do nothing when a tournament of that name already exists"
        )

    def handle(
        self,
        *args: object,
        file: Path,
        system: str | None,
        name: str | None,
        if_absent: bool,
        rounds: int | None = None,
        edition: str | None = None,
        **options: object,
    ) -> None:
        try:
            trf = read_trf(file)  # UTF-8 (a byte-order mark skipped), else Latin-1
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from None
        except TrfError as error:
            raise CommandError(f"{file}:{error.line}:{error.column}: {error.message}") from None
        wanted = name or trf.name.strip() or "Imported tournament"
        if if_absent and (existing := Tournament.objects.filter(name=wanted).first()):
            self.stdout.write(f"{wanted!r} is already there (id {existing.pk}); nothing imported")
            return
        try:
            tournament = import_tournament(trf, system=system, name=name, rounds=rounds, edition=edition)
        except TrfImportError as error:
            raise CommandError(f"{file}: {error}") from None
        self.stdout.write(
            self.style.SUCCESS(
                f"imported {tournament.name!r} as tournament {tournament.pk}: "
                f"{tournament.players.count()} players, {tournament.round_set.count()} rounds"
            )
        )

"""manage.py load_demo: the demo tournament of `make run`, imported once."""

from __future__ import annotations

from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "dutch-seed-example.trf"


class Command(BaseCommand):
    help = "Import the 14-player Dutch worked example unless it is already there."

    def handle(self, *args: object, **options: object) -> None:
        call_command("import_trf", str(DEMO), "--if-absent", stdout=self.stdout)

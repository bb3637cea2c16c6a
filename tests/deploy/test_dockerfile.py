"""The Dockerfile, read as text (no Docker engine runs here): the image carries the Italian
messages compiled, since git keeps only locale/*.po."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines]


def _index(instructions: list[tuple[str, str]], kind: str, needle: str) -> int:
    return next(k for k, (name, args) in enumerate(instructions) if name == kind and needle in args)


def test_the_image_copies_the_locale_and_compiles_it_with_gettext_installed() -> None:
    steps = _instructions()
    copied = _index(steps, "COPY", "locale")
    assert steps[copied][1].split() == ["locale", "./locale"]  # /app/locale: settings.LOCALE_PATHS
    compiled = _index(steps, "RUN", "compilemessages")
    assert compiled > copied and compiled > _index(steps, "COPY", "manage.py")
    compile_step = steps[compiled][1]
    installs = compile_step.split("compilemessages")[0]
    assert re.search(r"apt-get install [^&]*\bgettext\b", installs), "msgfmt comes with Debian's gettext"
    assert compiled < _index(steps, "USER", "tourney")  # root writes the .mo files


def test_the_files_the_image_copies_are_enough_to_compile_the_italian(tmp_path) -> None:
    """The image's compile step, run on the files its COPY lines take: the .mo comes out."""
    for name in ("manage.py", "setup.py"):
        shutil.copy(ROOT / name, tmp_path / name)
    for name in ("tourney", "pairing", "locale"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("*.mo", "__pycache__"))
    subprocess.run(
        [sys.executable, "manage.py", "compilemessages", "-v0"],
        cwd=tmp_path,
        check=True,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "tourney.settings"},
    )
    assert (tmp_path / "locale" / "it" / "LC_MESSAGES" / "django.mo").stat().st_size > 1000

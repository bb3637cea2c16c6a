"""The catalogue a bare ``pytest`` compiles (tests/translations.py) reads as msgfmt's does."""

from __future__ import annotations

import gettext
import io
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.translations import LOCALE, mo_bytes, po_messages

PO = LOCALE / "it" / "LC_MESSAGES" / "django.po"


def _catalogue(path: Path) -> dict:
    with path.open("rb") as handle:
        return gettext.GNUTranslations(handle)._catalog


def test_the_python_writer_gives_msgfmts_catalogue(tmp_path: Path) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("gettext's msgfmt is not installed (.ci/run installs it)")
    ours, theirs = tmp_path / "ours.mo", tmp_path / "theirs.mo"
    ours.write_bytes(mo_bytes(po_messages(PO.read_text(encoding="utf-8"))))
    subprocess.run(["msgfmt", "-o", str(theirs), str(PO)], check=True)
    ours_catalogue, theirs_catalogue = _catalogue(ours), _catalogue(theirs)
    # msgfmt rewrites the header (it drops POT-Creation-Date): the messages are compared.
    ours_catalogue.pop("")
    theirs_catalogue.pop("")
    assert len(ours_catalogue) > 700
    assert ours_catalogue == theirs_catalogue


def test_contexts_plurals_and_fuzzy_entries() -> None:
    po = (
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgctxt "round"\nmsgid "Open"\nmsgstr "Aperto"\n\n'
        'msgid "%d game"\nmsgid_plural "%d games"\nmsgstr[0] "%d partita"\nmsgstr[1] "%d partite"\n\n'
        '#, fuzzy\nmsgid "Draft"\nmsgstr "Bozza"\n\n'
        'msgid "Say \\"no\\""\nmsgstr ""\n"Di\' "\n"\\"no\\""\n'
    )

    catalogue = gettext.GNUTranslations(io.BytesIO(mo_bytes(po_messages(po))))
    assert catalogue.pgettext("round", "Open") == "Aperto"
    assert catalogue.ngettext("%d game", "%d games", 3) == "%d partite"
    assert catalogue.gettext("Draft") == "Draft"
    assert catalogue.gettext('Say "no"') == 'Di\' "no"'

"""The Italian catalogue for a bare ``pytest``: ``make test`` compiles it with gettext's
msgfmt, but a test run started without make would find no ``django.mo`` and read every
Italian page in English. Before the session the catalogue is compiled when it is missing
or older than its ``.po``: by msgfmt when the machine has it, otherwise by the writer
below, which produces the GNU ``.mo`` format Python's gettext reads."""

from __future__ import annotations

import ast
import shutil
import struct
import subprocess
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def compile_stale_catalogues() -> None:
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        if shutil.which("msgfmt"):
            subprocess.run(["msgfmt", "--check-format", "-o", str(mo), str(po)], check=True)
        else:
            mo.write_bytes(mo_bytes(po_messages(po.read_text(encoding="utf-8"))))


def po_messages(text: str) -> dict[str, str]:
    """The translated messages of a ``.po`` file, keyed as gettext looks them up:
    ``context\\x04msgid``, and ``msgid\\x00msgid_plural`` with the plural forms joined
    by NUL. Fuzzy and untranslated entries are left out, as msgfmt leaves them."""
    messages: dict[str, str] = {}
    entry: dict[str, list[str]] = {}
    fuzzy = False
    field = ""

    def finish() -> None:
        nonlocal entry, fuzzy
        if "msgid" in entry and not fuzzy:
            msgid = "".join(entry["msgid"])
            if "msgid_plural" in entry:
                forms = [entry[name] for name in sorted(k for k in entry if k.startswith("msgstr["))]
                key = msgid + "\x00" + "".join(entry["msgid_plural"])
                value = "\x00".join("".join(form) for form in forms)
            else:
                key, value = msgid, "".join(entry.get("msgstr", []))
            if "msgctxt" in entry:
                key = "".join(entry["msgctxt"]) + "\x04" + key
            if value.strip("\x00"):
                messages[key] = value
        entry, fuzzy = {}, False

    for line in text.splitlines():
        line = line.strip()
        if not line:
            finish()
        elif line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[field].append(ast.literal_eval(line))
        else:
            field, _space, literal = line.partition(" ")
            if field in ("msgctxt", "msgid") and "msgstr" in entry:
                finish()
            entry[field] = [ast.literal_eval(literal)]
    finish()
    return messages


def mo_bytes(messages: dict[str, str]) -> bytes:
    """The GNU message catalogue of *messages*: header, the two tables of (length,
    offset) pairs sorted by original, then the strings, each ending in NUL."""
    keys = sorted(messages, key=lambda k: k.encode("utf-8"))
    originals = [k.encode("utf-8") for k in keys]
    translations = [messages[k].encode("utf-8") for k in keys]
    count = len(keys)
    tables_start = 7 * 4
    strings_start = tables_start + 2 * count * 8
    table, strings = [], b""
    for text in originals + translations:
        table.append((len(text), strings_start + len(strings)))
        strings += text + b"\x00"
    header = struct.pack("<7I", 0x950412DE, 0, count, tables_start, tables_start + count * 8, 0, 0)
    return header + b"".join(struct.pack("<2I", *pair) for pair in table) + strings


def assert_italian_for(templates: list) -> None:
    """Every template of an explanation's words (a string, or a ``Plural`` with its two
    msgids) has its Italian entry, each form with the same ``{fields}`` as the English."""
    import string

    italian = po_messages((LOCALE / "it" / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for template in templates:
        plural = getattr(template, "plural", None)
        key, english = (template.singular + "\x00" + plural, plural) if plural else (template, template)
        assert key in italian, key
        for form in italian[key].split("\x00"):
            assert fields(form) == fields(english), key

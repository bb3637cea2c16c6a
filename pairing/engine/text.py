"""Text that goes into files other programs read: no control characters, ever.

A TRF record is one line, so a newline inside a name would split it; a CSV cell that
starts with ``=``, ``+``, ``-`` or ``@`` is read by spreadsheets as a formula. Input is
refused when it holds a control character (:func:`control_character`) or, in a name, an
invisible format character (:func:`format_character`); output is made safe by
:func:`printable` and, for spreadsheets, :func:`spreadsheet_cell`.
"""

from __future__ import annotations

import re
import unicodedata

# C0 and C1 controls and DEL; tab is a control too (a name has none).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


def control_character(text: str) -> int | None:
    """The 0-based index of the first control character of *text*, or None."""
    match = _CONTROL.search(text)
    return match.start() if match else None


def format_character(text: str) -> int | None:
    """The 0-based index of the first invisible format character of *text* (Unicode category
    Cf: the bidirectional overrides, embeddings, isolates and marks, zero-width spaces and
    joiners, the byte-order mark, soft hyphens, tags), or None. They change how a name is
    shown (U+202E writes it backwards) or make two names look alike without being equal;
    FIDE writes names in Latin letters, which need none of them."""
    for at, char in enumerate(text):
        if unicodedata.category(char) == "Cf":
            return at
    return None


def describe(char: str) -> str:
    """A control character as a reader can name it: ``U+000A``."""
    return f"U+{ord(char):04X}" + (f" ({unicodedata.name(char)})" if unicodedata.name(char, "") else "")


def printable(text: str) -> str:
    """*text* with every control character replaced by a space."""
    return _CONTROL.sub(" ", text)


def spreadsheet_cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text: a leading formula character is quoted with
    an apostrophe (the OWASP advice); numbers stay numbers."""
    if isinstance(value, int | float):
        return str(value)
    text = printable("" if value is None else str(value))
    if _NUMBER.match(text):
        return text
    return "'" + text if text.startswith(_FORMULA_PREFIXES) else text


def decode(data: bytes) -> str:
    """A text file's bytes as text: UTF-8 (a byte-order mark skipped), UTF-16 when its
    byte-order mark says so (Windows' "Unicode" text, spreadsheets' "Unicode text"), else
    Latin-1, which older Windows tools write."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    data = data.removeprefix(b"\xef\xbb\xbf")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")

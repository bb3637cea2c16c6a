"""A value as ``{{ value }}`` shows it, for the big tables' rows.

A 2,000-player table is 2,000 rows of ten to twenty cells: the template language takes
half a second over them, the functions that use this some milliseconds, for the same
bytes (tests/web/test_public.py compares them with the template they replace).
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape


class Shown:
    """A value as ``{{ value }}`` shows it in the reader's language (localised, escaped);
    each distinct value is converted once per table."""

    def __init__(self) -> None:
        self.seen: dict[tuple[type, str], str] = {}
        # localize() gives an int as str() does unless thousands are grouped.
        self.plain_ints = not settings.USE_THOUSAND_SEPARATOR

    def __call__(self, value: object) -> str:
        kind = type(value)
        if kind is str:
            return escape(value)  # localize() leaves a string as it is
        if kind is int and self.plain_ints:
            return str(value)
        key = (kind, str(value))
        text = self.seen.get(key)
        if text is None:
            text = self.seen[key] = conditional_escape(localize(value))
        return text


def url_pattern(name: str, **kwargs: object) -> tuple[str, str]:
    """The URL *name* with its last argument left out: (before, after) it."""
    sentinel = 987654321
    last = next(reversed(kwargs))
    url = reverse(name, kwargs={**kwargs, last: sentinel})
    before, after = url.split(str(sentinel))
    return before, after

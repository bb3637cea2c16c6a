"""Public pages computed once per change: the version tokens of each tournament (here), the
page cache and HTTP caching (the modules of this package).

Every tournament has a few version tokens in Django's cache (Redis in production, shared by
every web process and the Celery worker):

- ``all``: bumped by every change a reader can see;
- ``base``: the players and the settings (names, ratings, tie-break list, number of rounds);
- ``rounds``: a round's status (paired, published, closed...) and so its boards;
- ``r<n>``: round *n* (pairing requested, paired, published, exchanged, results, closed,
  requested byes).

A page depends on some of them: a round's pairing page on ``base`` and its own round; the
tournament page on ``base`` and ``rounds`` (a result does not change it); the standings,
crosstable, player cards and downloads on ``all``. The services
call :func:`public_change` at the point of the write; the bump runs in
``transaction.on_commit``, so a reader never sees a new version before its data is committed.
A token is the change time in microseconds (hex): it gives ``Last-Modified``, and a token
lost from the cache comes back as a new, later one, so a page can never be mistaken for
an older one.

:func:`public_page` wraps a public view. A reader (nobody signed in: a made-up session
cookie makes no difference) gets the page from the cache, keyed by (tournament, version
tokens, canonical path and query, language, known HTMX target); it is rendered once per
change and per variant, with no CSRF token in it (the same bytes for every reader, so a
proxy may keep it), with ``ETag``/``Last-Modified`` and ``Cache-Control: public,
max-age=PUBLIC_PAGE_MAX_AGE``; ``If-None-Match`` is answered 304 without touching the
database. Any other URL of a page (a zero-padded number, a parameter it does not read) is
redirected to its own, and nothing is kept for a tournament or round that does not exist,
so made-up URLs cannot fill the cache. A signed-in user (an arbiter, an organizer: his
requests carry the desk marker, checked here before the session is read) is rendered
fresh, never read from nor written to the cache, and marked ``private, no-store``: what
the desk shows (a draft pairing, its explanations) never reaches a cache a reader can hit,
and the arbiter never reads a public copy older than his own change.

The cache only spares work: every call to it goes through :func:`guarded`, and a cache that

The package, one job a module:

- here: the version tokens and :func:`public_change`, the services' one call;
- :mod:`.guard`: every call to the cache, which may fail (:func:`guard.guarded`);
- :mod:`.computed`: values computed once per change while shared pages render;
- :mod:`.pages`: the rendered pages kept per version (this process's copies, Redis's);
- :mod:`.conditional`: the HTTP validators and ``Cache-Control`` of a public answer;
- :mod:`.public_views`: the :func:`public_views.public_page` decorator, its scopes and
  the canonical URL of each page;
- :mod:`.readers`: who is a reader (a shared page) and who may be a signed-in user (the
  desk marker);
- :mod:`.middleware`: the page in hand answered before the session, the desk marker,
  private by default;
- :mod:`.checks`: the deploy checks, and the bound on a live page's delay.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence

from django.conf import settings
from django.db import transaction

from tourney.caching.guard import FAILED, CacheUnavailable, UnknownPage, guarded

ALL = "all"
BASE = "base"
ROUNDS = "rounds"
# The site-wide scope (tournament id 0): the list of tournaments on the home page.
SITE = 0
TOURNAMENT_LIST = "list"
VERSION_TTL = 30 * 24 * 3600  # a token lost after this comes back as a newer one: pages recompute once


def round_part(number: int) -> str:
    return f"r{number}"


def key_prefix() -> str:
    return f"pub:{settings.PUBLIC_CACHE_RELEASE}"


def _version_key(tournament_id: int, part: str) -> str:
    return f"{key_prefix()}:v:{tournament_id}:{part}"


def _token() -> str:
    return format(time.time_ns() // 1000, "x")


def token_time(token: str) -> float:
    try:
        return int(token, 16) / 1_000_000
    except ValueError:
        return time.time()


# ---------------------------------------------------------------- invalidation


def parts_changed(*, round_number: int | None = None, base: bool = False, status: bool = False) -> tuple[str, ...]:
    parts = [ALL]
    if base:
        parts.append(BASE)
    if status:
        parts.append(ROUNDS)
    if round_number is not None:
        parts.append(round_part(round_number))
    return tuple(parts)


def bump(tournament_id: int, parts: Iterable[str]) -> None:
    """New tokens for *parts* of the tournament now (use public_change from a service). Its
    players or settings (name, place, dates, status) are on the home page's list too."""
    keys = [_version_key(tournament_id, p) for p in parts]
    if BASE in parts:
        keys.append(_version_key(SITE, TOURNAMENT_LIST))
    _write_tokens(keys)


# Version keys whose new token the cache refused: written again at the next chance (a
# change already committed must reach the readers once the cache takes writes again).
_pending_bumps: dict[str, None] = {}
_next_bump_retry = 0.0
BUMP_RETRY_SECONDS = 1.0


def _write_tokens(keys: Sequence[str]) -> None:
    global _next_bump_retry
    token = _token()
    seen = time.monotonic()
    for key in keys:  # this process sees its own change at once
        _known_versions[key] = (token, seen)
    if guarded("set_many", dict.fromkeys(keys, token), timeout=VERSION_TTL) is FAILED:
        _pending_bumps.update(dict.fromkeys(keys))
        _next_bump_retry = seen + BUMP_RETRY_SECONDS
        return
    for key in keys:
        _pending_bumps.pop(key, None)


def _retry_pending_bumps() -> None:
    if _pending_bumps and time.monotonic() >= _next_bump_retry:
        _write_tokens(list(_pending_bumps))


# The tokens this process read last, with when: under a crowd every request would otherwise
# ask Redis for them. A change made in another process shows here after
# PUBLIC_VERSIONS_LOCAL_SECONDS at most (0: ask Redis every time).
_known_versions: dict[str, tuple[str, float]] = {}


def public_change(
    tournament_id: int, *, round_number: int | None = None, base: bool = False, status: bool = False
) -> None:
    """What readers see of the tournament changes when the current transaction commits:
    round *round_number*'s pairing or results (*status*: and the round's status, or its
    boards), or (*base*) its players or settings. Every change also renews the pages that
    show the whole tournament's results."""
    parts = parts_changed(round_number=round_number, base=base, status=status)
    transaction.on_commit(lambda: bump(tournament_id, parts))


def versions(tournament_id: int, parts: Sequence[str]) -> tuple[str, ...]:
    """The current tokens of *parts*, in order (one round trip when they are known, none
    when this process read them less than PUBLIC_VERSIONS_LOCAL_SECONDS ago)."""
    return versions_read(tournament_id, parts)[0]


def versions_read(tournament_id: int, parts: Sequence[str]) -> tuple[tuple[str, ...], float]:
    """versions(), and when they were read from the cache (wall clock, seconds): every
    change bumped before that time is in them."""
    keys = [_version_key(tournament_id, p) for p in parts]
    now = time.monotonic()
    fresh_for = settings.PUBLIC_VERSIONS_LOCAL_SECONDS
    if fresh_for > 0:
        known = [_known_versions.get(k) for k in keys]
        if all(k is not None and now - k[1] < fresh_for for k in known):
            oldest = min(k[1] for k in known)  # type: ignore[index]
            return tuple(k[0] for k in known), time.time() - (now - oldest)  # type: ignore[index]
    _retry_pending_bumps()
    found = guarded("get_many", keys)
    if found is FAILED:
        raise CacheUnavailable
    missing = [k for k in keys if k not in found]
    if missing:
        # A token is kept only for what exists: made-up tournament or round numbers would
        # otherwise each leave keys in the cache for VERSION_TTL.
        if not _exists(tournament_id, [p for p, k in zip(parts, keys, strict=True) if k in missing]):
            raise UnknownPage
        token = _token()
        for key in missing:
            guarded("add", key, token, timeout=VERSION_TTL)
        again = guarded("get_many", missing)
        found.update({k: token for k in missing} if again is FAILED else again)
    tokens = tuple(str(found.get(k, "")) for k in keys)
    for key, token in zip(keys, tokens, strict=True):
        _known_versions[key] = (token, now)
    return tokens, time.time() - (time.monotonic() - now)


def rounds_of(tournament_id: int) -> int | None:
    """The tournament's number of rounds, None when there is no such tournament."""
    from tourney.models import Tournament

    return Tournament.objects.filter(pk=tournament_id).values_list("rounds", flat=True).first()


def _exists(tournament_id: int, parts: Sequence[str]) -> bool:
    """The tournament exists and so do the rounds among *parts* (asked only when a version
    is missing from the cache: once per tournament and round every VERSION_TTL)."""
    if tournament_id == SITE:
        return True
    rounds = rounds_of(tournament_id)
    if rounds is None:
        return False
    numbers = [int(p[1:]) for p in parts if re.fullmatch(r"r\d+", p)]
    return all(1 <= n <= rounds for n in numbers)

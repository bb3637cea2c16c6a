"""Values computed once per change of the versions they depend on, while pages shared by
every reader render (standings, tables, their HTML)."""

from __future__ import annotations

import contextvars
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.conf import settings

from tourney.caching import BASE, key_prefix, round_part, versions
from tourney.caching.guard import CacheUnavailable, UnknownPage, guarded

# True while a page shared by every reader renders: what it computes may be reused by the
# next one of the same versions. A logged-in user's page computes afresh (the desk reads
# what the database holds now, even written behind the services' back).
rendering_shared_page: contextvars.ContextVar[bool] = contextvars.ContextVar("shared_page", default=False)
COMPUTED_ENTRIES = 24  # a few tournaments' states, standings and tables


def rounds_through(number: int) -> tuple[str, ...]:
    """What the public view of rounds 1..*number* depends on: the players and settings, and
    each of those rounds (its status, pairing and results are bumped under its own part)."""
    return (BASE, *(round_part(k) for k in range(1, number + 1)))


_computed: OrderedDict[str, Any] = OrderedDict()
_computed_lock = threading.Lock()


def computed_once(
    tournament_id: int, parts: Sequence[str], name: str, compute: Callable[[], Any], *, shared: bool = False
) -> Any:
    """*compute*()'s value, computed once per change of the tournament's *parts* while shared
    pages render (kept by this process, the last COMPUTED_ENTRIES; *shared*: in the cache
    too, for every process: a string, say); computed afresh for a logged-in user's page.

    The versions are read before *compute* reads the database, and a version moves only
    once its change is committed: a value kept under a version is never older than it."""
    if not rendering_shared_page.get():
        return compute()
    try:
        key = f"{key_prefix()}:c:{tournament_id}:{name}:{'.'.join(versions(tournament_id, parts))}"
    except (CacheUnavailable, UnknownPage):
        return compute()
    with _computed_lock:
        if key in _computed:
            _computed.move_to_end(key)
            return _computed[key]
    value = guarded("get", key, default=None) if shared else None
    if value is None:
        value = compute()
        if shared:
            guarded("set", key, value, timeout=settings.PUBLIC_PAGE_CACHE_SECONDS)
    with _computed_lock:
        _computed[key] = value
        while len(_computed) > COMPUTED_ENTRIES:
            _computed.popitem(last=False)
    return value


@contextmanager
def shared_rendering() -> Iterator[None]:
    """While a page shared by every reader renders: what it computes is kept."""
    sharing = rendering_shared_page.set(True)
    try:
        yield
    finally:
        rendering_shared_page.reset(sharing)

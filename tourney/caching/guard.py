"""Every call to the cache goes through :func:`guarded`: a cache that is down or refuses
writes makes pages render afresh, never an error."""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache import cache

logger = logging.getLogger(__name__)
# What a guarded cache call answers when the cache failed (distinct from a miss).
FAILED: Any = object()
# After a connection failure this process leaves the cache alone this long: every request
# would otherwise wait for a connection that is refused or times out.
CACHE_RETRY_SECONDS = 2.0
# One warning per this many seconds at most: a crowd would otherwise fill the log.
CACHE_WARNING_SECONDS = 10.0
_cache_down_until = 0.0
_last_cache_warning = 0.0


class CacheUnavailable(Exception):
    """The cache did not answer: the page is rendered without it."""


class UnknownPage(Exception):
    """The page names a tournament or a round that does not exist: nothing is kept for it."""


def _connection_failure(error: Exception) -> bool:
    try:
        from redis.exceptions import ConnectionError as RedisConnectionError
        from redis.exceptions import TimeoutError as RedisTimeoutError
    except ImportError:  # pragma: no cover - redis is in requirements.txt
        return isinstance(error, OSError)
    return isinstance(error, RedisConnectionError | RedisTimeoutError | OSError)


def guarded(operation: str, *args: Any, default: Any = FAILED, fallback: Any = None, **kwargs: Any) -> Any:
    """``cache.<operation>(*args, **kwargs)``, or *default* when the cache fails. The cache
    only spares work: a cache that is down, or refuses writes, makes pages render afresh,
    never an error. With *fallback* (another cache, this process's own) a failure asks it
    instead, and the ValueError of ``incr`` on a missing key is an answer, not a failure."""
    global _cache_down_until, _last_cache_warning
    if time.monotonic() < _cache_down_until:
        return default if fallback is None else getattr(fallback, operation)(*args, **kwargs)
    try:
        return getattr(cache, operation)(*args, **kwargs)
    except ValueError:
        if fallback is not None:
            raise
        return default
    except Exception as error:  # any cache failure: the page renders without the cache
        now = time.monotonic()
        if _connection_failure(error):
            _cache_down_until = now + CACHE_RETRY_SECONDS
        if now - _last_cache_warning >= CACHE_WARNING_SECONDS:
            _last_cache_warning = now
            logger.warning("cache: %s failed (%s: %s); going on without it", operation,
                           type(error).__name__, error)  # fmt: skip
        return default if fallback is None else getattr(fallback, operation)(*args, **kwargs)

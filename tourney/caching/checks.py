"""The cache's deploy checks (`check --deploy`), and the bound on how late a live page
shows a change."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks

from tourney.caching.pages import RENDERING_ELSEWHERE_SECONDS


@checks.register(checks.Tags.caches, deploy=True)
def check_shared_cache(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """`check --deploy`: the public pages' versions must be shared by every process. In this
    process's memory, a change made in one gunicorn worker would not reach the others."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend.endswith("LocMemCache"):
        return [
            checks.Warning(
                "The cache is this process's memory: with more than one web process, public pages "
                "would not see changes made in another.",
                hint="Set REDIS_URL (or CACHE_URL) so that every process shares the cache.",
                id="tourney.W001",
            )
        ]
    return []


@checks.register(checks.Tags.security, deploy=True)
def check_site_url(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """`check --deploy`: the address on printed pairing sheets comes from SITE_URL, not from
    whatever Host a request names."""
    if settings.SITE_URL:
        return []
    return [
        checks.Warning(
            "SITE_URL is not set: printed pairing sheets and check-in codes show the address each "
            "request names, and the pairing sheet is kept once per host name.",
            hint="Set SITE_URL to the site's address, e.g. https://chess.example.org.",
            id="tourney.W003",
        )
    ]


# ---------------------------------------------------------------- live pages

# The live pages (a round under way, its points and ARO list, a player card) poll this often
# (hx-trigger in their templates, held to it by tests/tourney/test_caching.py), answered 304
# while nothing changed: before the middleware, or by the proxy within its max-age.
LIVE_POLL_SECONDS = 2
# A reader keeping a live page open sees a change within this (renders aside).
LIVE_CHANGE_LIMIT_SECONDS = 5


def live_change_delay() -> float:
    """The longest a committed change takes to reach a reader's live page, rendering aside.

    After the change: the processes see its versions within PUBLIC_VERSIONS_LOCAL_SECONDS;
    the previous copy is served until PUBLIC_PAGE_REFRESH_SECONDS after its versions were
    read, which was before the change (the two overlap, they do not add up); a process
    that found another rendering the new copy asks again RENDERING_ELSEWHERE_SECONDS later;
    a proxy keeps a page it fetched just before its process saw the change for
    PUBLIC_PAGE_MAX_AGE (the previous copy goes out with max-age 0); then the next poll."""
    local = settings.PUBLIC_VERSIONS_LOCAL_SECONDS
    server = max(settings.PUBLIC_PAGE_REFRESH_SECONDS, local) + RENDERING_ELSEWHERE_SECONDS
    proxy = local + settings.PUBLIC_PAGE_MAX_AGE
    return LIVE_POLL_SECONDS + max(server, proxy)


@checks.register(checks.Tags.caches, deploy=True)
def check_live_change_delay(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """`check --deploy`: the timings set by the environment keep a change within
    LIVE_CHANGE_LIMIT_SECONDS of a reader's live page."""
    delay = live_change_delay()
    if delay < LIVE_CHANGE_LIMIT_SECONDS:
        return []
    return [
        checks.Warning(
            f"A change may take {delay:g} s to reach a reader's live page (limit {LIVE_CHANGE_LIMIT_SECONDS} s).",
            hint="Lower PUBLIC_PAGE_REFRESH_SECONDS, PUBLIC_PAGE_MAX_AGE or PUBLIC_VERSIONS_LOCAL_MS.",
            id="tourney.W002",
        )
    ]

"""Every URL route of the site, for the tests that walk all of them."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, get_resolver


def all_routes(resolver: URLResolver | None = None, prefix: str = "") -> list[tuple[str, URLPattern]]:
    """(route, pattern) for each view, the route spelled in full from the root."""
    out = []
    for p in (resolver or get_resolver()).url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            out += all_routes(p, route)
        else:
            out.append((route, p))
    return out

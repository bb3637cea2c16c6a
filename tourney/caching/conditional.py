"""The HTTP side of a public answer: ETag, Last-Modified, Cache-Control and Vary, and the
304 of a page the reader already holds."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date

from tourney.caching.pages import PageVersion, stored_response


def public_headers(response: HttpResponse, etag: str, last_modified: float, max_age: int) -> HttpResponse:
    # Weak when compressed: the same page in two encodings (If-None-Match compares weakly).
    response["ETag"] = f"W/{etag}" if response.get("Content-Encoding") == "gzip" else etag
    response["Last-Modified"] = http_date(last_modified)
    patch_cache_control(response, public=True, max_age=max_age)
    patch_vary_headers(response, ("Cookie", "Accept-Language", "HX-Request", "HX-Target"))
    return response


def page_answer(
    request: HttpRequest, version: PageVersion, page: dict[str, Any], etag: str, max_age: int
) -> HttpResponse:
    if etag != version.etag:  # the previous copy, while the new one is due or rendered
        answer = get_conditional_response(request, etag=etag) or stored_response(page, request)
        return public_headers(answer, etag, page["last_modified"], 0)
    return public_headers(stored_response(page, request), etag, version.last_modified, max_age)


def not_modified(request: HttpRequest, version: PageVersion, max_age: int) -> HttpResponse | None:
    answer = get_conditional_response(request, etag=version.etag, last_modified=int(version.last_modified))
    return None if answer is None else public_headers(answer, version.etag, version.last_modified, max_age)

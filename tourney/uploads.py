"""Request bodies are bounded before they are read, and an upload reaches only the user
who may make it.

Django reads a POST body in the CSRF check, before any view runs, and would spool a file
part to a temporary file on disk: an anonymous 200 MB POST wrote 190 MiB before its 403.
This middleware answers first, from the headers alone (Content-Length, Content-Type, the
session's user):

- an upload (a multipart body, the only kind that carries a file, to a view marked
  :func:`tourney.access.takes_upload`) is read only for a user that view's role admits:
  anyone else gets 403; above REQUEST_MAX_BYTES (nginx's ``client_max_body_size``) 413;
- any other body above DATA_UPLOAD_MAX_MEMORY_SIZE (Django's 2.5 MB for form fields) gets
  413: a file sent where none is taken costs at most that much memory.

What passes is read in memory (settings.FILE_UPLOAD_HANDLERS), except for a view marked
:func:`large_upload`: it has its own cap (a setting it names) and its file is streamed to a
temporary file on disk, never held in memory (a FIDE rating list).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.files.uploadhandler import TemporaryFileUploadHandler
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat
from django.urls import Resolver404, ResolverMatch, resolve


def declared_length(request: HttpRequest) -> int:
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except ValueError:
        return 0  # Django reads no body it cannot size


def is_multipart(request: HttpRequest) -> bool:
    return request.META.get("CONTENT_TYPE", "").lower().startswith("multipart/")


def upload_view(request: HttpRequest) -> ResolverMatch | None:
    """The view a multipart body goes to, when it is one that takes an upload."""
    if not is_multipart(request):
        return None
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return None
    return match if getattr(match.func, "takes_upload", False) else None


class UploadGateMiddleware:
    """After the session and the user are known, before the CSRF check reads the body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = declared_length(request)
        if not length:
            return self.get_response(request)
        upload = upload_view(request)
        limit = upload_limit(upload.func) if upload else settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if length > limit:
            return too_large(request, length, limit)
        if upload and not upload.func.allows(request.user, **upload.kwargs):
            return not_allowed(request)  # the role's own check, asked before the body is read
        if upload and getattr(upload.func, "upload_limit_setting", None):
            # Set before anything (the CSRF check) reads the body: the file goes to disk.
            request.upload_handlers = [TemporaryFileUploadHandler(request)]
        return self.get_response(request)


def upload_limit(view: Callable[..., HttpResponse]) -> int:
    setting = getattr(view, "upload_limit_setting", None)
    return int(getattr(settings, setting)) if setting else settings.REQUEST_MAX_BYTES


def large_upload(setting: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Marks a view (already :func:`tourney.access.takes_upload`) whose upload may reach the
    bytes the setting *setting* names, and is streamed to disk instead of memory."""

    def mark(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        if not getattr(view, "takes_upload", False):
            raise TypeError(f"{view.__name__} must take an upload (tourney.access.takes_upload) first")
        view.upload_limit_setting = setting  # type: ignore[attr-defined]
        return view

    return mark


def not_allowed(request: HttpRequest) -> HttpResponse:
    """The site's 403 page, rendered here: Django's own 403 handler checks the CSRF token
    and so would read the body."""
    response = render(request, "403.html", status=403)
    response["Connection"] = "close"
    return response


def too_large(request: HttpRequest, length: int, limit: int) -> HttpResponse:
    context = {"size": filesizeformat(length), "limit": filesizeformat(limit)}
    response = render(request, "413.html", context, status=413)
    response["Connection"] = "close"  # the unread body is not waited for
    return response

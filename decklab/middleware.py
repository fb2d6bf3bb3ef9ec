"""Site-wide middleware: an unreadable form body is a plain 400, an oversized body a 413."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _


class UnreadableFormIsBadRequest:
    """A form POST in a charset other than UTF-8 gets a 400 before the CSRF check reads it.

    Django raises `BadRequest` from `request.POST` for such a body. The CSRF check reads it first,
    and Django's 400 view (behind the same CSRF check) and its debug page read it again while
    answering, which ends in a 500. Reading it once here answers plainly instead.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and request.content_type == "application/x-www-form-urlencoded":
            try:
                request.POST  # noqa: B018 - parsed here so that a failure is answered here
            except BadRequest as error:
                return HttpResponseBadRequest(
                    f"{error}\n", content_type="text/plain; charset=utf-8"
                )
        return self.get_response(request)


class RequestBodyLimit:
    """A request body larger than the site's cap is a 413 before anything reads it.

    Django caps form fields (`DATA_UPLOAD_MAX_MEMORY_SIZE`) but streams file parts to disk with no
    limit, so a 100 MB multipart POST to any form would be read whole. The declared length is
    checked here; the read is bounded too, because Django reads at most CONTENT_LENGTH bytes (a body
    without a length reads as empty). Staff uploads (`DECKLAB_UPLOAD_VIEWS`) have their own cap.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return _refusal(request, 400, _("The Content-Length header is not a number."))
        limit = _body_limit(request) if length > settings.DECKLAB_MAX_REQUEST_BYTES else length
        if length > limit:
            message = _(
                "The request body has %(length)s bytes; this address takes at most %(limit)s."
            ) % {"length": f"{length:,}", "limit": f"{limit:,}"}
            return _refusal(request, 413, message)
        return self.get_response(request)


def _body_limit(request: HttpRequest) -> int:
    try:
        match = resolve(request.path_info)
    except Resolver404:
        return settings.DECKLAB_MAX_REQUEST_BYTES
    names = {match.view_name, *match.namespaces}
    if names & set(settings.DECKLAB_UPLOAD_VIEWS):
        return settings.DECKLAB_MAX_UPLOAD_BYTES
    return settings.DECKLAB_MAX_REQUEST_BYTES


def _refusal(request: HttpRequest, status: int, message: str) -> HttpResponse:
    if request.path_info.startswith("/api/"):
        return JsonResponse({"detail": message}, status=status)
    return HttpResponse(f"{message}\n", status=status, content_type="text/plain; charset=utf-8")

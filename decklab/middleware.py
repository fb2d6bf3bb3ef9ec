"""Site-wide middleware: an unreadable form body is a plain 400, an oversized body a 413; the site's
own error pages whatever DEBUG says."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseServerError,
    JsonResponse,
)
from django.urls import Resolver404, resolve
from django.utils.log import log_response
from django.utils.translation import gettext as _
from django.views import defaults


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


class FriendlyErrorPages:
    """The site's own 404, 403 and 500 pages, also when DEBUG is on (`make run`).

    With DEBUG on, Django answers a missing page with its debug page, which lists every URL pattern
    of the site, and a private deck's link must look like any missing page to a stranger. Django has
    no switch for this, so this middleware answers what Django's handlers answer with DEBUG off:
    view exceptions go to the same `django.views.defaults` views (the 500 is logged like Django
    logs it), and a URL that matches no pattern gets the 404 page. `DECKLAB_DEBUG_ERROR_PAGES=1`
    brings Django's debug pages back for a developer.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    @staticmethod
    def _active() -> bool:
        return settings.DEBUG and not settings.DECKLAB_DEBUG_ERROR_PAGES

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self._active() and response.status_code == 404 and request.resolver_match is None:
            return defaults.page_not_found(request, Http404())
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not self._active():
            return None
        if isinstance(exception, Http404):
            return defaults.page_not_found(request, exception)
        if isinstance(exception, PermissionDenied):
            return defaults.permission_denied(request, exception)
        if isinstance(exception, BadRequest | SuspiciousOperation):
            return None  # Django's own 400 handling, which says what was wrong
        log_response(
            "Internal Server Error: %s",
            request.path,
            response=HttpResponseServerError(),
            request=request,
            exception=exception,
        )
        return server_error(request)


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 answer (`handler500`, and `FriendlyErrorPages` with DEBUG on): JSON under /api/,
    whose clients read JSON errors always, the site's page elsewhere."""
    if request.path_info.startswith("/api/"):
        body = {"detail": "The server failed to answer this request; it has been logged."}
        return JsonResponse(body, status=500)
    return defaults.server_error(request)

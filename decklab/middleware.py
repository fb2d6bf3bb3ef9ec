"""Site-wide middleware: a form body Django cannot read is a plain 400, never a 500; the site's own
error pages whatever DEBUG says."""

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
)
from django.utils.log import log_response
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
        return defaults.server_error(request)

"""Site-wide middleware: a form body Django cannot read is a plain 400, never a 500."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest


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

"""The requests views receive, typed by what the middleware and decorators in front guarantee:
django-htmx's middleware adds `request.htmx`; behind `login_required` (or DRF's
`IsAuthenticated`) the user is a signed-in `User`, never `AnonymousUser`."""

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails
from rest_framework.request import Request


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHttpRequest(HttpRequest):
    user: User


class AuthenticatedHtmxHttpRequest(HtmxHttpRequest):
    user: User


class AuthenticatedRequest(Request):
    """A DRF request behind `IsAuthenticated`."""

    user: User

"""Attempt limits for sign-in, sign-up and password reset: per account and per address.

Our own few lines rather than django-axes: axes guards sign-in only (not sign-up or reset mails),
keeps its records in extra database tables, and does not tell the visitor when to try again. The
counting is `cards.counters`' fixed window in the shared cache (docs/limits.md); the numbers live
in settings. These limits fail closed: with the cache's Redis down they raise `Unavailable` (a 503)
instead of letting every guess through (docs/limits.md "Cache").
"""

from __future__ import annotations

import math
import unicodedata

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext_lazy, ngettext

from cards import counters
from cards.counters import Limit
from decklab.cache import UNAVAILABLE, strict_cache


class Unavailable(Exception):
    """The attempt counters cannot be read: the attempt is refused (503), not let through."""

    message = gettext_lazy(
        "Signing in is unavailable for a moment because a service is down. Try again in a minute."
    )


def login_limits() -> tuple[Limit, Limit]:
    """Failed sign-ins: (per account, per address)."""
    return (
        Limit(
            "login-account",
            settings.DECKLAB_LOGIN_FAILURES_PER_ACCOUNT,
            settings.DECKLAB_LIMIT_WINDOW,
        ),
        Limit(
            "login-address",
            settings.DECKLAB_LOGIN_FAILURES_PER_ADDRESS,
            settings.DECKLAB_LIMIT_WINDOW,
        ),
    )


def signup_limit() -> Limit:
    """New accounts per address."""
    return Limit("signup-address", settings.DECKLAB_SIGNUPS_PER_ADDRESS, 3600)


def login_checks(username: str, request: HttpRequest) -> tuple[tuple[Limit, str], ...]:
    """The failed-sign-in checks of one attempt: its account name and the visitor's address (the
    sign-in page and `POST /api/v1/token` count together)."""
    account, address = login_limits()
    # The account as Django finds it: `ｃａｒｏｌ` signs in as `carol`, so it counts as `carol`.
    return ((account, unicodedata.normalize("NFKC", username)), (address, client_address(request)))


def reset_limits() -> tuple[Limit, Limit]:
    """Password reset mails: (per account e-mail, per address)."""
    return (
        Limit("reset-account", settings.DECKLAB_RESETS_PER_ACCOUNT, 3600),
        Limit("reset-address", settings.DECKLAB_RESETS_PER_ADDRESS, 3600),
    )


def client_address(request: HttpRequest) -> str:
    """The visitor's address: behind `DECKLAB_TRUSTED_PROXIES` proxies, the X-Forwarded-For entry
    that many places from its end (each proxy appends who connected to it); otherwise the
    connection's own, since the header is then whatever the client wrote."""
    hops = settings.DECKLAB_TRUSTED_PROXIES
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    if hops and forwarded[-1]:
        return forwarded[-min(hops, len(forwarded))]
    return request.META.get("REMOTE_ADDR", "")


def retry_after(*checks: tuple[Limit, str]) -> int:
    """Seconds until every (limit, key) allows another attempt; `Unavailable` if none can tell."""
    try:
        return counters.retry_after(*checks, store=strict_cache())
    except UNAVAILABLE:
        raise Unavailable from None


def hit(*checks: tuple[Limit, str]) -> None:
    """Count one attempt against each (limit, key); `Unavailable` if it cannot be counted."""
    try:
        counters.hit(*checks, store=strict_cache())
    except UNAVAILABLE:
        raise Unavailable from None


def wait_message(seconds: int) -> str:
    minutes = math.ceil(seconds / 60)
    return ngettext(
        "Too many attempts. Try again in %(minutes)d minute.",
        "Too many attempts. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}

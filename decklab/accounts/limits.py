"""Attempt limits for sign-in, sign-up and password reset: per account and per address.

Our own few lines rather than django-axes: axes guards sign-in only (not sign-up or reset mails),
keeps its records in extra database tables, and does not tell the visitor when to try again. This is
a fixed-window counter in the shared cache (the one DRF's throttles use, so every gunicorn worker
and every web process sees the same counts; docs/operators.md "Limits"). The numbers live in
settings.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import ngettext


@dataclass(frozen=True)
class Limit:
    """At most `attempts` counted attempts per key within `seconds`."""

    name: str
    attempts: int
    seconds: int


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
    return ((account, username), (address, client_address(request)))


def reset_limits() -> tuple[Limit, Limit]:
    """Password reset mails: (per account e-mail, per address)."""
    return (
        Limit("reset-account", settings.DECKLAB_RESETS_PER_ACCOUNT, 3600),
        Limit("reset-address", settings.DECKLAB_RESETS_PER_ADDRESS, 3600),
    )


def client_address(request: HttpRequest) -> str:
    """The visitor's address; behind the TLS proxy, the one the proxy appended last."""
    if settings.DECKLAB_BEHIND_TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")


def _keys(limit: Limit, key: str) -> tuple[str, str]:
    digest = hashlib.sha256(key.strip().lower().encode()).hexdigest()[:32]
    return f"decklab:limit:{limit.name}:{digest}:n", f"decklab:limit:{limit.name}:{digest}:t"


def retry_after(*checks: tuple[Limit, str]) -> int:
    """Seconds until every (limit, key) allows another attempt; 0 when all allow one now."""
    wait = 0
    for limit, key in checks:
        count_key, start_key = _keys(limit, key)
        if (cache.get(count_key) or 0) >= limit.attempts:
            started = cache.get(start_key) or time.time()
            wait = max(wait, math.ceil(started + limit.seconds - time.time()), 1)
    return wait


def hit(*checks: tuple[Limit, str]) -> None:
    """Count one attempt against each (limit, key)."""
    for limit, key in checks:
        count_key, start_key = _keys(limit, key)
        cache.add(start_key, time.time(), limit.seconds)
        cache.add(count_key, 0, limit.seconds)
        try:
            cache.incr(count_key)
        except ValueError:  # expired between add and incr: a new window starts
            cache.set(count_key, 1, limit.seconds)


def wait_message(seconds: int) -> str:
    minutes = math.ceil(seconds / 60)
    return ngettext(
        "Too many attempts. Try again in %(minutes)d minute.",
        "Too many attempts. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}

"""Fixed-window attempt counters in the shared cache: at most N counted attempts per key and window.

Our own few lines (`decklab.accounts.limits` says why not django-axes): the sign-in limits and the
proposal attempts (`cards.community.proposals`) count with them. The cache is the one DRF's
throttles use, so every gunicorn worker and web process sees the same counts; `store` is another
cache to count in (the sign-in limits pass one that raises when Redis is down).
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass

from django.core.cache import cache
from django.core.cache.backends.base import BaseCache


@dataclass(frozen=True)
class Limit:
    """At most `attempts` counted attempts per key within `seconds`."""

    name: str
    attempts: int
    seconds: int


def _keys(limit: Limit, key: str) -> tuple[str, str]:
    digest = hashlib.sha256(key.strip().lower().encode()).hexdigest()[:32]
    return f"decklab:limit:{limit.name}:{digest}:n", f"decklab:limit:{limit.name}:{digest}:t"


def retry_after(*checks: tuple[Limit, str], store: BaseCache | None = None) -> int:
    """Seconds until every (limit, key) allows another attempt; 0 when all allow one now."""
    store = store or cache
    wait = 0
    for limit, key in checks:
        count_key, start_key = _keys(limit, key)
        if (store.get(count_key) or 0) >= limit.attempts:
            started = store.get(start_key) or time.time()
            wait = max(wait, math.ceil(started + limit.seconds - time.time()), 1)
    return wait


def hit(*checks: tuple[Limit, str], store: BaseCache | None = None) -> None:
    """Count one attempt against each (limit, key)."""
    store = store or cache
    for limit, key in checks:
        count_key, start_key = _keys(limit, key)
        store.add(start_key, time.time(), limit.seconds)
        store.add(count_key, 0, limit.seconds)
        try:
            store.incr(count_key)
        except ValueError:  # expired between add and incr: a new window starts
            store.set(count_key, 1, limit.seconds)

"""The shared cache: Redis that fails open, so an outage slows pages down instead of breaking them.

Django's Redis cache raises on a refused connection, and nearly every request reads the cache
(API throttles, the home page's counts, the editor's panels): a Redis outage answered most of the
site with 500s (issue 22, finding 2). What the cache holds can always be done without: a read is a
miss, a write is skipped, the throttles let the request through. The sign-in limits cannot: they
read `strict`, which raises, and answer 503 on purpose (`decklab.accounts.limits`). docs/limits.md
"Cache" says why a cache of its own (`DECKLAB_CACHE_URL`) is better than the broker's Redis.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cached_property
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

#: What a Redis that is down or unreachable raises (redis-py); anything else is a bug to see.
UNAVAILABLE = (RedisConnectionError, RedisTimeoutError)

log = logging.getLogger("decklab.cache")

#: The keys a page asked for at once (`read_ahead`) and what the cache held for them: this
#: thread's reads of those keys are answered from here, and its writes update it.
_READ_AHEAD: ContextVar[dict[Any, Any] | None] = ContextVar(
    "decklab_cache_read_ahead", default=None
)
_MISSING = object()


class FailOpenRedisCache(RedisCache):
    """Django's Redis cache, but an unreachable Redis reads as a miss and writes nothing."""

    def __init__(self, server: str, params: dict[str, Any]):
        super().__init__(server, params)
        self._server, self._params = server, params

    @cached_property
    def strict(self) -> RedisCache:
        """The same Redis through Django's own backend, which raises when it is down."""
        return RedisCache(self._server, self._params)

    def _open(self, call: Callable[..., Any], fallback: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return call(*args, **kwargs)
        except UNAVAILABLE as error:
            log.warning("cache unavailable, carrying on without it: %s", error)
            return fallback

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        ahead = _READ_AHEAD.get()
        if ahead is not None and version is None and key in ahead:
            found = ahead[key]
            return default if found is _MISSING else found
        return self._open(super().get, default, key, default, version)

    def get_many(self, keys: Any, version: int | None = None) -> dict[str, Any]:
        return self._open(super().get_many, {}, keys, version)

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return self._open(super().has_key, False, key, version)

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._open(super().add, False, key, value, timeout, version)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        ahead = _READ_AHEAD.get()
        if ahead is not None and version is None and key in ahead:
            ahead[key] = value
        self._open(super().set, None, key, value, timeout, version)

    def set_many(self, data: dict, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> list:
        return self._open(super().set_many, list(data), data, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return self._open(super().touch, False, key, timeout, version)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        return self._open(super().incr, delta, key, delta, version)

    def delete(self, key: Any, version: int | None = None) -> bool:
        return self._open(super().delete, False, key, version)

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        self._open(super().delete_many, None, keys, version)

    # Django's RedisCache.clear answers the flush's bool; its stub inherits BaseCache's None.
    def clear(self) -> bool:  # type: ignore[override]
        return self._open(super().clear, False)


@contextmanager
def read_ahead(keys: Iterable[str]) -> Iterator[None]:
    """The default cache's values of `keys` in one round trip (`get_many`); meanwhile this
    thread's `get` of one of them reads that answer instead of asking Redis again.

    Django's Redis cache sends each `get` on its own (and builds a client for it): the editor's
    cached panels and forms were 9 round trips a page (issue 25 item 5). Other caches (files,
    memory) have no round trips to save and are read as usual."""
    backend = caches["default"]
    if not isinstance(backend, FailOpenRedisCache):
        yield
        return
    wanted = list(dict.fromkeys(keys))
    found = backend.get_many(wanted)
    token = _READ_AHEAD.set({key: found.get(key, _MISSING) for key in wanted})
    try:
        yield
    finally:
        _READ_AHEAD.reset(token)


def strict_cache() -> BaseCache:
    """The default cache, raising one of `UNAVAILABLE` when Redis is down (other caches as they
    are): for the checks that must not let everything through during an outage."""
    backend = caches["default"]
    return backend.strict if isinstance(backend, FailOpenRedisCache) else backend

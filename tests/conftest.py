"""Suite-wide fixtures and the services check.

`DECKLAB_REQUIRE_SERVICES=1` (CI's second run) turns a missing PostgreSQL or Redis into a failure;
`DECKLAB_REQUIRE_BROWSER=1` does the same for Chromium. Without them such tests skip with a reason.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from hypothesis import settings as hypothesis_settings

# No time limit per Hypothesis example: a deadline is a timing assertion, and on a loaded machine
# (or with pytest-xdist workers sharing the cores) it fails correct code.
hypothesis_settings.register_profile("decklab", deadline=None)
hypothesis_settings.load_profile("decklab")


def require_or_skip(flag: bool, reason: str) -> None:
    if flag:
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


@pytest.fixture
def require_browser() -> str:
    from pathlib import Path

    chromium = settings.DECKLAB_CHROMIUM
    if not Path(chromium).exists():
        require_or_skip(settings.DECKLAB_REQUIRE_BROWSER, f"no Chromium at {chromium}")
    return chromium


@pytest.fixture(autouse=True)
def fresh_cache(settings):
    """Each test gets an empty cache of its own: rate-limit counts never leak between tests, and
    rows rolled back and made again under the same ids never meet cached answers (the home page's
    counts, the editor's panels)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A request in Japanese leaves the thread's language active (LocaleMiddleware sets it per
    request and never resets it); code a later test calls directly must read English again."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture
def broker_down(monkeypatch) -> Iterator[None]:
    """This process's Celery app points at a broker nobody listens on (port 1 refuses), by a URL
    with a password in it (which no answer may show)."""
    from decklab.celery import app

    nobody = "redis://:hunter2-secret@127.0.0.1:1/0"
    monkeypatch.setenv("CELERY_BROKER_URL", nobody)  # Celery reads a set variable first
    keys = ("broker_url", "broker_transport", "broker_transport_options")
    saved = {key: app.conf[key] for key in keys}
    pools = (app._pool, app.amqp._producer_pool)
    app.conf.update(broker_url=nobody, broker_transport=None, broker_transport_options={})
    app._pool = app.amqp._producer_pool = None
    yield
    app.conf.update(saved)
    app._pool, app.amqp._producer_pool = pools

"""Suite-wide fixtures and the services check.

`DECKLAB_REQUIRE_SERVICES=1` (CI's second run) turns a missing PostgreSQL or Redis into a failure;
`DECKLAB_REQUIRE_BROWSER=1` does the same for Chromium. Without them such tests skip with a reason.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from hypothesis import settings as hypothesis_settings

# No per-example deadline: Hypothesis' default 200 ms is a timing assertion, and a busy machine
# (CI's two cores, a worker process beside the suite) made property tests fail on time alone.
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
def _empty_cache():
    """Each test starts with an empty cache: rolled-back rows may come back under the same ids
    and keys (the home page's counts, the editor's panels)."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A request in Japanese leaves the thread's language active (LocaleMiddleware sets it per
    request and never resets it); code a later test calls directly must read English again."""
    from django.utils import translation

    yield
    translation.deactivate()

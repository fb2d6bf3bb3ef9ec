"""Suite-wide fixtures and the services check.

The people (`owner`, `stranger`, `player`) and the invented DBSCG cards (`dbscg_cards`) live here
once; a folder that needs more extends a fixture under the same name (tests/discovery).

`DECKLAB_REQUIRE_SERVICES=1` (CI's second run) turns a missing PostgreSQL or Redis into a failure;
`DECKLAB_REQUIRE_BROWSER=1` does the same for Chromium. Without them such tests skip with a reason.

The pure game library's tests also run without Django (`pytest -p no:django tests/games`, the
first step of `make test`): the suite-wide fixtures then do nothing, and nothing here imports Django
at collection.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings as hypothesis_settings

# No time limit per Hypothesis example: a deadline is a timing assertion, and on a loaded machine
# (or with pytest-xdist workers sharing the cores) it fails correct code.
hypothesis_settings.register_profile("decklab", deadline=None)
hypothesis_settings.load_profile("decklab")


def django_loaded(request: pytest.FixtureRequest) -> bool:
    """Whether pytest-django runs this session (not under `-p no:django`)."""
    return request.config.pluginmanager.has_plugin("django")


def require_or_skip(flag: bool, reason: str) -> None:
    if flag:
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


@pytest.fixture
def require_browser() -> str:
    from pathlib import Path

    from django.conf import settings

    chromium = settings.DECKLAB_CHROMIUM
    if not Path(chromium).exists():
        require_or_skip(settings.DECKLAB_REQUIRE_BROWSER, f"no Chromium at {chromium}")
    return chromium


@pytest.fixture
def dbscg_cards(db) -> None:
    """The invented DBSCG cards of `tests/decks/factories.py` (a legal ZENKAI deck's worth)."""
    from tests.decks import factories

    factories.load_dbscg()


@pytest.fixture
def owner(db):
    from tests.decks import factories

    return factories.make_user("owner")


@pytest.fixture
def player(db):
    from tests.decks import factories

    return factories.make_user("player")


@pytest.fixture
def stranger(db):
    from tests.decks import factories

    return factories.make_user("stranger")


@pytest.fixture
def eager_tasks() -> Iterator[None]:
    """Tasks sent in the test run at once in the test process (no worker)."""
    from decklab.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def fresh_cache(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test gets an empty cache of its own: rate-limit counts never leak between tests, and
    rows rolled back and made again under the same ids never meet cached answers (the home page's
    counts, the editor's panels)."""
    if not django_loaded(request):
        yield
        return
    settings = request.getfixturevalue("settings")
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _english_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """A request in Japanese leaves the thread's language active (LocaleMiddleware sets it per
    request and never resets it); code a later test calls directly must read English again."""
    if not django_loaded(request):
        yield
        return
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

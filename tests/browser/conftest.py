"""Playwright harness: Debian's Chromium, headless, against pytest-django's live server.

Playwright's sync API runs an event loop in the test thread, which trips Django's async-unsafe
guard on ORM calls made by the test itself; the test only sets up data, so the guard is lifted.
Screenshots of each step go to `var/screenshots/<test>-<n>-<step>.png`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from django.conf import settings

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = settings.BASE_DIR / "var" / "screenshots"
#: How long one expected change may take to show (ms): generous for a loaded CI machine.
TIMEOUT_MS = 15_000


@pytest.fixture
def browser(require_browser: str) -> Iterator:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=require_browser, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser) -> Iterator[Callable]:
    """A page in a fresh context (its own cookies): call again for a second, session-less visitor."""
    contexts = []

    def make():
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(params=sorted(VIEWPORTS))
def sized_page(request, browser):
    """A page at one of the two widths players use: a laptop and a phone."""
    context = browser.new_context(
        viewport=VIEWPORTS[request.param], is_mobile=request.param == "phone", has_touch=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    yield context.new_page()
    context.close()


@pytest.fixture
def shoot(request) -> Callable:
    """Save a full-page screenshot of this step."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    steps = iter(range(1, 100))

    def save(page, step: str) -> None:
        name = f"{request.node.name}-{next(steps):02d}-{step}.png"
        page.screenshot(path=str(SCREENSHOTS / name), full_page=True)

    return save


# A real Celery worker on the test database, for pages that run simulations end to end.
from tests.goldfish.conftest import start_worker  # noqa: E402, F401

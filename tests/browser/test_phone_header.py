"""On a phone the header's games scroll sideways; a game's page shows its own name in that row."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.games.registry import GAMES
from tests.browser.conftest import TIMEOUT_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_the_page_s_game_is_in_sight_in_the_header_row(browser, live_server, shoot, locale):
    context = browser.new_context(
        locale=locale, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    for game in GAMES:
        page.goto(live_server.url + reverse("cards:list", args=[game]))
        current = page.locator("nav.games [aria-current=page]")
        box = current.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, game
    shoot(page, "last-game")
    context.close()

"""On a phone the header shows every game, the page's own among them, in a header of at most
about three lines (issue 23: a 150 px header hid three of the five games with no cue)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.games.registry import GAMES
from tests.browser.conftest import TIMEOUT_MS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_every_game_is_in_sight_in_a_short_header(browser, live_server, shoot, locale):
    context = browser.new_context(
        locale=locale, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    for game in GAMES:
        page.goto(live_server.url + reverse("cards:list", args=[game]))
        links = page.locator("nav.games a")
        assert links.count() == len(GAMES)
        for index in range(links.count()):
            box = links.nth(index).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, game
        assert page.locator("nav.games [aria-current=page]").count() == 1
        assert page.locator("header.site-header").bounding_box()["height"] <= 120, game
    shoot(page, "last-game")
    context.close()

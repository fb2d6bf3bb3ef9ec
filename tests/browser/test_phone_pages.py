"""Phones at 390 px: the main player pages fit the screen's width in Japanese (and the history and
the goldfish goal form in English too). Nothing scrolls sideways and no visible element reaches past
the right edge, except inside a `.table-scroll` box that is meant to scroll; a history version's
"Revert to this" and a goldfish mapping's rows are whole on screen. The screenshots go to
`var/screenshots` to be looked at."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decklab.decks.services import deck_close_draft, deck_create, deck_edit, deck_save
from tests.browser.conftest import TIMEOUT_MS, VIEWPORTS
from tests.browser.test_japanese import sign_in
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = VIEWPORTS["phone"]

#: Visible elements whose right edge passes the viewport's, outside the `.table-scroll` boxes that
#: scroll on purpose (and the header's games line, which scrolls sideways on a phone).
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (element.closest('.table-scroll, nav.games, .visually-hidden, [hidden]')) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    if (box.right > width + 1) {
      const classes = element.className && element.className.baseVal === undefined ? '.' + String(element.className).trim().replace(/\\s+/g, '.') : '';
      out.push(`${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''}${classes === '.' ? '' : classes} right=${Math.round(box.right)}`);
    }
  }
  return out;
}"""


def opened(browser, locale: str):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    context.set_default_timeout(TIMEOUT_MS)
    return context, context.new_page()


def fits(page) -> None:
    """The page is no wider than the phone, and nothing visible sticks out of its right edge."""
    assert page.evaluate(OVERFLOWING) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def within_screen(locator) -> None:
    """Every element the locator finds is whole on screen, left to right."""
    assert locator.count() >= 1
    for index in range(locator.count()):
        box = locator.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, box


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_each_version_shows_its_revert_button_whole(live_server, browser, shoot, locale):
    factories.load_dbscg()
    owner = factories.make_user(f"kaiten-{locale}")
    deck = deck_create(owner=owner, game="dbscg", name="Revert me", zones=factories.LEGAL_DBSCG)
    fewer = {**factories.LEGAL_DBSCG["main"], "TS1-002": 1, "TS1-003": 7}
    deck_save(deck=deck, zones={**factories.LEGAL_DBSCG, "main": fewer}, expected_version=1)
    for _ in range(3):
        deck_edit(deck=deck, action="add", zone="main", number="TS1-004", count=1)
    deck_close_draft(
        deck=deck,
        note="Regional qualifier list: https://example.com/a-rather-long-link-to-a-tournament-report",
    )
    deck_edit(deck=deck, action="set", zone="main", number="TS1-004", count=0)
    context, page = opened(browser, locale)
    sign_in(page, live_server, f"kaiten-{locale}")
    page.goto(live_server.url + reverse("decks:history", args=[deck.pk]))
    page.wait_for_selector("table.versions")
    fits(page)
    shoot(page, "history")
    buttons = page.locator("table.versions button[form^=revert-]")
    assert buttons.count() == 3
    within_screen(buttons)
    context.close()


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_goldfish_mapping_rows_fit_a_phone(live_server, browser, shoot, locale):
    factories.make_user(f"omomi-{locale}")
    context, page = opened(browser, locale)
    sign_in(page, live_server, f"omomi-{locale}")
    for game in ("dbscg", "dreadnought", "blade_rondo"):
        page.goto(live_server.url + reverse("goldfish:new") + f"?game={game}")
        rows = page.locator("table.mapping-rows input")
        rows.first.scroll_into_view_if_needed()
        shoot(page, game)
        fits(page)
        within_screen(rows)
    context.close()

"""The stateless builder's side panels follow the deck: legality and statistics of the newest change."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.browser.pages import search
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_builder_s_panels_show_the_deck_after_each_change_not_the_one_before(
    live_server, new_page, shoot
):
    factories.load_dreadnought()
    page = new_page()
    page.goto(live_server.url + reverse("decks:build", args=["dreadnought"]))
    search(page, "TD-U01")
    page.click("button[value='main:TD-U01']")
    page.wait_for_selector(".entry[data-number='TD-U01'][data-count='1']")
    page.wait_for_selector("#legality-panel .violation:has-text('1 now')")
    page.focus(".entry[data-zone='main'][data-number='TD-U01']")
    page.keyboard.press("4")
    page.wait_for_selector(".entry[data-number='TD-U01'][data-count='4']")
    # The panels refresh on the change's own deck code, so they count four copies, not one.
    page.wait_for_selector("#legality-panel .violation:has-text('4 now')")
    page.wait_for_selector("#stats-panel figcaption:has-text('(4 cards)')")
    shoot(page, "panels-follow-the-deck")

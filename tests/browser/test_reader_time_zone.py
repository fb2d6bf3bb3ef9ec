"""A browser in Tokyo reading an English page: its first page tells the site its zone (a cookie
from static/js/site.js, which the site's CSP allows), and the history shows times in JST."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from tests.browser.conftest import TIMEOUT_MS
from tests.browser.pages import PASSWORD, sign_in
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_history_shows_times_in_the_browser_s_zone(browser, live_server, shoot):
    from decklab.decks.services import deck_create

    factories.load_dbscg()
    owner = factories.make_user("aiko", PASSWORD)
    deck = deck_create(owner=owner, game="dbscg", name="Tokyo", zones=factories.LEGAL_DBSCG)
    deck.versions.update(edited_at=dt.datetime(2026, 11, 22, 23, 30, 5, tzinfo=dt.UTC))
    context = browser.new_context(locale="en-US", timezone_id="Asia/Tokyo")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    sign_in(page, live_server, "aiko")  # the first page sets the cookie
    page.goto(live_server.url + reverse("decks:history", args=[deck.pk]))
    shoot(page, "history-in-tokyo")
    assert re.search(r"2026-11-23 08:30:05 JST", page.content())
    cookies = {cookie["name"]: cookie["value"] for cookie in context.cookies()}
    assert cookies["decklab_tz"] == "Asia/Tokyo"
    context.close()

"""The editor never loses input: quick clicks and digit keys all land, on desktop and phone widths."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from decklab.decks import selectors
from decklab.decks.services import deck_create
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.test_deck_editor import sign_in
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
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


def own_deck(live_server, page, username: str):
    factories.load_dbscg()
    sign_in(page, live_server, username)
    owner = get_user_model().objects.get(username=username)
    deck = deck_create(owner=owner, game="dbscg", name="Fast hands", zones=factories.LEGAL_DBSCG)
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    return deck


def count_of(page, zone: str, number: str) -> str:
    return page.get_attribute(f".entry[data-zone='{zone}'][data-number='{number}']", "data-count")


def test_quick_clicks_and_digit_keys_are_all_saved(live_server, sized_page, shoot):
    page = sized_page
    deck = own_deck(live_server, page, "fasthands")
    plus = page.get_by_role("button", name="One copy more of TS1-002")
    for _ in range(8):
        plus.click()  # no waiting for the answer between clicks
    # A digit right after a "+" on another card: the "+" and the digit both apply, in order.
    page.get_by_role("button", name="One copy more of TS1-003").click()
    page.focus(".entry[data-zone='main'][data-number='TS1-003']")
    page.keyboard.press("2")
    # Clicks faster than any person: ten "+" dispatched in one go from the page itself.
    page.evaluate(
        """() => { for (let i = 0; i < 10; i++) {
            document.querySelector('.entry[data-number="TS1-004"] button[value="add:1"]').click(); } }"""
    )
    assert page.get_attribute("#editor", "aria-busy") == "true"  # the busy state shows at once
    shoot(page, "busy")
    page.wait_for_selector("#deck-status[data-kind='saved']", state="attached")
    assert page.get_attribute("#editor", "aria-busy") == "false"
    shoot(page, "saved")

    page.reload()
    assert count_of(page, "main", "TS1-002") == "12"
    assert count_of(page, "main", "TS1-003") == "2"
    assert count_of(page, "main", "TS1-004") == "14"
    deck.refresh_from_db()
    zones = selectors.current_zones(deck)["main"]
    assert (zones["TS1-002"], zones["TS1-003"], zones["TS1-004"]) == (12, 2, 14)
    # The legality panel followed the last change, not one in the middle of the burst.
    page.wait_for_selector("#legality-panel .legal-status[data-legal='false']")
    shoot(page, "reloaded")


def test_a_sitting_is_one_version_saved_with_a_note_and_compared_from_the_top_of_history(
    live_server, sized_page, shoot
):
    page = sized_page
    deck = own_deck(live_server, page, "sitter")
    plus = page.get_by_role("button", name="One copy more of TS1-005")
    plus.click()
    plus.click()
    page.wait_for_selector(".entry[data-number='TS1-005'][data-count='6']", state="attached")
    assert "draft: 2 changes" in page.inner_text("#deck-panel h2")
    page.fill(".save-version input[name=note]", "two more TS1-005")
    page.click(".save-version button")
    page.wait_for_selector(".messages >> text=Version 2 saved.")
    assert page.locator(".save-version").count() == 0  # nothing left to save
    page.get_by_role("button", name="One copy more of TS1-006").click()
    page.wait_for_selector(".save-version", state="attached")
    deck.refresh_from_db()
    assert deck.version == 3
    shoot(page, "editor-with-draft")

    page.click("text=History")
    compare = page.locator("form.compare-form")
    assert compare.bounding_box()["y"] < 600  # at the top, not below the list
    assert "two more TS1-005" in page.inner_text("table.versions")
    compare.locator("input[name=a]").fill("1")
    compare.locator("input[name=b]").fill("3")
    compare.locator("button").click()
    page.wait_for_selector(".diff")
    diff = page.inner_text(".diff")
    assert "+2 TS1-005" in diff and "+1 TS1-006" in diff
    shoot(page, "history-compare")


def test_dead_ends_lead_somewhere(live_server, sized_page, shoot, settings):
    settings.DEBUG = True  # as under `make run`
    settings.DECKLAB_DEBUG_ERROR_PAGES = False
    page = sized_page
    factories.load_dbscg()
    owner = factories.make_user("returning", "a-long-test-password-42")
    deck = deck_create(owner=owner, game="dbscg", name="Mine", zones=factories.LEGAL_DBSCG)

    page.goto(live_server.url + reverse("decks:shared", args=[deck.code]))
    assert "This page is not here" in page.inner_text("main")
    assert "URLconf" not in page.content()
    shoot(page, "private-link-404")

    editor_url = reverse("decks:editor", args=[deck.pk])
    page.goto(live_server.url + editor_url)  # signed out: sign in, then back to the deck
    page.wait_for_url(lambda url: reverse("login") + "?next=" in url)
    page.fill("#id_username", "returning")
    page.fill("#id_password", "a-long-test-password-42")
    page.click("form.panel button[type=submit]")
    page.wait_for_url(f"**{editor_url}")
    assert "Mine" in page.inner_text("h1")

    page.goto(live_server.url + reverse("cards:list", args=["dbscg"]))
    example = page.get_attribute("#q", "placeholder").removeprefix("e.g. ")
    page.fill("#q", example)
    page.press("#q", "Enter")
    page.wait_for_selector("#results a[href*='/cards/dbscg/']")
    shoot(page, "example-search")

"""Issue 23 item 6 in a browser: "/" reaches the search on a card list as it does in the editor, and
the toast after "+ 手札" names the hand the card went to, not the dealt cards it came from."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from cards.importers import import_path
from cards.shipped import DATA
from decklab.decks.services import deck_create
from tests.browser.pages import opened, sign_in_new_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_slash_focuses_the_card_list_search(browser, live_server, shoot):
    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    context, page = opened(browser, "desktop")
    page.goto(live_server.url + reverse("cards:list", args=["blade_rondo"]))
    page.locator("body").click(position={"x": 5, "y": 300})
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "q"
    page.keyboard.type("剣")
    shoot(page, "slash-search")
    assert page.input_value("#q") == "剣"
    context.close()


def test_the_toast_after_plus_hand_names_the_hand(browser, live_server, shoot):
    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    context, page = opened(browser, "phone", "ja")
    sign_in_new_user(page, live_server, "dealer")
    owner = get_user_model().objects.get(username="dealer")
    from cards.models import Card

    number = Card.objects.filter(game="blade_rondo").values_list("number", flat=True).first()
    deck = deck_create(
        owner=owner,
        game="blade_rondo",
        name="手札テスト",
        zones={"pool": {number: 2}, "dealt": {number: 1}},
    )
    page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    row = page.locator(f".entry[data-zone='dealt'][data-number='{number}']")
    row.locator("button[value='copy:hand']").click()
    page.wait_for_selector(f".entry[data-zone='hand'][data-number='{number}']", state="attached")
    status = page.locator("#deck-status")
    status.wait_for(state="visible")
    page.wait_for_function("!document.getElementById('deck-status').textContent.includes('…')")
    shoot(page, "toast-hand")
    assert status.inner_text() == f"{number}：手札に1枚"
    context.close()

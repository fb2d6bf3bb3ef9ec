"""A player completes the card list in a real browser: proposes a missing Dreadnought card with an
image, a card editor approves it, and the player's deck becomes legal with it."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from PIL import Image

from cards.community.models import editors_group
from decklab.decks.services import deck_create
from tests.browser.pages import PHONE, sign_in_new_user, wait_for_count, wait_for_version
from tests.decks import factories

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: 2 casters and 12 unit names × 4: two cards short of the 50 the main deck needs.
SHORT_DECK = {
    "casters": {"TD-C01": 1, "TD-C02": 1},
    "main": {f"TD-U{n:02d}": 4 for n in range(1, 13)},
}


@pytest.fixture(autouse=True)
def _media(settings, tmp_path) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.DECKLAB_FACE_CACHE = tmp_path / "faces"


def _card_picture(path) -> None:
    """A stand-in photo of the card: a plain 630×880 image (no real card art in the tests)."""
    Image.new("RGB", (630, 880), (200, 40, 40)).save(path, "PNG")


def test_a_proposed_missing_card_approved_by_an_editor_makes_a_deck_legal(
    live_server, new_page, shoot, tmp_path
):
    factories.load_dreadnought()
    player_page = new_page()
    sign_in_new_user(player_page, live_server, "contributor")
    owner = get_user_model().objects.get(username="contributor")
    deck = deck_create(owner=owner, game="dreadnought", name="Needs one more", zones=SHORT_DECK)
    player_page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    player_page.wait_for_selector("#legality-panel .legal-status[data-legal='false']")

    # The player proposes the missing card, with a picture of it.
    player_page.goto(live_server.url + reverse("community:coverage", args=["dreadnought"]))
    shoot(player_page, "coverage")
    player_page.goto(live_server.url + reverse("community:propose", args=["dreadnought"]))
    player_page.fill("#id_number", "TD-U20")
    player_page.fill("#id_name", "Proposed Unit")
    player_page.select_option("#id_type", "ユニット")  # the schema knows the types: a menu
    player_page.select_option("#id_cluster", "青")  # a menu of every condition
    player_page.fill("#id_bp", "many")  # a mistake, reported beside the field
    player_page.click("#proposal-form button[type=submit]")
    player_page.wait_for_selector("#proposal-form .errorlist")
    assert "whole number" in player_page.inner_text("#proposal-form")
    shoot(player_page, "field-error")
    picture = tmp_path / "td-u20.png"
    _card_picture(picture)
    player_page.fill("#id_bp", "3000")
    player_page.fill("#id_text", "【起動】 a test text")
    player_page.fill("#id_source_note", "my own copy")
    player_page.set_input_files("#id_image", str(picture))
    player_page.click("#proposal-form button[type=submit]")
    player_page.wait_for_selector(".status-pending")
    # The image loads: its proposer may see it. A function, not an expression: Playwright polls an
    # expression through eval, which the site's CSP (script-src 'self') refuses.
    player_page.wait_for_function(
        "() => document.querySelector('img.proposal-image').naturalWidth > 0"
    )
    shoot(player_page, "proposed")
    player_page.set_viewport_size(PHONE)
    shoot(player_page, "proposed-phone")
    player_page.set_viewport_size({"width": 1400, "height": 1000})

    # A card editor approves it from the queue.
    editor_page = new_page()
    sign_in_new_user(editor_page, live_server, "cardeditor")
    get_user_model().objects.get(username="cardeditor").groups.add(editors_group())
    editor_page.goto(live_server.url + reverse("community:queue"))
    editor_page.click("text=TD-U20 Proposed Unit")
    editor_page.wait_for_selector("#approve-form")
    assert "Proposed Unit" in editor_page.inner_text("table.diff")
    shoot(editor_page, "review")
    editor_page.set_viewport_size(PHONE)
    shoot(editor_page, "review-phone")
    editor_page.click("#approve-form button[value=approve]")
    editor_page.wait_for_selector(".status-approved")
    shoot(editor_page, "approved")

    # The card page shows the approved image and text; the player adds it and the deck is legal.
    player_page.goto(live_server.url + reverse("cards:detail", args=["dreadnought", "TD-U20"]))
    assert player_page.inner_text(".card-text mark.keyword") == "【起動】"
    face = player_page.request.get(
        live_server.url + reverse("cards:face", args=["dreadnought", "TD-U20"])
    )
    assert Image.open(io.BytesIO(face.body())).convert("RGB").getpixel((10, 10)) == (200, 40, 40)
    shoot(player_page, "card-page")
    player_page.set_viewport_size(PHONE)
    shoot(player_page, "card-page-phone")
    player_page.set_viewport_size({"width": 1400, "height": 1000})

    player_page.goto(live_server.url + reverse("home"))
    assert "numbers known" in player_page.inner_text(".tiles")
    shoot(player_page, "home")

    player_page.goto(live_server.url + reverse("decks:editor", args=[deck.pk]))
    wait_for_version(player_page, 1)
    player_page.fill("#search-q", "TD-U20")
    player_page.wait_for_selector("#search-results .result[data-number='TD-U20']")
    for copies in (1, 2):
        player_page.click("button[value='main:TD-U20']")
        wait_for_count(player_page, "main", "TD-U20", copies)
    player_page.wait_for_selector("#legality-panel .legal-status[data-legal='true']")
    shoot(player_page, "deck-legal")

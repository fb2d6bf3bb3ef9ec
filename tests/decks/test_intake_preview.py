"""Issue 20: before anything is saved, the editor shows what a pasted decklist reads as, line by
line, with the nearest cards as one-click fixes; picking one writes its number into the line."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decklab.decks import selectors
from tests.decks.factories import LEGAL_DBSCG

PASTE = (
    "_____Leader_____\n"
    "Test Leader Alfa\n"
    "\n"
    "_____Main Deck_____\n"
    "4 Test Fighter 1 [TS1-002]\n"
    "a line under a card\n"
    "_____Side Deck_____\n"
    "2 TS1-003\n"
)


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def preview(client, deck, text: str, query: str = "", **extra):
    url = reverse("decks:import", args=[deck.pk]) + query
    data = {"decklist": text, "mode": "replace", "version": 1, **extra}
    response = client.post(url, data)
    assert response.status_code == 302
    return client.get(response["Location"]).content.decode()


def test_a_preview_saves_nothing_and_shows_every_line_in_order(signed_in, deck):
    page = preview(signed_in, deck, PASTE, preview="1")
    deck.refresh_from_db()
    assert deck.version == 1 and selectors.current_zones(deck) == LEGAL_DBSCG
    assert "Of 7 lines, 5 were read and 1 skipped as notes." in page
    assert "1 line has a problem. Nothing is saved until you import." in page
    lines = page.split('class="intake-lines"', 1)[1]
    assert lines.index("Test Leader Alfa") < lines.index("a line under a card")
    assert 'class="intake-line intake-note" value="6"' in lines
    assert "no card has this name: kept as a note" in lines


def test_a_typo_is_offered_the_nearest_card_and_picking_it_fixes_the_line(signed_in, deck):
    page = preview(signed_in, deck, PASTE, preview="1")
    assert 'name="pick-2" value="TS1-001"' in page
    assert 'name="pick-2-ref" value="Test Leader Alfa"' in page
    fixed = preview(
        signed_in,
        deck,
        PASTE,
        query="?preview=1",
        **{"pick-2": "TS1-001", "pick-2-ref": "Test Leader Alfa"},
    )
    assert "problem" not in fixed.split('class="intake-summary"', 1)[1].split("</p>", 2)[1]
    box = fixed.split('name="decklist"', 1)[1].split("</textarea>", 1)[0]
    assert "TS1-001 Test Leader Alpha" in box


def test_the_preview_says_a_dbscg_side_deck_is_kept_but_not_checked(signed_in, deck):
    page = preview(signed_in, deck, PASTE, preview="1")
    assert "Side: kept, shown and exported; no rule of this game checks it." in page


def test_the_preview_is_in_japanese_for_a_japanese_reader(signed_in, deck):
    signed_in.cookies["django_language"] = "ja"
    page = preview(signed_in, deck, PASTE, preview="1")
    assert "7行中 5行を読み取り、1行をメモとして飛ばしました。" in page
    assert "(6 cards)" not in page


def test_a_refused_replace_comes_back_whole_with_its_preview(signed_in, deck):
    page = preview(signed_in, deck, PASTE)
    deck.refresh_from_db()
    assert deck.version == 1
    box = page.split('name="decklist"', 1)[1].split("</textarea>", 1)[0]
    assert "a line under a card" in box and "Test Leader Alfa" in box
    assert 'id="intake-preview"' in page


def test_a_new_deck_can_be_previewed_and_fixed_before_it_is_created(signed_in, dbscg_cards):
    from decklab.decks.models import Deck

    data = {"game": "dbscg", "name": "Fresh", "decklist": PASTE, "preview": "1"}
    page = signed_in.post(reverse("decks:new"), data).content.decode()
    assert not Deck.objects.exists()
    assert 'form="new-deck-form" name="pick-2-ref" value="Test Leader Alfa"' in page
    picked = {**data, "pick-2": "TS1-001", "pick-2-ref": "Test Leader Alfa"}
    page = signed_in.post(reverse("decks:new") + "?preview=1", picked).content.decode()
    assert (
        "TS1-001 Test Leader Alpha" in page.split('name="decklist"', 1)[1].split("</textarea>")[0]
    )
    del picked["preview"]
    response = signed_in.post(reverse("decks:new"), picked)
    deck = Deck.objects.get(name="Fresh")
    assert response.status_code == 302
    assert selectors.current_zones(deck)["leader"] == {"TS1-001": 1}

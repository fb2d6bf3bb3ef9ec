"""Blade Rondo as it is played: a set deck as the pool in one action, its own deal count, the hand
chosen from the dealt cards (which stay dealt)."""

import random

import pytest
from django.urls import reverse

from cards.importers import import_path
from cards.shipped import DATA
from decklab.decks import selectors
from decklab.decks.services import DeckError, deck_create, deck_edit

pytestmark = pytest.mark.django_db


@pytest.fixture
def br_deck(db, owner):
    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    return deck_create(owner=owner, game="blade_rondo", name="Set")


def test_all_17_set_and_mixed_decks_load_as_the_pool_in_one_action(br_deck):
    presets = selectors.preset_decks("blade_rondo")
    assert len(presets) == 17
    for preset in presets:
        deck_edit(deck=br_deck, action="preset", preset=preset.key)
        br_deck.refresh_from_db()
        pool = selectors.current_zones(br_deck)["pool"]
        assert sum(pool.values()) == sum(preset.cards.values()), preset.name


def test_bread_rondo_deals_10_and_the_hand_is_chosen_from_the_dealt_cards(br_deck, client, owner):
    deck_edit(deck=br_deck, action="preset", preset="breadRondo")
    deck_edit(deck=br_deck, action="deal", rng=random.Random(3))
    br_deck.refresh_from_db()
    zones = selectors.current_zones(br_deck)
    assert sum(zones["dealt"].values()) == 10
    number = next(iter(zones["dealt"]))
    deck_edit(deck=br_deck, action="copy", number=number, zone="dealt", to_zone="hand")
    br_deck.refresh_from_db()
    after = selectors.current_zones(br_deck)
    assert after["dealt"] == zones["dealt"] and after["hand"] == {number: 1}
    for _ in range(zones["dealt"][number] - 1):
        deck_edit(deck=br_deck, action="copy", number=number, zone="dealt", to_zone="hand")
    with pytest.raises(DeckError, match="in hand already"):
        deck_edit(deck=br_deck, action="copy", number=number, zone="dealt", to_zone="hand")
    client.force_login(owner)
    html = client.get(reverse("decks:editor", args=[br_deck.pk])).content.decode()
    assert "Deal 10" in html and 'value="copy:hand"' in html and 'value="move:' not in html


def test_an_unknown_set_deck_is_a_clear_refusal(br_deck, client, owner):
    client.force_login(owner)
    response = client.post(
        reverse("decks:change", args=[br_deck.pk]),
        {"action": "preset", "preset": "nope"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 400
    assert "has no set deck" in response.content.decode()

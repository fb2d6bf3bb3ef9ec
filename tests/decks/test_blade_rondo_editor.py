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


def zones_of(deck) -> dict:
    deck.refresh_from_db()
    return selectors.current_zones(deck)


@pytest.fixture
def free_deck(br_deck):
    from decklab.decks.services import deck_update

    return deck_update(deck=br_deck, format="free")


def add(client, deck, **data):
    return client.post(
        reverse("decks:change", args=[deck.pk]),
        {"action": "add", **data},
        headers={"HX-Request": "true"},
    )


def test_a_free_pool_is_built_in_pairs_with_a_swap_and_a_counter(free_deck, client, owner):
    client.force_login(owner)
    html = add(client, free_deck, target="pool:1").content.decode()
    assert zones_of(free_deck)["pool"] == {"1": 2}
    assert "1/20 different cards" in html and "2/40 cards" in html
    assert "Add 19 more different cards (2 copies each)." in html
    refused = add(client, free_deck, zone="pool", number="1", count=1)
    assert refused.status_code == 400 and "has its 2 copies already" in refused.content.decode()
    add(client, free_deck, target="pool:2")
    html = add(client, free_deck, target="pool:3", swap_out="2").content.decode()
    assert zones_of(free_deck)["pool"] == {"1": 2, "3": 2}
    assert 'name="swap_out" value="3" form="results-form"' in html
    html = add(client, free_deck, zone="pool", number="3", count=-1).content.decode()
    assert zones_of(free_deck)["pool"] == {"1": 2}
    # A single copy typed in is flagged by name with what to do.
    client.post(
        reverse("decks:change", args=[free_deck.pk]),
        {"action": "set", "zone": "pool", "number": "4", "count": 1},
    )
    html = client.get(reverse("decks:editor", args=[free_deck.pk])).content.decode()
    assert "Fewer than 2 copies (press + on each):" in html
    assert "お気の毒の刃 ×1" in html
    gone = add(client, free_deck, target="pool:5", swap_out="99")
    assert gone.status_code == 400 and "99 is not in the deck any more" in gone.content.decode()
    # Dealt and hand keep one copy at a time.
    add(client, free_deck, zone="dealt", number="1", count=1)
    assert zones_of(free_deck)["dealt"] == {"1": 1}


def test_a_free_pool_starts_from_a_set_deck_of_pairs_and_is_complete(free_deck, client, owner):
    client.force_login(owner)
    html = client.get(reverse("decks:editor", args=[free_deck.pk])).content.decode()
    assert "Start from this set deck" in html
    assert 'value="br_nt"' not in html  # mixed decks (40 single cards) are not a pairs start
    html = client.post(
        reverse("decks:change", args=[free_deck.pk]),
        {"action": "preset", "preset": "bladeRondo"},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert "Pool: 20 different cards × 2, complete." in html
    pool = zones_of(free_deck)["pool"]
    out = next(iter(pool))
    outside = next(n for n in ("21", "40", "60", "80", "100") if n not in pool)
    add(client, free_deck, target=f"pool:{outside}", swap_out=out)
    pool = zones_of(free_deck)["pool"]
    assert out not in pool and pool[outside] == 2 and sum(pool.values()) == 40


def test_set_format_rows_still_step_one_copy(br_deck, client, owner):
    client.force_login(owner)
    add(client, br_deck, target="pool:1")
    add(client, br_deck, target="pool:1")
    assert zones_of(br_deck)["pool"] == {"1": 2}
    html = client.get(reverse("decks:editor", args=[br_deck.pk])).content.decode()
    assert "different cards" not in html and 'name="swap_out"' not in html

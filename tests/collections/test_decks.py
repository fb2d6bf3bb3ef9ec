"""Owned / needed on a deck's pages, the wishlist of what is missing, built decks, and the decks a
player can build."""

import pytest
from django.urls import reverse

from decklab.collections import selectors, services
from decklab.decks.models import Deck, Visibility
from decklab.decks.services import deck_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_deck(cards, other):
    return deck_create(
        owner=other,
        game="dbscg",
        name="Public test",
        zones={"leader": {"CL1-001": 1}, "main": {"CL1-002": 4, "CL1-003": 2}},
        visibility=Visibility.PUBLIC,
    )


def test_the_shared_page_shows_owned_and_missing_per_line(client, mine, player, public_deck):
    services.collection_add_list(collection=mine, text="1 CL1-001\n3 CL1-002_PR")
    client.force_login(player)
    page = client.get(reverse("decks:shared", args=[public_deck.code])).content.decode()
    panel = reverse("collections:holdings", args=[public_deck.code])
    assert f'hx-get="{panel}"' in page
    html = client.get(panel).content.decode()
    assert "3 cards missing" in html
    assert 'data-number="CL1-002" class="short"' in html


def test_the_editor_shows_the_owners_holdings(client, mine, player):
    deck = deck_create(owner=player, game="dbscg", name="Mine", zones={"main": {"CL1-003": 2}})
    client.force_login(player)
    page = client.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert 'hx-trigger="load, deckChanged from:body"' in page
    html = client.get(reverse("collections:holdings", args=[deck.code])).content.decode()
    assert "2 cards missing" in html and "Built: reserve its cards" in html


def test_a_signed_out_visitor_sees_no_holdings(client, public_deck):
    html = client.get(reverse("decks:shared", args=[public_deck.code])).content.decode()
    assert "holdings-panel" not in html


def test_one_click_wishes_exactly_what_is_missing(client, mine, player, public_deck):
    services.collection_add_list(collection=mine, text="3 CL1-002")
    client.force_login(player)
    client.post(reverse("collections:wish", args=[public_deck.code]))
    wanted = dict(mine.cards.filter(wanted__gt=0).values_list("number", "wanted"))
    assert wanted == {"CL1-001": 1, "CL1-002": 1, "CL1-003": 2}


def test_only_ones_own_deck_can_be_marked_built(client, mine, player, public_deck):
    client.force_login(player)
    response = client.post(
        reverse("collections:built", args=[public_deck.code]), {"built": "1"}, follow=True
    )
    assert "Only your own decks" in response.content.decode()
    assert not mine.built.exists()


def test_two_built_decks_that_share_cards_cannot_both_be_fielded(mine, player):
    services.collection_add_list(collection=mine, text="4 CL1-003")
    first = deck_create(owner=player, game="dbscg", name="A", zones={"main": {"CL1-003": 3}})
    second = deck_create(owner=player, game="dbscg", name="B", zones={"main": {"CL1-003": 2}})
    services.collection_set_built(collection=mine, deck=first, built=True)
    found = selectors.buildable(mine, Deck.objects.filter(owner=player), 10)
    assert dict(found) == {first.pk: 0, second.pk: 1}


def test_buildable_lists_decks_within_reach_fewest_missing_first(mine, other, public_deck):
    services.collection_add_list(collection=mine, text="1 CL1-001\n4 CL1-002\n1 CL1-003")
    nearer = deck_create(
        owner=other,
        game="dbscg",
        name="Nearer",
        zones={"main": {"CL1-002": 4}},
        visibility=Visibility.PUBLIC,
    )
    deck_create(
        owner=other, game="dbscg", name="Far", zones={"main": {"CL1-005": 3}}, visibility="public"
    )
    public = Deck.objects.filter(visibility=Visibility.PUBLIC)
    assert selectors.buildable(mine, public, 1) == [(nearer.pk, 0), (public_deck.pk, 1)]
    assert selectors.buildable(mine, public, 0) == [(nearer.pk, 0)]


def test_a_reprint_owned_makes_a_deck_buildable(gw, player, other):
    services.collection_set_quantity(collection=gw, number="青/U-951", quantity=3)
    deck = deck_create(
        owner=other,
        game="gundam_war",
        name="GW",
        zones={"main": {"青/U-901": 3}},
        visibility="public",
    )
    assert selectors.buildable(gw, Deck.objects.filter(pk=deck.pk), 0) == [(deck.pk, 0)]


def test_the_buildable_page_links_the_deck(client, mine, player, public_deck):
    services.collection_add_list(collection=mine, text="1 CL1-001\n4 CL1-002\n2 CL1-003")
    client.force_login(player)
    html = client.get(reverse("collections:buildable", args=["dbscg"])).content.decode()
    assert "Public test" in html


def test_the_api_reads_the_owned_and_needed_of_a_deck(client, mine, player, public_deck):
    services.collection_add_list(collection=mine, text="2 CL1-003")
    client.force_login(player)
    data = client.get(reverse("api-holdings", args=[public_deck.code])).json()
    assert data["missing"] == 5
    assert {line["number"]: line["missing"] for line in data["lines"]}["CL1-003"] == 0


def test_the_api_sets_a_quantity_of_ones_own_collection(client, mine, player):
    client.force_login(player)
    url = reverse("api-collection", args=["dbscg"])
    response = client.put(
        url, {"number": "CL1-002_PR", "quantity": 2}, content_type="application/json"
    )
    assert response.status_code == 200
    assert response.json()["cards"] == [
        {"number": "CL1-002", "identity": "CL1-002", "quantity": 2, "wanted": 0, "offered": None}
    ]
    refused = client.put(
        url, {"number": "CL1-002", "quantity": -1}, content_type="application/json"
    )
    assert refused.status_code == 400 and mine.cards.get().quantity == 2


def test_a_collection_is_private_until_shared_by_link(client, mine, player, other):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=2)
    assert mine.share_code is None
    services.collection_share(collection=mine, shared=True)
    response = client.get(reverse("collections:shared", args=[mine.share_code]))
    assert response.status_code == 200 and "CL1-003" in response.content.decode()
    code = mine.share_code
    services.collection_share(collection=mine, shared=False)
    assert client.get(reverse("collections:shared", args=[code])).status_code == 404


def test_trade_offers_name_players_with_surplus_who_opted_in(client, mine, player, other):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=0, wanted=2)
    theirs = services.collection_get_or_create(owner=other, game="dbscg")
    services.collection_set_quantity(collection=theirs, number="CL1-003", quantity=7)
    client.force_login(player)
    url = reverse("collections:offers", args=["dbscg"]) + "?card=CL1-003"
    assert "other" not in client.get(url).content.decode().split("<main")[-1]
    services.collection_set_trades(collection=theirs, trades=True)
    assert "other: 3 spare" in client.get(url).content.decode()


def test_the_card_page_has_a_quantity_control(client, mine, player):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=2)
    client.force_login(player)
    html = client.get(reverse("cards:detail", args=["dbscg", "CL1-003"])).content.decode()
    assert 'name="quantity" value="2"' in html


def test_the_public_decks_page_shows_what_each_deck_misses(client, mine, player, public_deck):
    services.collection_add_list(collection=mine, text="1 CL1-001\n4 CL1-002")
    client.force_login(player)
    html = client.get(reverse("decks:public", args=["dbscg"])).content.decode()
    assert '<td data-label="Missing" class="deck-missing">2</td>' in html


def test_without_a_collection_the_public_decks_page_has_no_missing_column(
    client, player, public_deck
):
    client.force_login(player)
    html = client.get(reverse("decks:public", args=["dbscg"])).content.decode()
    assert "deck-missing" not in html


def test_trade_offers_are_for_signed_in_players_only(client, cards):
    response = client.get(reverse("collections:offers", args=["dbscg"]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]

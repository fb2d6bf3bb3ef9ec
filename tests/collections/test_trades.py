"""The trade list: the surplus as counted, editable per card, and who offers a wanted card."""

import pytest
from django.urls import reverse

from decklab.collections import selectors, services
from decklab.collections.services import CollectionError

pytestmark = pytest.mark.django_db


@pytest.fixture
def theirs(cards, other):
    collection = services.collection_get_or_create(owner=other, game="dbscg")
    services.collection_set_trades(collection=collection, trades=True)
    return collection


def _offers(player, number="CL1-003"):
    return selectors.offers(player, "dbscg", number)


def test_the_surplus_is_offered_until_the_player_sets_another_number(player, theirs):
    services.collection_set_quantity(collection=theirs, number="CL1-003", quantity=7)
    assert [(line.surplus, line.offered) for line in selectors.trade_list(theirs)] == [(3, 3)]
    services.collection_set_offer(collection=theirs, number="CL1-003", offered="1")
    assert _offers(player) == [("other", 1)]
    services.collection_set_offer(collection=theirs, number="CL1-003", offered="6")
    assert _offers(player) == [("other", 6)]
    services.collection_set_offer(collection=theirs, number="CL1-003", offered="")
    assert _offers(player) == [("other", 3)]


def test_a_card_without_surplus_can_be_offered_and_zero_withdraws_one(player, theirs):
    services.collection_set_quantity(collection=theirs, number="CL1-002", quantity=2)
    assert _offers(player, "CL1-002") == []
    services.collection_set_offer(collection=theirs, number="CL1-002_PR", offered=2)
    assert _offers(player, "CL1-002") == [("other", 2)]
    services.collection_set_quantity(collection=theirs, number="CL1-003", quantity=9)
    services.collection_set_offer(collection=theirs, number="CL1-003", offered=0)
    assert _offers(player) == []


@pytest.mark.parametrize(
    ("number", "offered", "message"),
    [
        ("CL1-003", "8", "at most the 7 copies"),
        ("CL1-003", "-1", "between 0 and 9999"),
        ("CL1-003", "many", "whole number"),
        ("CL1-001", "1", "You own no copy of CL1-001"),
        ("ZZ9-999", "1", "No card ZZ9-999"),
    ],
)
def test_a_bad_offer_is_refused_and_changes_nothing(theirs, number, offered, message):
    services.collection_set_quantity(collection=theirs, number="CL1-003", quantity=7)
    services.collection_set_offer(collection=theirs, number="CL1-003", offered=2)
    with pytest.raises(CollectionError, match=message):
        services.collection_set_offer(collection=theirs, number=number, offered=offered)
    assert theirs.cards.get(number="CL1-003").offered == 2


def test_the_page_shows_the_trade_list_and_edits_an_offer(client, other, theirs):
    services.collection_set_quantity(collection=theirs, number="CL1-003", quantity=7)
    client.force_login(other)
    page = client.get(reverse("collections:mine", args=["dbscg"])).content.decode()
    assert '<tr data-number="CL1-003">' in page and 'placeholder="3"' in page
    response = client.post(
        reverse("collections:offer", args=["dbscg"]),
        {"number": "CL1-003", "offered": "5"},
        follow=True,
    )
    assert "Trade list updated." in response.content.decode()
    assert theirs.cards.get().offered == 5


def test_the_offers_page_names_players_by_username_only(client, player, mine, theirs):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=0, wanted=1)
    services.collection_set_quantity(collection=theirs, number="CL1-003", quantity=6)
    client.force_login(player)
    url = reverse("collections:offers", args=["dbscg"]) + "?card=CL1-003"
    html = client.get(url).content.decode()
    assert "other: 2 spare" in html and "other@" not in html

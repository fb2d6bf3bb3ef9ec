"""Staff browse collections, their cards (wants and offers) and the materialised "Decks I can
build" tables in the admin, searched by owner; nothing there is added, changed or deleted."""

import pytest
from django.urls import reverse

from decklab.collections import selectors, services
from decklab.collections.models import CollectionCard, Reach
from decklab.decks.models import Deck
from decklab.decks.services import deck_create

pytestmark = pytest.mark.django_db

CHANGELISTS = ("collection", "collectioncard", "deckneed", "reach")


@pytest.fixture
def counted(mine, other) -> Deck:
    """The player's collection with an offer and a want, and a deck of another player counted
    against it (one `DeckNeed` row, one `Reach` row)."""
    services.collection_add_list(collection=mine, text="3 CL1-003")
    services.collection_set_offer(collection=mine, number="CL1-003", offered=1)
    services.collection_set_quantity(collection=mine, number="CL1-005", quantity=0, wanted=2)
    deck = deck_create(owner=other, game="dbscg", name="Needy", zones={"main": {"CL1-003": 4}})
    assert selectors.buildable(mine, Deck.objects.all(), 5) == [(deck.pk, 1)]
    return deck


@pytest.mark.parametrize("model", CHANGELISTS)
def test_each_changelist_answers_a_superuser(admin_client, counted, model):
    page = admin_client.get(reverse(f"admin:collections_{model}_changelist"))
    assert page.status_code == 200


def test_offers_and_wants_are_found_by_owner_and_game(admin_client, counted, player):
    url = reverse("admin:collections_collectioncard_changelist")
    found = admin_client.get(url, {"q": player.username, "collection__game": "dbscg"})
    rows = found.context["cl"].result_list
    assert {(row.number, row.wanted, row.offered) for row in rows} == {
        ("CL1-003", 0, 1),
        ("CL1-005", 2, None),
    }
    assert not admin_client.get(url, {"q": "nobody-of-that-name"}).context["cl"].result_list


def test_reach_is_found_by_owner(admin_client, counted, player):
    url = reverse("admin:collections_reach_changelist")
    rows = admin_client.get(url, {"q": player.username}).context["cl"].result_list
    assert [(row.deck_id, row.missing) for row in rows] == [(counted.pk, 1)]


@pytest.mark.parametrize("model", [CollectionCard, Reach])
def test_card_rows_and_reach_are_read_only(admin_client, counted, model):
    name = model._meta.model_name
    assert admin_client.get(reverse(f"admin:collections_{name}_add")).status_code == 403
    row = model.objects.first()
    change = admin_client.get(reverse(f"admin:collections_{name}_change", args=[row.pk]))
    assert change.status_code == 200 and not change.context["has_change_permission"]
    delete = reverse(f"admin:collections_{name}_delete", args=[row.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=row.pk).exists()

"""Entering cards: a pasted list, a product, CSV both ways; bad input is refused with a clear
sentence and changes nothing."""

import pytest
from django.urls import reverse

from cards.importers import import_path
from cards.shipped import DATA
from decklab.collections import services
from decklab.collections.models import Collection, CollectionCard
from decklab.collections.services import CollectionError, collection_get_or_create

pytestmark = pytest.mark.django_db


def _held(collection):
    return dict(collection.cards.values_list("number", "quantity"))


def test_a_pasted_list_adds_to_what_is_owned(mine):
    services.collection_add_list(collection=mine, text="2 CL1-002\n1 Collector Guard")
    services.collection_add_list(collection=mine, text="CL1-002 x2")
    assert _held(mine) == {"CL1-002": 4, "CL1-003": 1}


def test_a_list_with_an_unknown_card_is_refused_whole(mine):
    services.collection_add_list(collection=mine, text="1 CL1-003")
    with pytest.raises(CollectionError, match="ZZ9-999"):
        services.collection_add_list(collection=mine, text="2 CL1-002\n1 ZZ9-999")
    assert _held(mine) == {"CL1-003": 1}


@pytest.mark.parametrize("quantity", ["-1", "10000", "99999999999999999999", "two", ""])
def test_a_negative_huge_or_unreadable_quantity_is_refused(mine, quantity):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=2)
    with pytest.raises(CollectionError, match="Quantity"):
        services.collection_set_quantity(collection=mine, number="CL1-003", quantity=quantity)
    assert _held(mine) == {"CL1-003": 2}


def test_an_unknown_card_number_is_refused(mine):
    with pytest.raises(CollectionError, match="No card ZZ9-999"):
        services.collection_set_quantity(collection=mine, number="ZZ9-999", quantity=1)
    assert not mine.cards.exists()


def test_adding_past_the_largest_quantity_is_refused(mine):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=9998)
    with pytest.raises(CollectionError, match="9999"):
        services.collection_add_list(collection=mine, text="2 CL1-003")
    assert _held(mine) == {"CL1-003": 9998}


def test_setting_nothing_owned_and_nothing_wanted_removes_the_row(mine):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=2)
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=0)
    assert not mine.cards.exists()


def test_csv_export_then_import_gives_back_the_same_collection(mine, player, other):
    services.collection_add_list(collection=mine, text="2 CL1-002\n3 CL1-003")
    services.collection_set_quantity(collection=mine, number="CL1-005", quantity=0, wanted=2)
    exported = services.collection_export_csv(collection=mine)
    assert exported.splitlines()[0] == "number,name,quantity,wanted"
    copy = collection_get_or_create(owner=other, game="dbscg")
    services.collection_import_csv(collection=copy, text=exported, replace=True)
    rows = ("number", "identity", "quantity", "wanted")
    assert list(copy.cards.values_list(*rows)) == list(mine.cards.values_list(*rows))
    assert services.collection_export_csv(collection=copy) == exported


def test_a_csv_with_a_bad_row_names_its_line_and_changes_nothing(mine):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=1)
    bad = "number,quantity\nCL1-002,2\nCL1-004,-3\n"
    with pytest.raises(CollectionError, match="Line 3"):
        services.collection_import_csv(collection=mine, text=bad, replace=True)
    assert _held(mine) == {"CL1-003": 1}


def test_a_csv_without_the_columns_is_refused(mine):
    with pytest.raises(CollectionError, match="number and quantity"):
        services.collection_import_csv(collection=mine, text="card,count\nCL1-002,2\n")


def test_two_of_a_set_deck_add_its_cards_twice(player):
    import_path("blade_rondo", DATA / "blade_rondo" / "cards.csv")
    collection = collection_get_or_create(owner=player, game="blade_rondo")
    key, _name, cards = services.products("blade_rondo")[0]
    added = services.collection_add_product(collection=collection, key=key, times=2)
    assert added == 2 * sum(cards.values())
    assert sum(_held(collection).values()) == added


def test_an_unknown_product_or_count_is_refused(mine):
    with pytest.raises(CollectionError, match="No such product"):
        services.collection_add_product(collection=mine, key="nothing", times=1)
    with pytest.raises(CollectionError):
        services.collection_add_product(collection=mine, key="nothing", times=-2)
    assert not mine.cards.exists()


def test_someone_elses_collection_id_is_not_found_through_the_api(client, mine, other):
    client.force_login(other)
    url = reverse("api-collection-by-id", args=[mine.pk])
    response = client.put(
        url, {"number": "CL1-003", "quantity": 3}, content_type="application/json"
    )
    assert response.status_code == 404 and "No such collection" in response.json()["detail"]
    assert not CollectionCard.objects.exists() and Collection.objects.count() == 1


def test_a_page_refusal_is_shown_and_changes_nothing(client, mine, player):
    client.force_login(player)
    response = client.post(
        reverse("collections:set", args=["dbscg"]),
        {"number": "CL1-003", "quantity": "-5"},
        follow=True,
    )
    assert "between 0 and 9999" in response.content.decode()
    assert not mine.cards.exists()


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"number": "CL1-003", "quantity": 10000}, 400, "between 0 and 9999"),
        ({"number": "CL1-003", "quantity": -3}, 400, "between 0 and 9999"),
        ({"number": "CL1-003", "quantity": 1, "wanted": 123456}, 400, "between 0 and 9999"),
        ({"number": "ZZ9-999", "quantity": 1}, 400, "No card ZZ9-999"),
        ({"number": "CL1-003", "quantity": "two"}, 400, "valid integer"),
        ({"number": "CL1-003"}, 400, "required"),
    ],
)
def test_the_api_refuses_bad_input_and_changes_nothing(client, mine, player, body, status, words):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=2)
    client.force_login(player)
    for url in (
        reverse("api-collection", args=["dbscg"]),
        reverse("api-collection-by-id", args=[mine.pk]),
    ):
        response = client.put(url, body, content_type="application/json")
        assert response.status_code == status and words in response.content.decode()
    assert _held(mine) == {"CL1-003": 2} and mine.cards.get().wanted == 0


def test_someone_elses_collection_id_cannot_be_read_either(client, mine, other):
    services.collection_set_quantity(collection=mine, number="CL1-003", quantity=2)
    client.force_login(other)
    response = client.get(reverse("api-collection-by-id", args=[mine.pk]))
    assert response.status_code == 404 and "CL1-003" not in response.content.decode()


def test_an_unknown_game_is_not_found_through_the_api(client, player):
    client.force_login(player)
    response = client.put(
        reverse("api-collection", args=["nogame"]),
        {"number": "CL1-003", "quantity": 1},
        content_type="application/json",
    )
    assert response.status_code == 404 and not Collection.objects.exists()


def test_a_signed_out_client_cannot_write_a_collection(client, mine):
    response = client.put(
        reverse("api-collection", args=["dbscg"]),
        {"number": "CL1-003", "quantity": 1},
        content_type="application/json",
    )
    assert response.status_code in (401, 403) and not mine.cards.exists()


def test_a_game_without_products_says_why_on_its_page(client, mine, player):
    client.force_login(player)
    html = client.get(reverse("collections:mine", args=["dbscg"])).content.decode()
    assert 'class="small muted no-products"' in html and 'name="product"' not in html

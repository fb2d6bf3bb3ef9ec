"""Only the owner edits or sees a private deck: every page and endpoint answers others with 404."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from decklab.decks import selectors
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db

BY_PK = [
    ("get", "decks:editor", ()),
    ("post", "decks:change", ()),
    ("post", "decks:settings", ()),
    ("post", "decks:import", ()),
    ("get", "decks:panel", ("legality",)),
    ("get", "decks:panel", ("stats",)),
    ("get", "decks:panel", ("export",)),
    ("get", "decks:history", ()),
    ("post", "decks:revert", ()),
    ("post", "decks:save-version", ()),
    ("post", "decks:delete", ()),
    ("post", "decks:simulate", ()),
]
BY_CODE = [
    ("get", "decks:shared"),
    ("post", "decks:fork"),
    ("get", "decks:text"),
    ("get", "decks:image"),
    ("get", "decks:sheet"),
]
HOSTILE_POST = {
    "action": "set",
    "zone": "main",
    "number": "TS1-002",
    "count": 0,
    "version": 1,
    "name": "Mine now",
    "format": "classic",
    "visibility": "public",
    "decklist": "1 TS1-002",
    "mode": "replace",
    "trials": 10000,
    "goal": "drawn",
}


@pytest.fixture
def as_stranger(client, stranger):
    client.force_login(stranger)
    return client


@pytest.mark.parametrize(("method", "name", "extra"), BY_PK)
def test_a_private_deck_is_404_for_another_user_on_every_page(
    as_stranger, deck, method, name, extra
):
    response = getattr(as_stranger, method)(reverse(name, args=[deck.pk, *extra]), HOSTILE_POST)
    assert response.status_code == 404


@pytest.mark.parametrize(("method", "name", "extra"), BY_PK)
def test_a_private_deck_is_404_without_an_account(client, deck, method, name, extra):
    response = getattr(client, method)(reverse(name, args=[deck.pk, *extra]), HOSTILE_POST)
    assert response.status_code in (404, 302)
    if response.status_code == 302:
        assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("method", "name"), BY_CODE)
def test_a_private_decks_share_code_is_404_for_another_user(as_stranger, deck, method, name):
    assert getattr(as_stranger, method)(reverse(name, args=[deck.code])).status_code == 404


@pytest.mark.parametrize(("method", "name"), [m for m in BY_CODE if m[0] == "get"])
def test_a_private_decks_share_code_is_404_without_an_account(client, deck, method, name):
    assert client.get(reverse(name, args=[deck.code])).status_code == 404


@pytest.mark.parametrize("method", ["get", "patch", "put", "delete"])
def test_a_private_deck_is_404_through_the_api(stranger, deck, method):
    api = APIClient()
    api.force_authenticate(stranger)
    response = getattr(api, method)(
        reverse("api-deck", args=[deck.pk]), {"version": 1, "zones": {}}, format="json"
    )
    assert response.status_code == 404


@pytest.mark.parametrize("method", ["patch", "put", "delete"])
def test_a_public_deck_is_read_only_for_others_through_the_api(stranger, deck, method):
    deck.visibility = "public"
    deck.save()
    api = APIClient()
    api.force_authenticate(stranger)
    assert api.get(reverse("api-deck", args=[deck.pk])).status_code == 200
    response = getattr(api, method)(
        reverse("api-deck", args=[deck.pk]), {"version": 1, "zones": {}}, format="json"
    )
    assert response.status_code == 404


def test_nothing_a_stranger_sent_changed_the_deck(as_stranger, deck):
    for method, name, extra in BY_PK:
        getattr(as_stranger, method)(reverse(name, args=[deck.pk, *extra]), HOSTILE_POST)
    deck.refresh_from_db()
    assert deck.name == "Red test" and deck.visibility == "private" and deck.version == 1
    assert selectors.current_zones(deck) == LEGAL_DBSCG


def test_an_unlisted_deck_is_readable_by_link_but_not_editable(as_stranger, deck):
    deck.visibility = "unlisted"
    deck.save()
    assert as_stranger.get(reverse("decks:shared", args=[deck.code])).status_code == 200
    assert as_stranger.get(reverse("decks:editor", args=[deck.pk])).status_code == 404


def test_changes_need_the_csrf_token(owner, deck):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post(
        reverse("decks:change", args=[deck.pk]),
        {"action": "add", "zone": "main", "number": "TS1-015", "version": 1},
    )
    assert response.status_code == 403

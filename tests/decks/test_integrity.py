"""Issue 9, findings 3, 5 and 9: settings saves write only what changed, unlisted decks stay behind
their code, and an API PATCH is one transaction."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from decklab.decks import services
from decklab.decks.models import Deck
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db


def test_finding_3_a_rename_from_an_old_copy_never_makes_a_private_deck_public_again(deck):
    services.deck_update(deck=deck, visibility="public")
    api_copy = Deck.objects.get(pk=deck.pk)  # an API PATCH loaded the deck (public) …
    services.deck_update(
        deck=Deck.objects.get(pk=deck.pk), visibility="private"
    )  # … "make private"
    services.deck_update(deck=api_copy, name="Renamed")  # … then the PATCH saves its name
    deck.refresh_from_db()
    assert (deck.name, deck.visibility) == ("Renamed", "private")


def test_finding_3_the_settings_form_writes_only_the_fields_the_player_changed(client, owner, deck):
    client.force_login(owner)
    page = client.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert 'name="initial-visibility"' in page
    # Meanwhile another tab (or the API) renames the deck …
    services.deck_update(deck=Deck.objects.get(pk=deck.pk), name="Renamed elsewhere")
    # … and this page, loaded before, makes the deck unlisted.
    client.post(
        reverse("decks:settings", args=[deck.pk]),
        {
            "name": "Red test",
            "initial-name": "Red test",
            "format": deck.format,
            "initial-format": deck.format,
            "visibility": "unlisted",
            "initial-visibility": "private",
        },
    )
    deck.refresh_from_db()
    assert (deck.name, deck.visibility) == ("Renamed elsewhere", "unlisted")


@pytest.fixture
def api_stranger(stranger):
    api = APIClient()
    api.force_authenticate(stranger)
    return api


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_finding_5_a_deck_that_is_not_public_is_404_by_id_for_others(
    api_stranger, deck, visibility
):
    services.deck_update(deck=deck, visibility=visibility)
    assert api_stranger.get(reverse("api-deck", args=[deck.pk])).status_code == 404


def test_finding_5_an_unlisted_deck_is_still_read_through_its_code(client, deck):
    services.deck_update(deck=deck, visibility="unlisted")
    assert client.get(reverse("decks:shared", args=[deck.code])).status_code == 200


def test_finding_5_public_decks_are_read_by_id_and_own_decks_always(api_stranger, owner, deck):
    services.deck_update(deck=deck, visibility="public")
    assert api_stranger.get(reverse("api-deck", args=[deck.pk])).status_code == 200
    services.deck_update(deck=deck, visibility="unlisted")
    mine = APIClient()
    mine.force_authenticate(owner)
    assert mine.get(reverse("api-deck", args=[deck.pk])).status_code == 200


def test_finding_9_valid_cards_with_an_unknown_format_save_nothing(owner, deck):
    api = APIClient()
    api.force_authenticate(owner)
    cards = {zone: dict(numbers) for zone, numbers in LEGAL_DBSCG.items()}
    cards["main"] = {**cards["main"]}
    first = next(iter(cards["main"]))
    cards["main"][first] -= 1
    response = api.patch(
        reverse("api-deck", args=[deck.pk]),
        {"version": deck.version, "zones": cards, "format": "no-such-format"},
        format="json",
    )
    assert response.status_code == 400
    deck.refresh_from_db()
    assert deck.version == 1
    assert deck.versions.count() == 1
    assert deck.cards.get(zone="main", number=first).count == LEGAL_DBSCG["main"][first]

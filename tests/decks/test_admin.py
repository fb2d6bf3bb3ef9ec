"""The deck admin lists decks and shows a deck with its versions."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_staff_see_decks_and_their_versions_in_the_admin(admin_client, deck):
    assert "Red test" in admin_client.get(reverse("admin:decks_deck_changelist")).content.decode()
    page = admin_client.get(reverse("admin:decks_deck_change", args=[deck.pk])).content.decode()
    assert "created" in page and deck.code in page

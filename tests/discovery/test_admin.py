"""Staff find and remove a public tag in the admin; likes are read-only there."""

import pytest
from django.urls import reverse

from decklab.discovery.models import DeckTag

pytestmark = pytest.mark.django_db


def test_staff_find_and_remove_a_tag(admin_client, make_deck):
    deck = make_deck("Tagged")
    tag = DeckTag.objects.create(deck=deck, name="rudeword")
    found = admin_client.get(reverse("admin:discovery_decktag_changelist"), {"q": "rude"})
    assert found.status_code == 200 and "rudeword" in found.content.decode()
    delete = reverse("admin:discovery_decktag_delete", args=[tag.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 302
    assert not DeckTag.objects.filter(pk=tag.pk).exists()


def test_likes_cannot_be_added_or_deleted_in_the_admin(admin_client):
    assert admin_client.get(reverse("admin:discovery_like_changelist")).status_code == 200
    assert admin_client.get(reverse("admin:discovery_like_add")).status_code == 403

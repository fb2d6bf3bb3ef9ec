"""Private and unlisted decks never appear in discovery: not in results, counts or statistics
(issue 27 §5), one test per surface."""

import pytest
from django.urls import reverse

from decklab.discovery import services
from decklab.discovery.models import DeckFacts

pytestmark = pytest.mark.django_db


def test_the_search_page_lists_only_public_decks(client, three_decks):
    html = client.get(reverse("decks:public", args=["dbscg"]), {"card": "TS1-002"}).content.decode()
    assert "Public deck" in html
    assert "Unlisted deck" not in html and "Private deck" not in html
    assert "1 public deck" in html


def test_the_search_api_lists_only_public_decks(client, three_decks):
    body = client.get(reverse("api-deck-search", args=["dbscg"])).json()
    assert [row["name"] for row in body["results"]] == ["Public deck"] and body["count"] == 1


def test_the_owner_does_not_see_their_private_decks_in_the_search_either(
    client, three_decks, owner
):
    client.force_login(owner)
    body = client.get(reverse("api-deck-search", args=["dbscg"])).json()
    assert body["count"] == 1


def test_card_statistics_count_only_public_decks(client, three_decks):
    body = client.get(reverse("api-card-stats", args=["dbscg"]), {"number": "TS1-002"}).json()
    assert (body["decks"], body["period_decks"], body["including"]) == (1, 1, 1)
    assert [deck["name"] for deck in body["top"]] == ["Public deck"]
    html = client.get(reverse("cards:detail", args=["dbscg", "TS1-002"])).content.decode()
    assert "1 public deck holds this card" in html and "Private deck" not in html


def test_the_meta_counts_only_public_decks(client, three_decks):
    body = client.get(reverse("api-meta", args=["dbscg"])).json()
    assert body["decks"] == 1
    assert body["archetypes"][0]["decks"] == 1 and body["cards"][0]["decks"] == 1
    html = client.get(reverse("discovery:meta", args=["dbscg"])).content.decode()
    assert "1 public deck since" in html


def test_a_profile_shows_only_the_public_decks(client, three_decks):
    html = client.get(reverse("discovery:player", args=["owner"])).content.decode()
    assert "Public deck" in html and "Unlisted deck" not in html and "Private deck" not in html


def test_likes_are_not_given_to_unlisted_decks_and_not_counted_once_private(
    three_decks, stranger, client
):
    with pytest.raises(services.DiscoveryError):
        services.like_toggle(deck=three_decks["unlisted"], user=stranger)
    public = three_decks["public"]
    services.like_toggle(deck=public, user=stranger)
    profile = reverse("discovery:player", args=["owner"])
    assert "1 like" in client.get(profile).content.decode()
    public.visibility = "private"
    public.save()
    assert DeckFacts.objects.get(deck=public).likes == 1  # kept for a return to public
    html = client.get(profile).content.decode()
    assert "0 likes" in html and "Public deck" not in html


def test_a_deck_made_private_leaves_every_surface_at_once(client, three_decks):
    public = three_decks["public"]
    assert client.get(reverse("api-meta", args=["dbscg"])).json()["decks"] == 1  # now cached
    public.visibility = "unlisted"
    public.save()
    assert client.get(reverse("api-deck-search", args=["dbscg"])).json()["count"] == 0
    assert client.get(reverse("api-meta", args=["dbscg"])).json()["decks"] == 0
    stats = reverse("api-card-stats", args=["dbscg"])
    assert client.get(stats, {"number": "TS1-002"}).json()["decks"] == 0

"""Likes, tags, view counts and players' public profiles (issue 27 §5)."""

import pytest
from django.urls import reverse

from decklab.discovery.models import DeckFacts, DeckTag
from decklab.discovery.popularity import NO_LIKES

pytestmark = pytest.mark.django_db


@pytest.fixture
def public(make_deck):
    return make_deck("Shown deck")


def test_a_like_is_given_and_taken_back(client, public, stranger):
    client.force_login(stranger)
    url = reverse("discovery:like", args=[public.code])
    client.post(url)
    assert DeckFacts.objects.get(deck=public).likes == 1
    assert "1 like" in client.get(reverse("decks:shared", args=[public.code])).content.decode()
    client.post(url)
    facts = DeckFacts.objects.get(deck=public)
    assert facts.likes == 0 and facts.hot == NO_LIKES


def test_liking_asks_a_visitor_to_sign_in(client, public):
    response = client.post(reverse("discovery:like", args=[public.code]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_only_the_owner_tags_a_deck(client, public, owner, stranger):
    url = reverse("discovery:tags", args=[public.code])
    client.force_login(stranger)
    assert client.post(url, {"tags": "spam"}).status_code == 404
    client.force_login(owner)
    client.post(url, {"tags": "Control、budget budget"})
    assert list(DeckTag.objects.filter(deck=public).values_list("name", flat=True)) == [
        "budget",
        "control",
    ]


def test_a_view_is_counted_once_per_session(client, public):
    url = reverse("discovery:seen", args=[public.code])
    client.post(url)
    client.post(url)
    assert DeckFacts.objects.get(deck=public).views == 1


def test_the_shared_page_of_a_public_deck_has_the_like_and_view_panel(client, public):
    html = client.get(reverse("decks:shared", args=[public.code])).content.decode()
    assert reverse("discovery:seen", args=[public.code]) in html


def test_an_unlisted_deck_shows_and_counts_nothing_social(client, make_deck):
    unlisted = make_deck("Link only", "unlisted")
    html = client.get(reverse("decks:shared", args=[unlisted.code])).content.decode()
    assert "deck-social" not in html
    client.post(reverse("discovery:seen", args=[unlisted.code]))
    assert not DeckFacts.objects.filter(deck=unlisted).exists()


def test_a_profile_lists_a_players_public_decks_and_totals(client, public, stranger):
    html = client.get(reverse("discovery:player", args=["owner"])).content.decode()
    assert "Shown deck" in html and "1 public deck" in html
    assert client.get(reverse("discovery:player", args=["nobody"])).status_code == 404

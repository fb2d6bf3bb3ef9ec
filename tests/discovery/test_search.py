"""The public deck search: each filter and sort of issue 27 §1, on the page and in the API."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from decklab.collections.services import collection_add_list, collection_get_or_create
from decklab.discovery import services
from decklab.discovery.facts import facts_count_likes
from decklab.discovery.models import DeckFacts, Like
from tests.decks import factories
from tests.discovery.decks import BETA_ZONES

pytestmark = pytest.mark.django_db


def _names(client, **params) -> list[str]:
    body = client.get(reverse("api-deck-search", args=["dbscg"]), params).json()
    return [row["name"] for row in body["results"]]


@pytest.fixture
def alpha_beta(make_deck, stranger):
    alpha = make_deck("Alpha list")
    beta = make_deck("Beta list", zones=BETA_ZONES, by=stranger)
    return alpha, beta


def test_a_row_shows_leader_colours_legality_date_author_and_likes(client, alpha_beta):
    html = client.get(reverse("decks:public", args=["dbscg"])).content.decode()
    for shown in ("Test Leader Alpha", "Red", "legal", "owner", 'class="deck-likes">0'):
        assert shown in html
    assert timezone.now().date().isoformat() in html


def test_a_japanese_page_shows_colours_in_japanese_words(client, alpha_beta):
    html = client.get(
        reverse("decks:public", args=["dbscg"]), HTTP_ACCEPT_LANGUAGE="ja"
    ).content.decode()
    assert '<span class="colour-chip">赤</span>' in html
    assert '<option value="Red">赤</option>' in html
    assert '<span class="colour-chip">Red</span>' not in html


def test_decks_are_found_by_leader_and_colour(client, alpha_beta):
    assert _names(client, archetype="TS2-001") == ["Beta list"]
    assert _names(client, colour="Red") == ["Alpha list"]


def test_cards_used_all_of_any_of_and_none_of(client, alpha_beta):
    assert _names(client, card="TS1-003") == ["Alpha list"]
    assert sorted(_names(client, all="TS1-002, TS1-004")) == ["Alpha list", "Beta list"]
    assert _names(client, all="TS2-001, TS1-002") == ["Beta list"]
    assert _names(client, none="TS1-003") == ["Beta list"]


def test_author_tag_and_legality_filters(client, alpha_beta):
    beta = alpha_beta[1]
    services.tags_set(deck=beta, text="Budget, aggro")
    assert _names(client, author="STRANGER") == ["Beta list"]
    assert _names(client, tag="budget") == ["Beta list"]
    assert _names(client, legal="true") == ["Alpha list"]  # Beta's list is 46 cards


def test_placement_in_an_event(client, alpha_beta):
    DeckFacts.objects.filter(deck=alpha_beta[1]).update(best_place=3)
    assert _names(client, placed=4) == ["Beta list"]
    assert _names(client, placed=1) == []


def test_popularity_decays_with_age(client, make_deck, db):
    old, new = make_deck("Old favourite"), make_deck("New favourite")
    fans = [factories.make_user(f"fan{i}") for i in range(3)]
    for fan in fans:
        services.like_toggle(deck=old, user=fan)
    services.like_toggle(deck=new, user=fans[0])
    # Three likes eight weeks ago weigh 3 / 16 today; one like today weighs 1.
    Like.objects.filter(deck=old).update(created_at=timezone.now() - timedelta(weeks=8))
    facts_count_likes(deck=old)
    assert _names(client, sort="popular") == ["New favourite", "Old favourite"]
    Like.objects.filter(deck=old).update(created_at=timezone.now())
    facts_count_likes(deck=old)
    assert _names(client, sort="popular") == ["Old favourite", "New favourite"]


def test_newest_and_most_viewed_sorts(client, make_deck):
    seen = make_deck("Seen a lot", days_ago=3)
    make_deck("Fresh")
    DeckFacts.objects.filter(deck=seen).update(views=10)
    assert _names(client, sort="new") == ["Fresh", "Seen a lot"]
    assert _names(client, sort="views") == ["Seen a lot", "Fresh"]


def test_buildable_from_my_collection_and_missing_at_most(client, alpha_beta, stranger):
    collection = collection_get_or_create(owner=stranger, game="dbscg")
    collection_add_list(
        collection=collection,
        text="1 TS2-001\n" + "\n".join(f"4 TS1-{n:03d}" for n in range(2, 15)),
    )
    client.force_login(stranger)
    assert _names(client, buildable="on") == ["Beta list"]
    # Alpha misses its leader and two Z-cards.
    assert sorted(_names(client, missing=3)) == ["Alpha list", "Beta list"]
    assert _names(client, missing=2) == ["Beta list"]
    html = client.get(reverse("decks:public", args=["dbscg"]), {"buildable": "1"}).content.decode()
    assert "Beta list" in html and "Alpha list" not in html


def test_an_unreadable_card_query_is_explained_not_a_500(client, alpha_beta):
    page = client.get(reverse("decks:public", args=["dbscg"]), {"card": "cost<"})
    assert page.status_code == 200 and "cannot be understood" in page.content.decode()
    api = client.get(reverse("api-deck-search", args=["dbscg"]), {"card": "cost<"})
    assert api.status_code == 400

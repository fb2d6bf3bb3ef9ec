"""The search's "legal at" filter (RULES.md §6.1): one comparison on the stored `legal_from`."""

from datetime import date

import pytest
from django.urls import reverse

from cards.games.dates import NO_DATES
from decklab.decks.services import deck_create
from decklab.discovery.models import DeckFacts
from tests.discovery.dated import NEW_ZONES, OLD_ZONES, RELEASE_28TH, load_cards

pytestmark = pytest.mark.django_db


def _search(client, game: str, **params) -> dict:
    return client.get(reverse("api-deck-search", args=[game]), params).json()


def _names(client, game: str, **params) -> list[str]:
    return sorted(row["name"] for row in _search(client, game, **params)["results"])


@pytest.fixture
def old_and_new(owner):
    load_cards()
    for name, zones in (("Old", OLD_ZONES), ("New", NEW_ZONES)):
        deck_create(owner=owner, game="gundam_war", name=name, zones=zones, visibility="public")


def test_legal_from_is_stored_with_the_facts(old_and_new):
    stored = dict(DeckFacts.objects.values_list("deck__name", "legal_from"))
    assert stored == {"Old": date(1999, 2, 28), "New": date.fromisoformat(RELEASE_28TH)}


def test_a_deck_with_a_later_card_is_not_legal_before_its_release(client, old_and_new):
    assert _names(client, "gundam_war", legal_at="2011-05-30") == ["Old"]
    assert _names(client, "gundam_war", legal_at=RELEASE_28TH) == ["New", "Old"]
    assert _names(client, "gundam_war", legal_at="1999-01-01") == []


def test_the_page_filters_and_a_game_without_dates_says_so(client, old_and_new, make_deck):
    html = client.get(
        reverse("decks:public", args=["gundam_war"]), {"legal_at": "2011-05-30"}
    ).content.decode()
    assert "Old" in html and ">New<" not in html and "search-note" not in html
    shown = client.get(reverse("decks:public", args=["gundam_war"]), {"legal_at": RELEASE_28TH})
    assert ">New<" in shown.content.decode()
    make_deck("Alpha list")
    page = client.get(reverse("decks:public", args=["dbscg"]), {"legal_at": "2000-01-01"})
    html = page.content.decode()
    assert "Alpha list" in html and '<p class="notice search-note">This game' in html


def test_the_api_says_when_legal_at_was_answered_by_todays_rules(client, old_and_new, make_deck):
    make_deck("Alpha list")
    assert _search(client, "gundam_war", legal_at="2011-05-30")["notes"] == []
    assert _search(client, "dbscg")["notes"] == []
    undated = _search(client, "dbscg", legal_at="2000-01-01")
    assert [row["name"] for row in undated["results"]] == ["Alpha list"]
    assert undated["notes"] == [str(NO_DATES)]
    japanese = client.get(
        reverse("api-deck-search", args=["dbscg"]),
        {"legal_at": "2000-01-01"},
        HTTP_ACCEPT_LANGUAGE="ja",
    ).json()
    assert japanese["notes"] and japanese["notes"] != [str(NO_DATES)]

"""The search's "legal at" filter (RULES.md §6.1): one comparison on the stored `legal_from`."""

from datetime import date

import pytest
from django.urls import reverse

from decklab.decks.services import deck_create
from decklab.discovery.models import DeckFacts
from tests.discovery.dated import NEW_ZONES, OLD_ZONES, RELEASE_28TH, load_cards

pytestmark = pytest.mark.django_db


def _names(client, game: str, **params) -> list[str]:
    body = client.get(reverse("api-deck-search", args=[game]), params).json()
    return sorted(row["name"] for row in body["results"])


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
    assert "Old" in html and ">New<" not in html and "dates-note" not in html
    shown = client.get(reverse("decks:public", args=["gundam_war"]), {"legal_at": RELEASE_28TH})
    assert ">New<" in shown.content.decode()
    make_deck("Alpha list")
    page = client.get(reverse("decks:public", args=["dbscg"]), {"legal_at": "2000-01-01"})
    html = page.content.decode()
    assert "Alpha list" in html and "carries no dates" in html

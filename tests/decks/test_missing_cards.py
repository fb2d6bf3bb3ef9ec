"""What the card database lacks, said where the player meets it (issue 23): the editor and the
builder say how many of the game's cards are registered, a deck that is not legal while the data is
incomplete offers to propose the missing cards, and a search that finds nothing offers the
proposal form with the name (or number and name) filled in."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.games.registry import get_game
from cards.shipped import DATA, load_game
from decklab.decks.services import deck_create
from tests.decks import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def shipped_dreadnought(db):
    list(load_game(get_game("dreadnought"), DATA / "dreadnought"))


@pytest.fixture
def dreadnought_deck(shipped_dreadnought, owner):
    #: Every shipped card that two red casters allow: 8 names × 4 = 32 of the 50 needed.
    main = {f"DN-K{n:03d}": 4 for n in range(6, 14)}
    zones = {"casters": {"DN-K001": 1, "DN-K002": 1}, "main": main}
    return deck_create(owner=owner, game="dreadnought", name="紅蓮", zones=zones)


def japanese(client):
    client.cookies["django_language"] = "ja"
    return client


def test_the_editor_says_how_many_cards_are_registered_and_that_the_total_is_unknown(
    client, owner, dreadnought_deck
):
    client.force_login(owner)
    html = japanese(client).get(reverse("decks:editor", args=[dreadnought_deck.pk])).content
    assert "ドレッドノートは 13 種類登録済み（全種類数は不明）。" in html.decode()


def test_a_deck_that_is_not_legal_offers_to_propose_the_missing_cards(
    client, owner, dreadnought_deck
):
    client.force_login(owner)
    url = reverse("decks:panel", args=[dreadnought_deck.pk, "legality"])
    html = japanese(client).get(url).content.decode()
    assert 'class="notice warn missing-cards"' in html
    assert 'href="/cards/dreadnought/propose/">未登録のカードを提案' in html


def test_the_builder_says_it_too(client, shipped_dreadnought):
    html = japanese(client).get(reverse("decks:build", args=["dreadnought"])).content.decode()
    assert "ドレッドノートは 13 種類登録済み" in html


def test_a_deck_not_begun_gets_its_to_do_list_not_the_offer(client, owner, shipped_dreadnought):
    empty = deck_create(owner=owner, game="dreadnought", name="空", zones={})
    client.force_login(owner)
    html = client.get(reverse("decks:panel", args=[empty.pk, "legality"])).content.decode()
    assert "missing-cards" not in html


def test_a_deck_not_legal_for_another_reason_than_too_few_cards_is_offered_nothing(
    client, owner, dbscg_cards
):
    zones = {**factories.LEGAL_DBSCG, "main": {**factories.LEGAL_DBSCG["main"], "TS1-002": 9}}
    broken = deck_create(owner=owner, game="dbscg", name="Too many", zones=zones)
    client.force_login(owner)
    html = client.get(reverse("decks:panel", args=[broken.pk, "legality"])).content.decode()
    assert 'data-legal="false"' in html and "missing-cards" not in html


def test_a_legal_deck_of_a_complete_game_is_offered_nothing(client, owner, deck):
    """DBSCG's count is not known either, but a legal deck needs nothing proposed."""
    client.force_login(owner)
    html = client.get(reverse("decks:panel", args=[deck.pk, "legality"])).content.decode()
    assert "missing-cards" not in html


def test_a_search_that_finds_nothing_offers_the_card_with_its_name_filled_in(
    client, shipped_dreadnought
):
    url = reverse("decks:search", args=["dreadnought"])
    html = japanese(client).get(url, {"q": "ツクヨミ"}).content.decode()
    assert (
        '<a class="propose-card" href="/cards/dreadnought/propose/?name=%E3%83%84%E3%82%AF%E3%83'
        in html
    )
    assert "「ツクヨミ」を新しいカードとして提案" in html
    html = client.get(url, {"q": "DN1-040 ツクヨミ"}).content.decode()
    assert "propose/?new=DN1-040&amp;name=" in html


def test_a_query_that_finds_nothing_offers_no_card_name(client, shipped_dreadnought):
    url = reverse("decks:search", args=["dreadnought"])
    html = client.get(url, {"q": "size=L bp>9000"}).content.decode()
    assert "No card matches" in html and "propose-card" not in html


def test_the_coverage_page_says_how_complete_the_shipped_data_is(client, shipped_dreadnought):
    html = japanese(client).get(reverse("community:coverage", args=["dreadnought"])).content
    html = html.decode()
    assert "同梱データの充実度" in html
    assert "全種類数を示す資料もありません" in html
    assert "ドレッドノートは 13 種類登録済み" in html


def test_numbers_decklab_invented_are_not_read_as_a_complete_series(client, shipped_dreadnought):
    """The shipped Dreadnought cards carry DeckLab's own numbers (DN-K001…): the home page read
    "13 of at least 13 numbers known" and the coverage page "missing: none"."""
    html = client.get(reverse("community:coverage", args=["dreadnought"])).content.decode()
    row = html.split('data-series="|DN-K"', 1)[1].split("</tr>", 1)[0]
    assert "Printed numbers not known" in row and "none" not in row
    tiles = client.get(reverse("home")).content.decode()
    assert "of at least 13 numbers known" not in tiles

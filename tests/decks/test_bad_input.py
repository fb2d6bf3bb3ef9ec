"""Deck pages answer ids, versions and codes that are not numbers with a 4xx, never a 500.

`str.isdigit` passes `²`, and `int` refuses a run of thousands of digits: both once reached `int`
from a query string or a form, so each page that reads a number from the request is asked with them.
JSON nested 100,000 deep made Python's parser raise `RecursionError`. A form in UTF-16 made Django's
own 400 page read the unreadable body again and answer 500.
"""

import pytest
from django.test import Client
from django.urls import reverse

from cards.games import deckcode
from tests.legality.conftest import DEEP_JSON, deep_deck_code

pytestmark = pytest.mark.django_db

NOT_NUMBERS = ["²", "9" * 5000, "99999999999999999999999", "-1", "1.5", ""]


@pytest.fixture
def client_of_owner(client, owner):
    client.force_login(owner)
    return client


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_history_with_a_version_that_is_not_a_number_shows_the_history(
    client_of_owner, deck, value
):
    response = client_of_owner.get(reverse("decks:history", args=[deck.pk]), {"a": "1", "b": value})
    assert response.status_code == 200


@pytest.mark.parametrize("value", NOT_NUMBERS)
def test_revert_to_a_version_that_is_not_a_number_says_there_is_no_such_version(
    client_of_owner, deck, value
):
    response = client_of_owner.post(
        reverse("decks:revert", args=[deck.pk]), {"number": value, "version": value}, follow=True
    )
    assert response.status_code == 200
    assert "has no version" in response.content.decode()
    deck.refresh_from_db()
    assert deck.version == 1


@pytest.mark.parametrize("compare", ["version:²", "deck:²", "version:" + "9" * 5000, "deck:9" * 30])
def test_simulate_compared_with_a_deck_or_version_that_is_not_a_number_is_not_a_500(
    client_of_owner, deck, compare
):
    response = client_of_owner.post(
        reverse("decks:simulate", args=[deck.pk]),
        {"trials": "10000", "compare": compare, "goal": "drawn"},
    )
    assert response.status_code < 500


@pytest.mark.parametrize("number", ["²", "1" * 5000, "BT1-" + "0" * 4500 + "1"])
def test_the_builder_shows_a_code_whose_card_number_holds_odd_digits(client, dbscg_cards, number):
    code = deckcode.encode("dbscg", None, {"main": {number: 2, "TS1-002": 1}})
    for name in ("build", "build-text"):
        response = client.get(reverse(f"decks:{name}", args=["dbscg"]), {"c": code})
        assert response.status_code == 200


def test_the_builder_answers_a_code_that_inflates_to_deep_nesting_with_404(client, db):
    response = client.get(reverse("decks:build", args=["dbscg"]), {"c": deep_deck_code()})
    assert response.status_code == 404


def test_the_deck_api_answers_json_nested_too_deeply_with_400(client_of_owner):
    response = client_of_owner.post("/api/v1/decks", DEEP_JSON, content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize("name", ["decks:new", "login"])
def test_a_form_posted_in_a_charset_other_than_utf8_is_400(owner, name):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(owner)
    response = browser.post(
        reverse(name), b"name=x", content_type="application/x-www-form-urlencoded; charset=utf-16"
    )
    assert response.status_code == 400
    assert b"must be UTF-8 encoded" in response.content

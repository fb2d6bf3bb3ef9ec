"""The editor page reads a constant number of rows, however many cards the deck holds."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from decklab.decks.services import deck_create
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db


def queries_for(client, deck) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("decks:editor", args=[deck.pk]))
    assert response.status_code == 200
    return len(captured)


def test_the_editor_page_makes_as_many_queries_for_2_cards_as_for_18(client, owner, dbscg_cards):
    client.force_login(owner)
    small = deck_create(
        owner=owner,
        game="dbscg",
        name="Small",
        zones={"leader": {"TS1-001": 1}, "main": {"TS1-002": 1}},
    )
    full = deck_create(owner=owner, game="dbscg", name="Full", zones=LEGAL_DBSCG)
    queries_for(client, small)  # warm the session and caches alike
    assert queries_for(client, small) == queries_for(client, full)

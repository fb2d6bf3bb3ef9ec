"""The editor page reads a constant number of rows, however many cards the deck holds."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cards import validation
from cards.models import Card
from decklab.decks import stats, workspace
from decklab.decks.services import deck_create
from tests.decks.factories import LEGAL_DBSCG

pytestmark = pytest.mark.django_db


def queries_for(client, deck) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(reverse("decks:editor", args=[deck.pk]))
    assert response.status_code == 200
    return len(captured)


def test_the_editor_page_makes_as_many_queries_for_2_cards_as_for_18(
    client, owner, dbscg_cards, monkeypatch
):
    client.force_login(owner)
    small = deck_create(
        owner=owner,
        game="dbscg",
        name="Small",
        zones={"leader": {"TS1-001": 1}, "main": {"TS1-002": 1}},
    )
    full = deck_create(owner=owner, game="dbscg", name="Full", zones=LEGAL_DBSCG)
    with monkeypatch.context() as uncached:
        uncached.setattr(workspace, "PANEL_CACHE_SECONDS", 0)
        queries_for(client, small)  # warm the session
        cold = queries_for(client, small)
        assert queries_for(client, full) == cold
    queries_for(client, small)
    queries_for(client, full)
    # The legality, format and statistics panels check the deck the page already resolved and
    # read no rows of their own; cached, none is computed again, the card rows are not read at
    # all (the panels' key asks only for their count and newest change), nor are the goldfish
    # panel's older versions and other decks (keyed by the owner's decks, read with the version).
    computed = []
    for module, name in ((validation, "check"), (validation, "matrix"), (stats, "deck_charts")):
        original = getattr(module, name)
        monkeypatch.setattr(
            module, name, lambda *a, _o=original, _n=name, **k: computed.append(_n) or _o(*a, **k)
        )
    assert queries_for(client, small) == queries_for(client, full) == cold - 3
    assert computed == []


def test_a_cached_panel_changes_with_the_deck_and_its_cards(client, owner, dbscg_cards):
    client.force_login(owner)
    deck = deck_create(owner=owner, game="dbscg", name="Full", zones=LEGAL_DBSCG)
    url = reverse("decks:editor", args=[deck.pk])
    assert client.get(url).context["ws"].report["legal"]
    leader = Card.objects.get(game="dbscg", number="TS1-001")
    leader.type = "Battle"  # the deck now has no leader: a new answer, not the cached one
    leader.save()
    assert not client.get(url).context["ws"].report["legal"]

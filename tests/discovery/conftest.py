"""Fixtures of the discovery tests: the suite's invented DBSCG cards with a second leader, and
public, unlisted and private decks (the suite's `owner` and `stranger` play)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.utils import timezone

from decklab.decks.models import Deck
from decklab.decks.services import deck_create
from decklab.discovery.models import DeckFacts, PublicCard
from tests.decks import factories
from tests.discovery.decks import load_beta


@pytest.fixture
def dbscg_cards(dbscg_cards) -> None:
    """The suite's DBSCG cards (tests/conftest.py), and the second leader."""
    load_beta()


MakeDeck = Callable[..., Deck]


@pytest.fixture
def make_deck(dbscg_cards, owner) -> MakeDeck:
    """A DBSCG deck (Alpha's legal deck unless `zones` says otherwise), `days_ago` old."""

    def make(name: str, visibility: str = "public", *, zones=None, by=None, days_ago: int = 0):
        deck = deck_create(
            owner=by or owner,
            game="dbscg",
            name=name,
            zones=zones or factories.LEGAL_DBSCG,
            visibility=visibility,
        )
        if days_ago:
            dated = timezone.now() - timedelta(days=days_ago)
            DeckFacts.objects.filter(deck=deck).update(dated=dated)
            PublicCard.objects.filter(deck=deck).update(dated=dated)
        return deck

    return make


@pytest.fixture
def three_decks(make_deck) -> dict[str, Deck]:
    """The same cards as a public, an unlisted and a private deck."""
    return {v: make_deck(f"{v.title()} deck", v) for v in ("public", "unlisted", "private")}

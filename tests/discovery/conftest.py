"""Fixtures of the discovery tests: the invented DBSCG cards of the deck tests, a second leader,
and public, unlisted and private decks of two players."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.utils import timezone

from cards.importers import import_cards
from decklab.decks.models import Deck
from decklab.decks.services import deck_create
from decklab.discovery.models import DeckFacts
from tests.decks import factories

#: A second invented leader, so that the meta has two archetypes.
BETA_CSV = """number,name,type,colors
TS2-001,Test Leader Beta,Leader,Blue
"""

#: A ZENKAI deck led by Beta, holding TS1-002 twice and no TS1-003.
BETA_ZONES = {
    "leader": {"TS2-001": 1},
    "main": {"TS1-002": 2, **{f"TS1-{n:03d}": 4 for n in range(4, 15)}},
}


@pytest.fixture
def dbscg_cards(db) -> None:
    factories.load_dbscg()
    import_cards("dbscg", BETA_CSV.encode(), "beta.csv")


@pytest.fixture
def owner(db):
    return factories.make_user("owner")


@pytest.fixture
def stranger(db):
    return factories.make_user("stranger")


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
            DeckFacts.objects.filter(deck=deck).update(
                dated=timezone.now() - timedelta(days=days_ago)
            )
        return deck

    return make


@pytest.fixture
def three_decks(make_deck) -> dict[str, Deck]:
    """The same cards as a public, an unlisted and a private deck."""
    return {v: make_deck(f"{v.title()} deck", v) for v in ("public", "unlisted", "private")}

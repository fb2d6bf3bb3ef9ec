import pytest
from rest_framework.test import APIClient

from tests.decks import factories

#: A legal ZENKAI list of the invented test cards (tests/decks/factories.py), as text.
LEGAL_TEXT = "\n".join(
    ["Leader", "1 TS1-001", "Main"]
    + [f"4 TS1-{n:03d}" for n in range(2, 15)]
    + ["Z-Deck", "1 TS1-090", "1 TS1-091"]
)
#: The same list with a fifth copy of one card: not legal (copy_limit).
ILLEGAL_TEXT = LEGAL_TEXT.replace("4 TS1-002", "5 TS1-002")


@pytest.fixture
def organiser(db):
    return factories.make_user("organiser")


@pytest.fixture
def players(db):
    return [factories.make_user(f"player{i}") for i in range(1, 9)]


@pytest.fixture
def as_user():
    """An API client signed in as the given user."""

    def client(user) -> APIClient:
        api = APIClient()
        api.force_authenticate(user)
        return api

    return client


@pytest.fixture
def registered(dbscg_cards, organiser, players):
    """A DBSCG event with its eight players registered (legal lists), not yet locked."""
    from datetime import date

    from decklab.events import services

    def make(**options):
        event = services.event_create(
            organiser=organiser, game="dbscg", name="Test event", date=date(2026, 12, 5), **options
        )
        for player in players:
            services.registration_create(event=event, player=player, decklist=LEGAL_TEXT)
        return event

    return make

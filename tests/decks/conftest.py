import pytest

from tests.decks import factories


@pytest.fixture
def dbscg_cards(db) -> None:
    factories.load_dbscg()


@pytest.fixture
def dreadnought_cards(db) -> None:
    factories.load_dreadnought()


@pytest.fixture
def owner(db):
    return factories.make_user("owner")


@pytest.fixture
def stranger(db):
    return factories.make_user("stranger")


@pytest.fixture
def deck(dbscg_cards, owner):
    from decklab.decks.services import deck_create

    return deck_create(owner=owner, game="dbscg", name="Red test", zones=factories.LEGAL_DBSCG)

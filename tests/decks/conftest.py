import pytest
from django.urls import reverse

from decklab.celery import app
from decklab.goldfish import services as goldfish_services
from tests.decks import factories


@pytest.fixture
def dreadnought_cards(db) -> None:
    factories.load_dreadnought()


@pytest.fixture
def deck(dbscg_cards, owner):
    from decklab.decks.services import deck_create

    return deck_create(owner=owner, game="dbscg", name="Red test", zones=factories.LEGAL_DBSCG)


@pytest.fixture
def simulate(client, owner, django_capture_on_commit_callbacks):
    """Post the goldfish form; the run's chunks play in this process once it is queued."""
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    # Workers cache plans by run id, and rolled-back tests hand the same ids out again.
    goldfish_services.plans._cached_plan.cache_clear()
    client.force_login(owner)

    def post(deck, data):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(
                reverse("decks:simulate", args=[deck.pk]), data, headers={"HX-Request": "true"}
            )

    yield post
    app.conf.task_always_eager = before


def post_data(**extra) -> dict:
    return {
        "goal": "drawn",
        "drawn-cards": ["TS1-002", "TS1-003"],
        "drawn-at_least": "1",
        "drawn-turn": "3",
        "drawn-play": "first",
        "drawn-mulligan": "none",
        "trials": "10000",
        "seed": "7",
        "version": "1",
        **extra,
    }

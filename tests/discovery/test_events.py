"""Event lists in the meta are weighted by event size and kept apart from public decks; a deck
played at a finished event gets its place (issue 27 §1, §3)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from decklab.discovery.models import DeckFacts
from decklab.events import services
from decklab.events.models import Status
from tests.decks import factories

pytestmark = pytest.mark.django_db

#: Alpha's legal list as text (tests/decks/factories.py's cards).
ALPHA_TEXT = "\n".join(
    ["Leader", "1 TS1-001", "Main"]
    + [f"4 TS1-{n:03d}" for n in range(2, 15)]
    + ["Z-Deck", "1 TS1-090", "1 TS1-091"]
)


def _finished_event(organiser, players, decks=None):
    event = services.event_create(
        organiser=organiser, game="dbscg", name="Cup", date=timezone.now().date()
    )
    for player in players:
        deck = (decks or {}).get(player.username)
        services.registration_create(
            event=event, player=player, deck=deck, decklist=None if deck else ALPHA_TEXT
        )
    services.event_lock(event=event)
    event.status = Status.FINISHED
    event.save()
    return event


def test_event_lists_are_weighted_by_event_size_and_counted_apart(client, make_deck, owner):
    players = [factories.make_user(f"p{i}") for i in range(4)]
    _finished_event(owner, players)
    body = client.get(reverse("api-meta", args=["dbscg"])).json()
    assert body["decks"] == 0  # no public deck: the event lists are not in the casual shares
    assert body["event_weight"] == 16  # four lists, each worth its four-player event
    assert [(a["label"], a["share"]) for a in body["event_archetypes"]] == [
        ("Test Leader Alpha", 1.0)
    ]


def test_a_deck_played_at_a_finished_public_event_gets_its_place(make_deck, owner):
    players = [factories.make_user(f"p{i}") for i in range(2)]
    deck = make_deck("Played", by=players[0])
    _finished_event(owner, players, decks={"p0": deck})
    assert DeckFacts.objects.get(deck=deck).best_place in {1, 2}

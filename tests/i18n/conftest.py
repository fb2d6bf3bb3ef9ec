"""A site with every game's cards, a deck per game, a finished simulation run and a user."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.utils import timezone

from cards import shipped
from cards.games.registry import get_game
from cards.importers import import_cards
from cards.models import Card
from tests.cards.conftest import DBSCG_CSV
from tests.decks import factories

PASSWORD = "a-long-test-password-42"


@dataclass
class Site:
    user: object
    decks: dict = field(default_factory=dict)
    run: object = None
    event: object = None


def load_cards() -> None:
    """The shipped cards of the four games whose data is small, and a few real DBSCG cards."""
    import_cards("dbscg", DBSCG_CSV.encode(), "cards.csv")
    for slug in ("blade_rondo", "draws_troidal", "gundam_war", "dreadnought"):
        list(shipped.load_game(get_game(slug), shipped.DATA / slug))


@pytest.fixture
def site(db) -> Site:
    from cards.games.registry import all_games
    from decklab.decks.services import deck_create, deck_save
    from decklab.goldfish.models import SimulationRun

    load_cards()
    user = factories.make_user("tester", PASSWORD)
    result = Site(user=user)
    for game in all_games():
        numbers = list(Card.objects.filter(game=game.slug).values_list("number", flat=True)[:4])
        zone = game.default_zone
        deck = deck_create(
            owner=user,
            game=game.slug,
            name="赤青テストデッキ",
            zones={zone: {numbers[0]: 2, numbers[1]: 1}},
            visibility="public",
        )
        deck_save(
            deck=deck,
            zones={zone: {numbers[0]: 3, numbers[2]: 2}},
            expected_version=deck.version,
            note="import",
        )
        deck.refresh_from_db()
        result.decks[game.slug] = deck
    now = timezone.now()
    result.run = SimulationRun.objects.create(
        owner=user,
        game="gundam_war",
        format="standard",
        decklist="3 ガンダム",
        goals=[{"type": "drawn", "cards": ["ガンダム"], "at_least": 1, "turn": 3}],
        seed=7,
        trials=10_000,
        status=SimulationRun.Status.DONE,
        chunks_total=1,
        chunks_done=1,
        heartbeat_at=now,
        finished_at=now,
        results={
            "trials": 10_000,
            "seed": 7,
            "elapsed_s": 0.4,
            "results": [
                {
                    "goal": {"type": "drawn", "cards": ["ガンダム"], "at_least": 1, "turn": t},
                    "probability": 0.2 * t,
                    "ci95": [0.2 * t - 0.01, 0.2 * t + 0.01],
                    "exact": 0.2 * t,
                }
                for t in (1, 2, 3)
            ],
        },
    )
    result.event = finished_event(user, result.decks["dbscg"])
    return result


def finished_event(user, deck):
    """A one-round DBSCG event of the user and a rival, played to its end (every event page)."""
    from datetime import date

    from decklab.decks.selectors import current_zones
    from decklab.events import rounds, services
    from decklab.events.models import Registration

    event = services.event_create(
        organiser=user, game="dbscg", name="テスト大会", date=date(2026, 12, 5)
    )
    rival = factories.make_user("rival", PASSWORD)
    for player in (user, rival):
        # Written directly: the site's decks are not legal, and the pages only show the lists.
        Registration.objects.create(
            event=event, player=player, deck=deck, decklist="Main\n3 X", zones=current_zones(deck)
        )
    services.event_lock(event=event)
    rounds.round_start(event=event)
    rounds.result_report(event=event, round_number=1, table_number=1, games=[2, 1, 0], by=user)
    return event

"""The event as data: a player's list (CONTRACT §7) and the JSON export of the whole event, each
list published with its placement as the event's visibility allows the reader."""

from __future__ import annotations

from typing import Any

from decklab.events import selectors
from decklab.events.models import Event, Registration
from decklab.events.serializers import round_data, standing_row


def list_data(event: Event, registration: Registration) -> dict[str, Any]:
    locked = getattr(registration, "locked", None)
    return {
        "player": registration.player.get_username(),
        "state": selectors.list_state(event, registration),
        "decklist": locked.decklist if locked else registration.decklist,
        "hash": locked.hash if locked else None,
        "locked_at": locked.locked_at if locked else None,
    }


def event_export(event: Event, user: selectors.Viewer) -> dict[str, Any]:
    places = selectors.placements(event) if event.rounds.exists() else {}
    lists = []
    for registration in selectors.registrations(event):
        if registration.waiting or not selectors.list_visible(event, registration, user):
            continue
        row = list_data(event, registration)
        row["place"] = places.get(registration.player.get_username())
        lists.append(row)
    lists.sort(key=lambda row: (row["place"] is None, row["place"] or 0, row["player"]))
    return {
        "standings": [standing_row(row) for row in selectors.standings(event)],
        "places": [
            {"place": p, "player": name} for name, p in sorted(places.items(), key=lambda i: i[1])
        ],
        "rounds": [round_data(r) for r in selectors.rounds(event)],
        "lists": lists,
    }

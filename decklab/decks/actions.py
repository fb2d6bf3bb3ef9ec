"""One editor action on a deck's quantities (add, set, move, copy, deal, preset), for a saved
deck (`services.deck_edit`) and the stateless builder alike: the new quantities and a note."""

from __future__ import annotations

import random

from django.utils.translation import gettext

from cards.games.base import Construction
from cards.games.game import Game
from cards.games.registry import get_game
from decklab.decks import edits, notes, selectors
from decklab.decks.errors import DeckError
from decklab.decks.notes import Note


def _built_add(
    game: Game,
    construction: Construction,
    zones: edits.Zones,
    zone: str,
    number: str,
    steps: int,
    out: str,
) -> tuple[edits.Zones, Note]:
    """An add in a format's kinds × copies zone: whole sets of copies at once, and with `out` the
    card swapped out for this one (all its copies)."""
    if out:
        if out not in zones.get(zone, {}):
            raise DeckError(gettext("%(number)s is not in the deck any more.") % {"number": out})
        zones = edits.set_count(zones, zone, out, 0)
    count = construction.stepped(zones.get(zone, {}).get(number, 0), steps)
    if count is None:
        raise DeckError(
            gettext(
                "%(number)s has its %(copies)s copies already: each card is in %(copies)s times."
            )
            % {"number": number, "copies": construction.copies}
        )
    new = edits.set_count(zones, zone, number, count)
    return new, f"{out} → {number} ×{count}" if out else notes.counted(game, zone, number, count)


def apply_action(
    game_slug: str, zones: edits.Zones, action: str, *, format_slug: str | None = None, **params
) -> tuple[edits.Zones, Note]:
    """One editor action on quantities, for a saved deck and the stateless builder alike: the new
    quantities and a note of a few words. In a format built as kinds × copies (`Construction`),
    adds and removes in its zone move whole sets of copies, and an add may swap a card out."""
    game = get_game(game_slug)
    construction = game.format(format_slug).construction if format_slug else None
    try:
        if action == "add" and construction and params["zone"] == construction.zone:
            steps = params.get("count", 1)
            new, note = _built_add(
                game,
                construction,
                zones,
                params["zone"],
                params["number"],
                (steps > 0) - (steps < 0),
                params.get("swap_out") or "",
            )
        elif action == "add":
            new = edits.add(zones, params["zone"], params["number"], params.get("count", 1))
            note = notes.added(game, params["zone"], params["number"], params.get("count", 1))
        elif action == "set":
            new = edits.set_count(zones, params["zone"], params["number"], params["count"])
            note = notes.counted(game, params["zone"], params["number"], params["count"])
        elif action == "move":
            new = edits.move(game, zones, params["number"], params["zone"], params["to_zone"])
            note = notes.moved(game, params["number"], params["zone"], params["to_zone"])
        elif action == "copy":
            new = edits.choose(game, zones, params["number"], params["zone"], params["to_zone"])
            note = notes.copied(game, params["number"], params["zone"], params["to_zone"])
        elif action == "deal":
            count = selectors.deal_count(game_slug, zones)
            new = edits.deal(game, zones, params.get("rng") or random.Random(), count)
            note = notes.dealt(count)
        elif action == "preset":
            preset, filled = selectors.preset_zones(game_slug, params.get("preset") or "")
            new = edits.fill(game, zones, filled)
            note = preset.name
        else:
            raise DeckError(gettext("Unknown action %(action)r.") % {"action": action})
    except edits.EditError as error:
        raise DeckError(str(error)) from None
    return new, note

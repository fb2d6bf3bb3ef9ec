"""The collection's parts of other pages: owned/needed on a deck, the quantity control of a card.

Deck and card pages include them with one tag, so those pages' views and templates stay theirs.
"""

from __future__ import annotations

from typing import Any

from django import template

from decklab.collections import selectors

register = template.Library()


@register.inclusion_tag("collections/_holdings.html", takes_context=True)
def deck_holdings(context: dict[str, Any], ws: Any) -> dict[str, Any]:
    """The "My cards" panel of a saved deck for a signed-in player: loaded after the page (and
    again when the editor changes the deck), so the deck's page makes no query for it."""
    request = context["request"]
    return {"show": request.user.is_authenticated and ws.deck is not None, "deck": ws.deck}


@register.inclusion_tag("collections/_card_quantity.html", takes_context=True)
def card_quantity(context: dict[str, Any], game: Any, number: str) -> dict[str, Any]:
    """How many of the card the signed-in player owns, with a control to change it."""
    request = context["request"]
    return {
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "game": game,
        "number": number,
        "quantity": selectors.card_quantity(request.user, game.slug, number),
    }

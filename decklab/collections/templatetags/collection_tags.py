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
    """Owned, needed and missing per line of the workspace's deck, for a signed-in player."""
    request = context["request"]
    shown = request.user.is_authenticated and not ws.empty
    return {
        "request": request,
        "csrf_token": context.get("csrf_token"),
        "holdings": selectors.holdings(request.user, ws.game_slug, ws.game_deck, ws.deck)
        if shown
        else None,
        "deck": ws.deck,
        "game_slug": ws.game_slug,
    }


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

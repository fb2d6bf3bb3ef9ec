"""The collection's parts of other pages: owned/needed on a deck, the quantity control of a card.

Deck and card pages include them with one tag, so those pages' views and templates stay theirs.
"""

from __future__ import annotations

from typing import Any

from django import template

from cards.addresses import keyed_url
from decklab.collections import selectors
from decklab.decks.models import Deck as SavedDeck

#: Every deck of a page gets its count, however far from the collection.
LARGEST_MISSING = 10**9

register = template.Library()


@register.inclusion_tag("collections/_holdings.html", takes_context=True)
def deck_holdings(context: dict[str, Any], ws: Any) -> dict[str, Any]:
    """The "My cards" panel of a saved deck for a signed-in player: loaded after the page (and
    again when the editor changes the deck), so the deck's page makes no query for it."""
    request = context["request"]
    show = request.user.is_authenticated and ws.deck is not None
    return {"show": show, "url": keyed_url("collections:holdings", ws.deck.code) if show else ""}


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


@register.simple_tag(takes_context=True)
def missing_by_deck(context: dict[str, Any], decks: Any) -> dict[int, int] | None:
    """Copies each listed deck misses from the signed-in player's collection (one query for the
    page's decks); None when there is no collection to compare with."""
    request = context["request"]
    decks = list(decks)
    collection = selectors.collection_of(request.user, decks[0].game) if decks else None
    if collection is None:
        return None
    ids = [deck.pk for deck in decks]
    found = selectors.buildable(collection, SavedDeck.objects.filter(pk__in=ids), LARGEST_MISSING)
    return dict(found)


@register.filter
def missing_of(missing: dict[int, int], deck: Any) -> int | None:
    return missing.get(deck.pk)

"""The parts of a public deck's page loaded after it: its goldfish numbers (polled until its run
has finished) and the similar public decks with what changed against the nearest popular list.

Both answer only for a public deck: an unlisted one (reached by its code) is a 404 here, so
nothing about it is computed or shown beside other decks.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET
from django_htmx.http import HTMX_STOP_POLLING

from decklab.decks import selectors, similar
from decklab.decks.models import Deck, Visibility
from decklab.goldfish import public_shown


def _public_deck(request: HttpRequest, code: str) -> Deck:
    deck = selectors.deck_by_code(request.user, code)
    if deck.visibility != Visibility.PUBLIC:
        raise selectors.DeckNotFound(gettext("No such deck."))
    return deck


@require_GET
def numbers(request: HttpRequest, code: str) -> HttpResponse:
    deck = _public_deck(request, code)
    shown = public_shown.deck_numbers(deck=deck)
    response = render(request, "goldfish/_public_numbers.html", {"deck": deck, "numbers": shown})
    if shown is not None and shown.finished:
        response.status_code = HTMX_STOP_POLLING
    return response


@require_GET
def similar_decks(request: HttpRequest, code: str) -> HttpResponse:
    deck = _public_deck(request, code)
    context = {
        "deck": deck,
        "similar": similar.similar_decks(deck=deck),
        "nearest": similar.nearest_list(deck=deck),
    }
    return render(request, "decks/_similar_decks.html", context)

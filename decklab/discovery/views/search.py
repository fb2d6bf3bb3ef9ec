"""The public decks page of a game (`/decks/public/<game>/`): discovery's search."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cards.games.query import QueryError
from decklab.decks.views.base import game_or_404
from decklab.discovery import search
from decklab.discovery.forms import DeckSearchForm

PAGE_SIZE = 30


@require_GET
def public(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = game_or_404(game)
    form = DeckSearchForm(request.GET, game=game_obj)
    filters = form.filters()
    error = None
    try:
        decks = search.deck_search(filters=filters, user=request.user)
        page = Paginator(decks, PAGE_SIZE).get_page(request.GET.get("page"))
        page.object_list = search.with_tags(list(page.object_list))
    except QueryError as query_error:
        error, page = query_error, Paginator([], PAGE_SIZE).get_page(1)
    asked = request.GET.copy()
    asked.pop("page", None)
    return render(
        request,
        "discovery/search.html",
        {
            "game": game_obj,
            "form": form,
            "filters": filters,
            "page": page,
            "archetypes": search.archetype_choices(game, filters.format),
            "colours": search.colour_choices(game),
            "asked": asked.urlencode(),
            "more_open": any(
                request.GET.get(key)
                for key in (
                    "all",
                    "none",
                    "author",
                    "tag",
                    "since",
                    "until",
                    "legal",
                    "legal_at",
                    "placed",
                    "buildable",
                    "missing",
                )
            ),
            "searched": any(
                value for key, value in request.GET.items() if key not in {"page", "sort"}
            ),
            "error": error,
            "notes": search.search_notes(game=game_obj, filters=filters),
        },
    )

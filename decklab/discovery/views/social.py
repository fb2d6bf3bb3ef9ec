"""Likes, tags and view counts on a shared deck page, and a player's public profile."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from cards.http import AuthenticatedHtmxHttpRequest
from decklab.decks import selectors as decks
from decklab.decks.models import Deck
from decklab.discovery import services, social

#: The session key of the decks whose view the session has counted.
SEEN = "discovery_seen"


def _panel(request: HttpRequest, deck: Deck) -> HttpResponse:
    return render(
        request, "discovery/_deck_social.html", {"social": social.deck_social(deck, request.user)}
    )


@require_POST
def seen(request: HttpRequest, code: str) -> HttpResponse:
    """The shared page's beacon (sent by htmx once the page has loaded, so robots that fetch the
    page without running it are not counted): one view per session, then the social panel."""
    deck = decks.deck_by_code(request.user, code)
    counted = set(request.session.get(SEEN, []))
    if services.deck_view_count(deck=deck, seen=counted):
        request.session[SEEN] = sorted(counted)[-500:]
    return _panel(request, deck)


@require_POST
@login_required
def like(request: AuthenticatedHtmxHttpRequest, code: str) -> HttpResponse:
    deck = decks.deck_by_code(request.user, code)
    try:
        services.like_toggle(deck=deck, user=request.user)
    except services.DiscoveryError as error:
        messages.error(request, str(error))
    if request.htmx:
        return _panel(request, deck)
    return redirect("decks:shared", code=code)


@require_POST
@login_required
def tags(request: AuthenticatedHtmxHttpRequest, code: str) -> HttpResponse:
    deck = decks.deck_by_code(request.user, code)
    if deck.owner_id != request.user.pk:
        raise decks.DeckNotFound()
    try:
        services.tags_set(deck=deck, text=request.POST.get("tags", "")[:400])
    except services.DiscoveryError as error:
        messages.error(request, str(error))
    if request.htmx:
        return _panel(request, deck)
    return redirect("decks:shared", code=code)


@require_GET
def player(request: HttpRequest, username: str) -> HttpResponse:
    profile = social.player_profile(username)
    page = Paginator(profile.decks, 30).get_page(request.GET.get("page"))
    return render(request, "discovery/player.html", {"profile": profile, "page": page})

"""Discovery's parts of other pages: a card page's "decks with this card", a shared deck's likes,
tags and views. The pages include them with one tag, so their views and templates stay theirs."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from decklab.discovery import social, stats

register = template.Library()

#: The card page's statistics cover the last month of public decks of the game's first format.
CARD_DAYS = 30


@register.inclusion_tag("discovery/_card_decks.html", takes_context=True)
def card_decks(context: dict[str, Any], game: Any, number: str) -> dict[str, Any]:
    found = stats.card_stats(
        game=game.slug,
        number=number,
        format=game.default_format.slug,
        window=stats.Window.last(CARD_DAYS, timezone.now()),
    )
    return {
        "game": game,
        "number": number,
        "stats": found,
        "days": CARD_DAYS,
        "format": game.default_format,
    }


@register.inclusion_tag("discovery/_deck_social.html", takes_context=True)
def deck_social(context: dict[str, Any], deck: Any) -> dict[str, Any]:
    request = context["request"]
    return {
        "social": social.deck_social(deck, request.user),
        "beacon": True,
        "request": request,
        "user": request.user,
        "csrf_token": context.get("csrf_token"),
    }

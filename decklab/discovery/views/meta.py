"""The meta page of a game (`/meta/<game>/`): archetype shares, trends and most played cards."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from decklab.decks.views.base import game_or_404
from decklab.discovery import stats
from decklab.discovery.forms import PERIOD_CHOICES

PERIODS = tuple(int(value) for value, _label in PERIOD_CHOICES)


@require_GET
def meta(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = game_or_404(game)
    slugs = [f.slug for f in game_obj.formats]
    format_slug = request.GET.get("format", "")
    format_slug = format_slug if format_slug in slugs else slugs[0]
    period = request.GET.get("period", "30")
    days = int(period) if period.isdigit() and int(period) in PERIODS else 30
    now = stats.quantised(timezone.now())
    found = stats.meta_cached(
        game=game, format=format_slug, window=stats.Window.last(days, now), now=now
    )
    return render(
        request,
        "discovery/meta.html",
        {
            "game": game_obj,
            "meta": found,
            "days": days,
            "periods": PERIOD_CHOICES,
            "chart": stats.CHART_GEOMETRY,
        },
    )

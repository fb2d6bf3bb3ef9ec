"""A deck for others: its shared page (`/d/<code>`), copying it, and the
exports (text, image, registration sheet) of a saved deck or of a builder's deck code."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from cards import limits
from cards.games.decklist import export_as
from cards.http import AuthenticatedHttpRequest
from decklab.decks import images, selectors, services, sheets
from decklab.decks.views.base import DeckUrls, refuse_too_large, workspace
from decklab.decks.workspace import Workspace

#: The content type of each export shape (`cards.games.decklist.EXPORT_FORMATS`).
EXPORT_TYPES = {
    "text": "text/plain",
    "recipe": "text/plain",
    "markdown": "text/markdown",
    "csv": "text/csv",
}


@require_GET
def shared(request: HttpRequest, code: str) -> HttpResponse:
    deck = selectors.deck_by_code(request.user, code)
    ws = workspace(request, deck)
    return render(
        request,
        "decks/shared.html",
        {
            "ws": ws,
            "deck": deck,
            "urls": DeckUrls.of(ws),
            "is_owner": deck.owner_id == request.user.pk,
        },
    )


@require_POST
@login_required
def fork(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    deck = selectors.deck_by_code(request.user, code)
    copy = services.deck_fork(source=selectors.current_version(deck), owner=request.user)
    messages.success(request, f"“{deck.name}” copied into your decks.")
    return redirect("decks:editor", pk=copy.pk)


# -- exports (of a saved deck here, anyone who may see it; of a deck code in `builder`) -----------


def text_response(request: HttpRequest, ws: Workspace) -> HttpResponse:
    """The decklist in `?shape=` (text, recipe, markdown, csv); `?style=recipe` is the older
    address of the Japanese recipe."""
    shape = request.GET.get("shape") or request.GET.get("style") or "text"
    shape = shape if shape in EXPORT_TYPES else "text"
    if shape == "text":
        text = ws.text
    elif shape == "recipe":
        text = ws.recipe
    else:
        text = export_as(ws.game, ws.game_deck, shape)
    return HttpResponse(text, content_type=f"{EXPORT_TYPES[shape]}; charset=utf-8")


def image_response(ws: Workspace, title: str) -> HttpResponse:
    limits.check_deck(ws.zones)  # a deck saved before the caps: no minute-long PNG
    return HttpResponse(images.deck_png(ws, title=title), content_type="image/png")


def sheet_response(request: HttpRequest, ws: Workspace, title: str) -> HttpResponse:
    limits.check_deck(ws.zones)
    player = request.GET.get("player", "")[:80] or (
        request.user.get_full_name() or request.user.get_username()
        if request.user.is_authenticated
        else ""
    )
    try:
        pdf = sheets.registration_pdf(
            ws,
            title=title,
            player=player,
            event=request.GET.get("event", "")[:80],
            date=request.GET.get("date", "")[:20],
        )
    except sheets.NoSheet as missing:
        raise Http404(str(missing)) from None
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = 'inline; filename="registration.pdf"'
    return response


@require_GET
def text(request: HttpRequest, code: str) -> HttpResponse:
    return text_response(request, workspace(request, selectors.deck_by_code(request.user, code)))


@require_GET
@refuse_too_large
def image(request: HttpRequest, code: str) -> HttpResponse:
    deck = selectors.deck_by_code(request.user, code)
    return image_response(workspace(request, deck), deck.name)


@require_GET
@refuse_too_large
def sheet(request: HttpRequest, code: str) -> HttpResponse:
    deck = selectors.deck_by_code(request.user, code)
    return sheet_response(request, workspace(request, deck), deck.name)

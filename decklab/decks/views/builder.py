"""The stateless builder (`/build/<game>/?c=<deck code>`): the deck lives in a deck code in the
URL; each action answers the new code, and saving makes it a deck of the signed-in user."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import replace_url

from cards.decklists import decklist_read
from cards.http import HtmxHttpRequest
from cards.languages import game_name, listed
from decklab.decks import actions, edits, notes, selectors, services
from decklab.decks.forms import ChangeForm, ImportForm
from decklab.decks.views.base import (
    build_url,
    deck_panel,
    refuse_too_large,
    refused,
    side_panel,
    stateless,
)
from decklab.decks.views.editor import editor_page
from decklab.decks.views.importing import (
    imported_zones,
    keep_preview,
    keep_problems,
    refused_import,
    wants_preview,
    with_picks,
)
from decklab.decks.views.sharing import image_response, sheet_response, text_response
from decklab.decks.workspace import Workspace


@require_http_methods(["GET", "POST"])
@refuse_too_large
def build(request: HtmxHttpRequest, game: str) -> HttpResponse:
    if request.method == "GET":
        return editor_page(request, stateless(request, game, request.GET.get("c")))
    ws = stateless(request, game, request.POST.get("code"))
    error = ""
    try:
        ws = _apply(request, ws)
    except (edits.EditError, services.DeckError) as refused:
        error = str(refused)
    if request.htmx:
        response = deck_panel(request, ws, error=error, status=400 if error else 200)
        return replace_url(response, build_url(ws))
    if error:
        messages.error(request, error)
    return HttpResponseRedirect(build_url(ws))


def _apply(request: HttpRequest, ws: Workspace) -> Workspace:
    """One builder action (a card change, an import, the format) applied to the code's deck."""
    zones, format_slug = ws.zones, ws.format_slug
    if "decklist" in request.POST:
        form = ImportForm(request.POST)
        if not form.is_valid():
            raise services.DeckError(
                " ".join(str(e) for errs in form.errors.values() for e in errs)
            )
        text = with_picks(form.cleaned_data["decklist"], request.POST, ws.game_slug)
        mode = form.cleaned_data["mode"]
        found = decklist_read(game=ws.game_slug, text=text)
        imported, problems = found.deck, found.problems
        if wants_preview(request, text, mode, found, ws.game_slug):
            return ws
        if refused_import(request, text, mode, imported.quantities(), problems, ws.game_slug):
            keep_preview(request, text, mode, found, ws.game_slug)
            return ws
        zones = imported_zones(zones, imported.quantities(), mode)
        if problems:
            keep_problems(request, text, problems, ws.game_slug)
    elif "format" in request.POST:
        if request.POST["format"] not in {f.slug for f in ws.formats}:
            raise services.DeckError(
                gettext("%(game)s has no format %(format)r.")
                % {"game": game_name(ws.game_slug), "format": request.POST["format"]}
            )
        format_slug = request.POST["format"]
    else:
        change = ChangeForm(request.POST)
        if not change.is_valid():
            raise services.DeckError(
                " ".join(str(e) for e in change.non_field_errors())
                or gettext("That change is not possible.")
            )
        zones, _ = actions.apply_action(
            ws.game_slug,
            zones,
            change.cleaned_data["action"],
            format_slug=ws.format_slug,
            **change.params(),
        )
        zones = edits.normalize(ws.game, zones)
        unknown = edits.numbers(zones) - set(
            selectors.cards_by_number(ws.game_slug, edits.numbers(zones))
        )
        if unknown:
            raise services.DeckError(
                gettext("No %(game)s card has the number %(numbers)s.")
                % {"game": game_name(ws.game_slug), "numbers": listed(sorted(unknown))}
            )
    return Workspace(ws.game_slug, format_slug, edits.normalize(ws.game, zones), lang=ws.lang)


@require_GET
@refuse_too_large
def build_panel(request: HttpRequest, game: str, name: str) -> HttpResponse:
    return side_panel(request, stateless(request, game, request.GET.get("c")), name)


@require_GET
@refuse_too_large
def build_text(request: HttpRequest, game: str) -> HttpResponse:
    return text_response(request, stateless(request, game, request.GET.get("c")))


@require_GET
@refuse_too_large
def build_image(request: HttpRequest, game: str) -> HttpResponse:
    ws = stateless(request, game, request.GET.get("c"))
    return image_response(ws, ws.game.name)


@require_GET
@refuse_too_large
def build_sheet(request: HttpRequest, game: str) -> HttpResponse:
    ws = stateless(request, game, request.GET.get("c"))
    return sheet_response(request, ws, ws.game.name)


@require_POST
@refuse_too_large
def build_save(request: HttpRequest, game: str) -> HttpResponse:
    """Saving needs an account: the builder's deck becomes a private deck of the signed-in user."""
    ws = stateless(request, game, request.POST.get("code"))
    name = request.POST.get("name", "")
    if not request.user.is_authenticated:
        messages.info(
            request, gettext("Sign in (or sign up) to save this deck; your deck stays in the link.")
        )
        # The name typed comes back with the deck: the builder fills it in again.
        back = build_url(ws) + (f"&{urlencode({'name': name})}" if name else "")
        return redirect(f"{reverse('login')}?{urlencode({'next': back})}")
    try:
        deck = services.deck_create(
            owner=request.user,
            game=game,
            name=name or f"{ws.game.name} deck",
            format=ws.format_slug,
            zones=ws.zones,
            note=notes.FROM_CODE,
        )
    except services.DeckError as error:
        return refused(request, error, build_url(ws))
    return redirect("decks:editor", pk=deck.pk)

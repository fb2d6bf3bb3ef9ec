"""What every deck page group needs: the workspace (of a saved deck or of a builder's deck code),
the addresses its forms and panels use, and the deck panel and side panels rendered from it."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib import messages
from django.core.cache.utils import make_template_fragment_key
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.crypto import salted_hmac
from django.utils.safestring import SafeString
from django_htmx.http import trigger_client_event

from cards import limits
from cards.addresses import fixed_url, keyed_url
from cards.coverage import completeness_key, registered_key
from cards.games import deckcode
from cards.games.game import UnknownFormat
from cards.games.registry import UnknownGame, get_game
from cards.games.text import whole_number
from cards.languages import request_language
from decklab.decks import edits, selectors, services
from decklab.decks.models import Deck, DeckVersion
from decklab.decks.workspace import CACHED_PANELS, Workspace

PANELS = {
    "legality": "decks/_legality_body.html",
    "stats": "decks/_stats_body.html",
    "export": "decks/_export_body.html",
}


def workspace(request: HttpRequest, deck: Deck, current: DeckVersion | None = None) -> Workspace:
    """A saved deck's workspace, of its current version unless given."""
    current = current or selectors.current_version(deck)
    return Workspace(
        deck.game,
        deck.format,
        selectors.zones_of(current),
        lang=request_language(request),
        deck=deck,
        current=current,
    )


def game_or_404(slug: str):
    try:
        return get_game(slug)
    except UnknownGame:
        raise Http404("No such game.") from None


def stateless(request: HttpRequest, game: str, code: str | None) -> Workspace:
    """The builder's deck from its code; a broken or foreign code is a clear error page, not a 500."""
    game_obj = game_or_404(game)
    if not code:
        return Workspace(game, game_obj.default_format.slug, {}, lang=request_language(request))
    limits.check_code(code)  # too long: a 400 with the limit (`refuse_too_large`)
    try:
        decoded = deckcode.decode(code)
    except deckcode.DeckCodeError as error:
        raise Http404(f"That deck code cannot be read: {error}") from None
    if decoded.game != game:
        raise Http404("That deck code belongs to another game.")
    limits.check_deck(decoded.quantities)
    try:
        zones = edits.normalize(game_obj, decoded.quantities)
        game_obj.format(decoded.format)
    except (edits.EditError, UnknownFormat) as error:
        raise Http404(f"That deck code cannot be read: {error}") from None
    return Workspace(game, decoded.format, zones, lang=request_language(request))


def refuse_too_large(view):
    """A deck or deck code past the caps (`limits`) answers 400 with the limit, before any work."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except limits.TooLarge as error:
            return HttpResponseBadRequest(f"{error}\n", content_type="text/plain; charset=utf-8")

    return wrapper


def refused(request: HttpRequest, error: services.DeckError, to: str, **kwargs) -> HttpResponse:
    """A deck action a page's form asked for and the service refused: the reason as an error
    message, and back to the page (`to` and `kwargs` as for `redirect`)."""
    messages.error(request, str(error))
    return redirect(to, **kwargs)


@dataclass(frozen=True)
class DeckUrls:
    """Where the editor's forms and panels go: a saved deck's addresses (`history`, `settings`,
    `delete` only there), or the builder's with its code (`save` only there). Computed once per
    request and handed to every template that links to them; a game's addresses, and the text
    around a deck's id or code in its own, are reversed once per process (`fixed_url`,
    `keyed_url`)."""

    change: str
    page: str
    panel_legality: str
    panel_stats: str
    panel_export: str
    import_action: str
    search: str
    text: str
    image: str
    sheet: str
    share: str
    stateless: str
    simulate: str
    save: str = ""
    history: str = ""
    settings: str = ""
    delete: str = ""

    @classmethod
    def of(cls, ws: Workspace) -> DeckUrls:
        if ws.deck is not None:
            pk, code = ws.deck.pk, ws.deck.code
            return cls(
                change=keyed_url("decks:change", pk),
                page=keyed_url("decks:editor", pk),
                panel_legality=keyed_url("decks:panel", pk, "legality"),
                panel_stats=keyed_url("decks:panel", pk, "stats"),
                panel_export=keyed_url("decks:panel", pk, "export"),
                import_action=keyed_url("decks:import", pk),
                search=fixed_url("decks:search", ws.game_slug),
                text=keyed_url("decks:text", code),
                image=keyed_url("decks:image", code),
                sheet=keyed_url("decks:sheet", code),
                share=keyed_url("decks:shared", code),
                stateless=build_url(ws),
                simulate=keyed_url("decks:simulate", pk),
                history=keyed_url("decks:history", pk),
                settings=keyed_url("decks:settings", pk),
                delete=keyed_url("decks:delete", pk),
            )
        game = ws.game_slug
        build = fixed_url("decks:build", game)
        query = "?" + urlencode({"c": ws.code})
        return cls(
            change=build,
            page=build + query,
            # No code here: editor.js sends the newest code with every panel refresh.
            panel_legality=fixed_url("decks:build-panel", game, "legality"),
            panel_stats=fixed_url("decks:build-panel", game, "stats"),
            panel_export=fixed_url("decks:build-panel", game, "export"),
            import_action=build,
            search=fixed_url("decks:search", game),
            text=fixed_url("decks:build-text", game) + query,
            image=fixed_url("decks:build-image", game) + query,
            sheet=fixed_url("decks:build-sheet", game) + query,
            share=build + query,
            stateless=build + query,
            save=fixed_url("decks:build-save", game),
            simulate=fixed_url("decks:build-simulate", game),
        )


def build_url(ws: Workspace) -> str:
    return fixed_url("decks:build", ws.game_slug) + "?" + urlencode({"c": ws.code})


def simulate_pair_url(deck: Deck, base: int, target: str) -> str:
    """The editor with its goldfish panel set to run `base` of this deck and `target` side by side."""
    query = urlencode({"base": base, "with": target})
    return f"{reverse('decks:editor', args=[deck.pk])}?{query}#goldfish"


def expected_version(request: HttpRequest) -> int:
    version = whole_number(request.POST.get("version", ""))
    return -1 if version is None else version


def expected_revision(request: HttpRequest) -> int | None:
    """The revision of the cards the page was showing (`Deck.revision`); None if it sent none."""
    return whole_number(request.POST.get("revision", ""))


def deck_panel(request: HttpRequest, ws: Workspace, *, error: str = "", status: int = 200):
    response = HttpResponse(deck_panel_html(request, ws, DeckUrls.of(ws), error), status=status)
    # After the swap, not on arrival: the panels' refresh sends the new panel's version or deck code.
    return trigger_client_event(response, "deckChanged", after="swap")


def deck_panel_html(request: HttpRequest, ws: Workspace, urls: DeckUrls, error: str = ""):
    """The deck panel: the editor page's costliest part (a form per card row). Without an error it
    is cached beside the other panels (`Workspace.cached`), also keyed by what the panel key leaves
    out: the deck's id, version, draft and revision (the page's `data-revision`). Its forms' CSRF
    token is the request's own: the cached copy holds a stand-in for it that only this site can
    write (`csrf_stand_in`)."""
    context = {"ws": ws, "urls": urls, "error": error}
    if error:
        return render_to_string("decks/_deck_panel.html", context, request)
    stand_in = csrf_stand_in()
    html = ws.cached(
        _deck_panel_name(ws),
        lambda: render_to_string(
            "decks/_deck_panel.html", {**context, "csrf_token": stand_in}, request
        ),
    )
    return SafeString(html.replace(stand_in, get_token(request)))


def _deck_panel_name(ws: Workspace) -> str:
    draft = ws.draft.changes if ws.draft else None
    revision = ws.deck.revision if ws.deck else None
    return f"deck:{ws.deck.pk if ws.deck else ''}:{ws.version}:{draft}:{revision}"


def editor_cache_keys(ws: Workspace, urls: DeckUrls) -> list[str]:
    """Every cache key the editor page reads, for one `read_ahead`: the deck panel and the
    panels' answers (`Workspace.cached`), the game's completeness and card count, and the fragments that
    `templates/decks/` cache, each with the `{% cache %}` tag's own name and values (a test
    holds the page to one round trip, so a changed tag shows there)."""
    keys = [ws.cache_key(panel) for panel in (_deck_panel_name(ws), *CACHED_PANELS)]
    keys += [completeness_key(ws.game_slug), registered_key(ws.game_slug)]
    deck = ws.deck
    language = translation.get_language()
    fragments: dict[str, tuple] = {
        "deck_import_form": (language,),
        "deck_goal_fields": (ws.panel_key,),
        "deck_simulation_fields": (language,),
        "deck_legality": (ws.panel_key,),
        "deck_statistics": (ws.panel_key,),
    }
    if deck is not None:
        fragments["deck_settings_form"] = (
            deck.pk,
            deck.name,
            ws.format_slug,
            deck.visibility,
            language,
        )
        fragments["deck_export"] = (
            ws.panel_key,
            deck.pk,
            urls.share,
            urls.text,
            urls.image,
            urls.sheet,
        )
    keys += [make_template_fragment_key(name, values) for name, values in fragments.items()]
    return keys


@functools.cache
def csrf_stand_in() -> str:
    return "csrf-stand-in-" + salted_hmac("decklab.decks.deck_panel", "csrf").hexdigest()


def side_panel(request: HttpRequest, ws: Workspace, name: str) -> HttpResponse:
    """The legality, statistics or export panel of a workspace."""
    if name not in PANELS:
        raise Http404("No such panel.")
    return render(request, PANELS[name], {"ws": ws, "urls": DeckUrls.of(ws)})

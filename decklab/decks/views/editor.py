"""The editor of a saved deck: the page, card changes, side panels, settings, search, delete.

Every action is a plain form POST that redirects back to the page; when the editor's request queue
(static/js/editor.js) sends it with `HX-Request`, the answer is the deck panel alone with
`HX-Trigger-After-Swap: deckChanged`, and the legality and statistics panels refresh themselves on
that event. Card operations never conflict; a refused change answers 400 with the current deck and
the reason.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from cards import search as card_search
from cards.decklists import decklist_load, decklist_read
from cards.games.game import UnknownFormat
from cards.games.goldfish import goal_forms
from cards.games.query import QueryError
from cards.games.registry import GAMES, get_game
from cards.games.text import whole_number
from cards.http import AuthenticatedHttpRequest, HtmxHttpRequest
from cards.languages import request_language
from cards.paging import CappedPaginator
from decklab.cache import read_ahead
from decklab.decks import selectors, services
from decklab.decks.forms import ChangeForm, ImportForm, NewDeckForm, SettingsForm
from decklab.decks.models import Deck
from decklab.decks.preview import intake_preview
from decklab.decks.views.base import (
    DeckUrls,
    deck_panel,
    deck_panel_html,
    editor_cache_keys,
    game_or_404,
    refused,
    side_panel,
    workspace,
)
from decklab.decks.views.importing import keep_problems, with_picks
from decklab.decks.workspace import Workspace, allowed_zones
from decklab.goldfish.forms import TRIALS_CHOICES, SimulationForm, goal_fieldsets
from decklab.goldfish.pairs import (
    base_target,
    compare_choices,
    compare_choices_key,
    compare_target,
)

#: Search results shown in the editor's search panel.
SEARCH_LIMIT = 24


@login_required
def new(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = NewDeckForm(
        request.POST or None, initial={"game": request.GET.get("game", next(iter(GAMES)))}
    )
    if request.method == "POST" and form.is_valid():
        game = form.cleaned_data["game"]
        text = with_picks(form.cleaned_data["decklist"], request.POST, game)
        if request.POST.get("preview") or request.GET.get("preview"):
            # Nothing is created: the page comes back with the text and what each line reads as.
            form = NewDeckForm(
                initial={**form.cleaned_data, "format": form.data.get("format"), "decklist": text}
            )
            found = decklist_read(game=game, text=text)
            preview = intake_preview(game=game, found=found, lang=request_language(request))
            context = {"form": form, "preview": preview, "action": reverse("decks:new")}
            return render(request, "decks/new.html", context)
        deck_obj, problems = decklist_load(game=game, text=text)
        try:
            deck = services.deck_create(
                owner=request.user,
                game=game,
                name=form.cleaned_data["name"],
                format=form.cleaned_data["format"],
                zones=deck_obj.quantities(),
            )
        except services.DeckError as refused:
            form.add_error("decklist", str(refused))
            return render(request, "decks/new.html", {"form": form}, status=400)
        if problems:
            keep_problems(request, text, problems, game)
        return redirect("decks:editor", pk=deck.pk)
    return render(request, "decks/new.html", {"form": form})


@require_GET
@login_required  # signed out, your own deck's editor asks you to sign in and comes back
def editor(request: HttpRequest, pk: int) -> HttpResponse:
    current = selectors.current_version_for_owner(request.user, pk)
    return editor_page(request, workspace(request, current.deck, current))


def editor_page(request: HttpRequest, ws: Workspace, status: int = 200) -> HttpResponse:
    """The editor of a workspace: a saved deck's, or the builder's (`builder.build`)."""
    urls = DeckUrls.of(ws)
    keys = editor_cache_keys(ws, urls)
    if compared := compare_choices_key(request, ws):
        keys.append(compared)
    with read_ahead(keys):
        return _editor_page(request, ws, urls, status)


def _editor_page(request: HttpRequest, ws: Workspace, urls: DeckUrls, status: int) -> HttpResponse:
    query = request.GET.get("q", "")
    context = {
        "ws": ws,
        "urls": urls,
        "deck_panel": deck_panel_html(request, ws, urls),
        "query": query,
        # The builder's name, typed before "Save to my decks" sent the player to sign in.
        "typed_name": request.GET.get("name", "")[:120],
        "results": _search(ws, query) if query else None,
        "has_goals": bool(goal_forms(ws.game_slug)),
        # Called inside the goal fields' cache only: the goals offered depend on the deck's cards.
        "goal_fieldsets": lambda: goal_fieldsets(
            goal_forms(ws.game_slug, ws.game_deck), QueryDict()
        ),
        # Both forms are shown only inside cached fragments: built when a fragment is rendered.
        "simulation_form": lambda: SimulationForm(trial_choices=TRIALS_CHOICES),
        **_compare_wanted(request, ws),
        "settings_form": lambda: SettingsForm(
            initial={
                "name": ws.deck.name if ws.deck else "",
                "format": ws.format_slug,
                "visibility": ws.deck.visibility if ws.deck else "private",
            },
            formats=ws.formats,
        ),
        "import_form": ImportForm(initial=request.session.pop("import_retry", None)),
        "import_problems": request.session.pop("import_problems", None),
        "import_choices": request.session.pop("import_choices", None),
        "import_refused": request.session.pop("import_refused", False),
        "import_preview": request.session.pop("import_preview", None),
    }
    return render(request, "decks/editor.html", context, status=status)


def _compare_wanted(request: HttpRequest, ws: Workspace) -> dict:
    """The goldfish panel's "Compare with", set up by the history's "Simulate side by side" link
    (`?base=<version>&with=<choice>`): the choices, the one selected, the version run first."""
    wanted, base, error = None, None, ""
    if ws.deck is not None and request.GET.get("with"):
        value = request.GET["with"][:40]
        try:
            base_label, _ = base_target(ws.deck, ws, whole_number(request.GET.get("base", "")))
            target = compare_target(request, ws.deck, value)
        except services.DeckError as refused:
            error = str(refused)
        else:
            if target is not None:
                wanted = (value, target[0])
                base = {"number": whole_number(request.GET.get("base", "")), "label": base_label}
    return {
        "compare_choices": compare_choices(request, ws, wanted),
        "compare_selected": wanted[0] if wanted else "",
        "compare_base": base,
        "compare_error": error,
    }


@require_POST
def change(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    form = ChangeForm(request.POST)
    error, status = "", 200
    if not form.is_valid():
        error, status = (
            " ".join(str(e) for e in form.non_field_errors())
            or gettext("That change is not possible."),
            400,
        )
    else:
        try:
            services.deck_edit(deck=deck, action=form.cleaned_data["action"], **form.params())
        except services.DeckError as refused:
            error, status = str(refused), 400
    return _after_change(request, deck, error, status)


def _after_change(request: HtmxHttpRequest, deck: Deck, error: str, status: int) -> HttpResponse:
    if request.htmx:
        deck.refresh_from_db()
        return deck_panel(request, workspace(request, deck), error=error, status=status)
    if error:
        messages.error(request, error)
    return redirect("decks:editor", pk=deck.pk)


@require_GET
def panel(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    return side_panel(request, workspace(request, deck), name)


@require_POST
def deck_settings(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    form = SettingsForm(request.POST, formats=get_game(deck.game).formats)
    if not form.is_valid():
        messages.error(
            request, "; ".join(str(e) for errors in form.errors.values() for e in errors)
        )
        return redirect("decks:editor", pk=deck.pk)
    try:
        changed = {field: form.cleaned_data[field] for field in form.changed_data}
        services.deck_update(deck=deck, **changed)
    except services.DeckError as error:
        return refused(request, error, "decks:editor", pk=deck.pk)
    messages.success(request, gettext("Deck settings saved."))
    return redirect("decks:editor", pk=deck.pk)


@require_GET
def search(request: HttpRequest, game: str) -> HttpResponse:
    """Search results as a fragment for the editor's search panel (add buttons per allowed zone)."""
    game_obj = game_or_404(game)
    format_slug = request.GET.get("format") or game_obj.default_format.slug
    try:
        game_obj.format(format_slug)
    except UnknownFormat:
        format_slug = game_obj.default_format.slug
    ws = Workspace(game, format_slug, {}, lang=request_language(request))
    return render(
        request,
        "decks/_search_results.html",
        {"results": _search(ws, request.GET.get("q", ""), request.GET.get("page")), "ws": ws},
    )


def _search(ws: Workspace, query: str, page: str | None = None) -> dict:
    """One page of search results (all of them, page by page: "More" asks for the next)."""
    query = query.strip()
    if not query:
        return {"query": "", "cards": [], "error": None}
    try:
        matches = card_search.ordered(card_search.search(ws.game_slug, query), "number")
        # Counted only up to a cap, as the card list counts ("1,000+ cards match").
        paginator = CappedPaginator(
            matches, SEARCH_LIMIT, page=page, order=card_search.page_order(ws.game_slug, "number")
        )
        shown = paginator.get_page(page)
        rows = list(shown)
    except QueryError as error:
        return {"query": query, "cards": [], "error": error}
    game = get_game(ws.game_slug)
    labels = ws.zone_labels
    more_url = None
    if shown.has_next() and not paginator.cut_short:  # past the scan's cap: narrow the search
        more_url = (
            reverse("decks:search", args=[ws.game_slug])
            + "?"
            + urlencode({"q": query, "format": ws.format_slug, "page": shown.next_page_number()})
        )
    return {
        "query": query,
        "error": None,
        "total": paginator.count,
        "capped": paginator.capped,
        "cut_short": paginator.cut_short,
        "rows_read": paginator.rows_read,
        "appending": shown.number > 1,
        "more_url": more_url,
        "cards": [
            {
                "card": row,
                "zones": [(z, labels[z]) for z in allowed_zones(game, ws.format_slug, row)],
                "columns": card_search.row_values(ws.game_slug, row.to_game_card(), ws.lang),
            }
            for row in rows
        ],
    }


@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    services.deck_delete(deck=deck)
    messages.success(request, gettext("Deck “%(name)s” deleted.") % {"name": deck.name})
    return redirect("profile")

"""Deck pages: the editor, the stateless builder, sharing, history and exports.

Thin views over `services` (writes) and `selectors`/`Workspace` (reads). Every action is a plain
form POST that redirects back to the page; when the editor's request queue (static/js/editor.js)
sends it with `HX-Request`, the answer is the deck panel alone with `HX-Trigger-After-Swap:
deckChanged`, and the legality and statistics panels refresh themselves on that event. Card
operations never conflict; a refused change answers 400, a stale whole-deck save 409, each with
the current deck and the reason.
"""

from __future__ import annotations

import functools
import random
import re
import unicodedata
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseRedirect,
    QueryDict,
)
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HTMX_STOP_POLLING, replace_url, trigger_client_event

from cards import search as card_search
from cards.community.missing import problem_entries
from cards.games import deckcode
from cards.games.decklist import export_as, load, natural_key, parse
from cards.games.game import UnknownFormat
from cards.games.goldfish import GoalError, goal_forms
from cards.games.query import QueryError
from cards.games.registry import GAMES, UnknownGame, get_game
from cards.games.text import whole_number
from cards.languages import game_name, request_language
from cards.paging import CappedPaginator
from cards.pool import DatabasePool
from decklab.decks import compare, edits, images, limits, notes, selectors, services, sheets
from decklab.decks.forms import (
    ChangeForm,
    ImportForm,
    NewDeckForm,
    SettingsForm,
)
from decklab.decks.models import Deck, DeckVersion
from decklab.decks.workspace import Workspace, allowed_zones
from decklab.goldfish import charts
from decklab.goldfish.forms import (
    TRIALS_CHOICES,
    SimulationForm,
    goal_data,
    goal_fieldsets,
    goals_from_data,
    starting_data,
)
from decklab.goldfish.models import SimulationRun
from decklab.goldfish.selectors import run_for_user
from decklab.goldfish.services import (
    SimulationRefused,
    build_plan,
    refreshed,
    simulation_request,
)

#: Search results shown in the editor's search panel.
SEARCH_LIMIT = 24
#: Versions per page of a deck's history.
HISTORY_PAGE = 20
#: Older versions offered to the goldfish panel's "Compare with" (each is a sitting or a save).
COMPARE_VERSIONS = 100
PANELS = {
    "legality": "decks/_legality_body.html",
    "stats": "decks/_stats_body.html",
    "export": "decks/_export_body.html",
}


def _workspace(request: HttpRequest, deck: Deck, current: DeckVersion | None = None) -> Workspace:
    current = current or selectors.current_version(deck)
    return Workspace(
        deck.game,
        deck.format,
        selectors.zones_of(current),
        lang=request_language(request),
        deck=deck,
        current=current,
    )


def _game_or_404(slug: str):
    try:
        return get_game(slug)
    except UnknownGame:
        raise Http404("No such game.") from None


# -- the editor of a saved deck -----------------------------------------------------------------


@login_required
def new(request: HttpRequest) -> HttpResponse:
    form = NewDeckForm(
        request.POST or None, initial={"game": request.GET.get("game", next(iter(GAMES)))}
    )
    if request.method == "POST" and form.is_valid():
        game = form.cleaned_data["game"]
        deck_obj, problems = load(get_game(game), form.cleaned_data["decklist"], DatabasePool(game))
        try:
            deck = services.deck_create(
                owner=request.user,
                game=game,
                name=form.cleaned_data["name"],
                zones=deck_obj.quantities(),
            )
        except services.DeckError as refused:
            form.add_error("decklist", str(refused))
            return render(request, "decks/new.html", {"form": form}, status=400)
        if problems:
            _keep_problems(request, form.cleaned_data["decklist"], problems, game)
        return redirect("decks:editor", pk=deck.pk)
    return render(request, "decks/new.html", {"form": form})


@require_GET
@login_required  # signed out, your own deck's editor asks you to sign in and comes back
def editor(request: HttpRequest, pk: int) -> HttpResponse:
    current = selectors.current_version_for_owner(request.user, pk)
    return _editor_page(request, _workspace(request, current.deck, current))


def _editor_page(request: HttpRequest, ws: Workspace, status: int = 200) -> HttpResponse:
    query = request.GET.get("q", "")
    urls = _urls(ws)
    context = {
        "ws": ws,
        "urls": urls,
        "deck_panel": _deck_panel_html(request, ws, urls),
        "query": query,
        "results": _search(ws, query) if query else None,
        "goal_fieldsets": goal_fieldsets(goal_forms(ws.game_slug), QueryDict()),
        "simulation_form": SimulationForm(trial_choices=TRIALS_CHOICES),
        **_compare_wanted(request, ws),
        "settings_form": SettingsForm(
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
    }
    return render(request, "decks/editor.html", context, status=status)


def _compare_wanted(request: HttpRequest, ws: Workspace) -> dict:
    """The goldfish panel's "Compare with", set up by the history's "Simulate side by side" link
    (`?base=<version>&with=<choice>`): the choices, the one selected, the version run first."""
    wanted, base, error = None, None, ""
    if ws.deck is not None and request.GET.get("with"):
        value = request.GET["with"][:40]
        try:
            base_label, _ = _base_target(
                request, ws.deck, ws, whole_number(request.GET.get("base", ""))
            )
            target = _compare_target(request, ws.deck, value)
        except services.DeckError as refused:
            error = str(refused)
        else:
            if target is not None:
                wanted = (value, target[0])
                base = {"number": whole_number(request.GET.get("base", "")), "label": base_label}
    return {
        "compare_choices": _compare_choices(request, ws, wanted),
        "compare_selected": wanted[0] if wanted else "",
        "compare_base": base,
        "compare_error": error,
    }


def _urls(ws: Workspace) -> dict[str, str]:
    """Where the editor's forms and panels go: a saved deck's URLs, or the builder's with its code."""
    if ws.deck is not None:
        pk, code = ws.deck.pk, ws.deck.code
        return {
            "change": reverse("decks:change", args=[pk]),
            "page": reverse("decks:editor", args=[pk]),
            "panel_legality": reverse("decks:panel", args=[pk, "legality"]),
            "panel_stats": reverse("decks:panel", args=[pk, "stats"]),
            "panel_export": reverse("decks:panel", args=[pk, "export"]),
            "import": reverse("decks:import", args=[pk]),
            "search": reverse("decks:search", args=[ws.game_slug]),
            "text": reverse("decks:text", args=[code]),
            "image": reverse("decks:image", args=[code]),
            "sheet": reverse("decks:sheet", args=[code]),
            "share": reverse("decks:shared", args=[code]),
            "stateless": _build_url(ws),
            "simulate": reverse("decks:simulate", args=[pk]),
        }
    build = reverse("decks:build", args=[ws.game_slug])
    query = "?" + urlencode({"c": ws.code})
    return {
        "change": build,
        "page": build + query,
        # No code here: editor.js sends the newest code with every panel refresh.
        "panel_legality": reverse("decks:build-panel", args=[ws.game_slug, "legality"]),
        "panel_stats": reverse("decks:build-panel", args=[ws.game_slug, "stats"]),
        "panel_export": reverse("decks:build-panel", args=[ws.game_slug, "export"]),
        "import": build,
        "search": reverse("decks:search", args=[ws.game_slug]),
        "text": reverse("decks:build-text", args=[ws.game_slug]) + query,
        "image": reverse("decks:build-image", args=[ws.game_slug]) + query,
        "sheet": reverse("decks:build-sheet", args=[ws.game_slug]) + query,
        "share": build + query,
        "stateless": build + query,
        "save": reverse("decks:build-save", args=[ws.game_slug]),
        "simulate": reverse("decks:build-simulate", args=[ws.game_slug]),
    }


def _build_url(ws: Workspace) -> str:
    return reverse("decks:build", args=[ws.game_slug]) + "?" + urlencode({"c": ws.code})


def _expected_version(request: HttpRequest) -> int:
    version = whole_number(request.POST.get("version", ""))
    return -1 if version is None else version


def _expected_revision(request: HttpRequest) -> int | None:
    """The revision of the cards the page was showing (`Deck.revision`); None if it sent none."""
    return whole_number(request.POST.get("revision", ""))


def _deck_panel(request: HttpRequest, ws: Workspace, *, error: str = "", status: int = 200):
    response = HttpResponse(_deck_panel_html(request, ws, _urls(ws), error), status=status)
    # After the swap, not on arrival: the panels' refresh sends the new panel's version or deck code.
    return trigger_client_event(response, "deckChanged", after="swap")


def _deck_panel_html(request: HttpRequest, ws: Workspace, urls: dict[str, str], error: str = ""):
    """The deck panel: the editor page's costliest part (a form per card row). Without an error it
    is cached beside the other panels (`Workspace.cached`), also keyed by what the panel key leaves
    out: the deck's id, version, draft and revision (the page's `data-revision`). Its forms' CSRF token is the request's own: the cached
    copy holds a stand-in for it that only this site can write (`_csrf_stand_in`)."""
    context = {"ws": ws, "urls": urls, "error": error}
    if error:
        return render_to_string("decks/_deck_panel.html", context, request)
    stand_in = _csrf_stand_in()
    draft = ws.draft.changes if ws.draft else None
    revision = ws.deck.revision if ws.deck else None
    html = ws.cached(
        f"deck:{ws.deck.pk if ws.deck else ''}:{ws.version}:{draft}:{revision}",
        lambda: render_to_string(
            "decks/_deck_panel.html", {**context, "csrf_token": stand_in}, request
        ),
    )
    return SafeString(html.replace(stand_in, get_token(request)))


@functools.cache
def _csrf_stand_in() -> str:
    return "csrf-stand-in-" + salted_hmac("decklab.decks.deck_panel", "csrf").hexdigest()


@require_POST
def change(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    form = ChangeForm(request.POST)
    error, status = "", 200
    if not form.is_valid():
        error, status = (
            " ".join(form.non_field_errors()) or gettext("That change is not possible."),
            400,
        )
    else:
        try:
            services.deck_edit(deck=deck, action=form.cleaned_data["action"], **form.params())
        except services.DeckError as refused:
            error, status = str(refused), 400
    return _after_change(request, deck, error, status)


def _after_change(request: HttpRequest, deck: Deck, error: str, status: int) -> HttpResponse:
    if request.htmx:
        deck.refresh_from_db()
        return _deck_panel(request, _workspace(request, deck), error=error, status=status)
    if error:
        messages.error(request, error)
    return redirect("decks:editor", pk=deck.pk)


@require_GET
def panel(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    return _panel(request, _workspace(request, deck), name)


def _panel(request: HttpRequest, ws: Workspace, name: str) -> HttpResponse:
    if name not in PANELS:
        raise Http404("No such panel.")
    return render(request, PANELS[name], {"ws": ws, "urls": _urls(ws)})


@require_POST
def deck_settings(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    form = SettingsForm(request.POST, formats=get_game(deck.game).formats)
    if form.is_valid():
        try:
            changed = {field: form.cleaned_data[field] for field in form.changed_data}
            services.deck_update(deck=deck, **changed)
            messages.success(request, gettext("Deck settings saved."))
        except services.DeckError as refused:
            messages.error(request, str(refused))
    else:
        messages.error(request, "; ".join(e for errors in form.errors.values() for e in errors))
    return redirect("decks:editor", pk=deck.pk)


@require_POST
def import_(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    form = ImportForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        return redirect("decks:editor", pk=deck.pk)
    text = _with_picks(form.cleaned_data["decklist"], request.POST, deck.game)
    mode = form.cleaned_data["mode"]
    imported, problems = load(get_game(deck.game), text, DatabasePool(deck.game))
    if _refused_import(request, text, mode, imported.quantities(), problems, deck.game):
        return redirect("decks:editor", pk=deck.pk)
    current = selectors.current_zones(deck)
    zones = _imported_zones(current, imported.quantities(), mode)
    try:
        services.deck_save(
            deck=deck,
            zones=zones,
            expected_version=_expected_version(request),
            expected_revision=_expected_revision(request),
            note=notes.IMPORTED,
        )
    except services.DeckError as refused:
        messages.error(request, str(refused))
        request.session["import_retry"] = {"decklist": text, "mode": mode}
        return redirect("decks:editor", pk=deck.pk)
    if problems:
        _keep_problems(request, text, problems, deck.game)
    elif mode == "replace" and any(current.values()):
        messages.success(
            request,
            gettext(
                "Decklist imported: it replaced the deck's cards. "
                "The previous cards stay in the history."
            ),
        )
    else:
        messages.success(request, gettext("Decklist imported."))
    return redirect("decks:editor", pk=deck.pk)


def _refused_import(
    request: HttpRequest, text: str, mode: str, imported: edits.Zones, problems, game: str
) -> bool:
    """Whether an import saves nothing: a Replace with a line unread or a card still to choose
    (it would drop the cards those lines meant: the whole text comes back, with the problems and
    the choices to make), an Add that read no card (its lines come back), or no cards at all."""
    readable = any(imported.values())
    if problems and mode == "replace":
        _keep_problems(request, text, problems, game, refused=mode)
        return True
    if problems and not readable:
        _keep_problems(request, text, problems, game)
        return True
    if not readable:
        request.session["import_retry"] = {"decklist": text, "mode": mode}
        messages.error(
            request,
            gettext("The decklist holds no cards, so nothing was imported: the deck is unchanged."),
        )
        return True
    return False


#: `pick-<line>`: the card chosen in the import form for an ambiguous line, with
#: `pick-<line>-ref`, the name the line gave.
_PICK = re.compile(r"pick-(\d{1,6})")


def _with_picks(text: str, data: QueryDict, game: str) -> str:
    """The pasted text with each "which card?" choice made in the import form written in: the
    ambiguous line names the picked card by its number, then the name. A line changed since (the
    name no longer on it) or a number that is no card keeps the line as it is, to be read again."""
    picks = {}
    for key, number in data.items():
        found = _PICK.fullmatch(key)
        if found and number and data.get(f"{key}-ref"):
            picks[int(found[1])] = (number.strip(), data[f"{key}-ref"])
    if not picks:
        return text
    cards = selectors.cards_by_number(game, {number for number, _ in picks.values()})
    lines = text.splitlines()
    for at, (number, reference) in picks.items():
        if number not in cards or not 1 <= at <= len(lines):
            continue
        line = " ".join(unicodedata.normalize("NFKC", lines[at - 1]).split())
        if reference in line:
            lines[at - 1] = line.replace(reference, f"{number} {cards[number].name}", 1)
    return "\n".join(lines)


def _ambiguous_choices(game: str, lines: list[str], problems) -> list[dict]:
    """For each ambiguous line: its text, zone, copies and the cards it may mean (number, name)."""
    ambiguous = [
        p
        for p in problems
        if p.code == "decklist.ambiguous_card" and p.line and p.line <= len(lines)
    ]
    wanted = {number for p in ambiguous for number in p.cards[:PICKER_CHOICES]}
    names = selectors.cards_by_number(game, wanted)
    choices = []
    for problem in ambiguous:
        raw = lines[problem.line - 1].strip()
        read = parse(get_game(game), raw).lines
        choices.append(
            {
                "at": problem.line,
                "reference": problem.params.get("reference", ""),
                "line": raw,
                "zone": problem.zone,
                "count": read[0].quantity if read else 1,
                "cards": [
                    (n, names[n].name if n in names else "")
                    for n in sorted(problem.cards, key=natural_key)[:PICKER_CHOICES]
                ],
            }
        )
    return choices


def _imported_zones(current: edits.Zones, imported: edits.Zones, mode: str) -> edits.Zones:
    if mode == "replace":
        return imported
    merged = {zone: dict(cards) for zone, cards in current.items()}
    for zone, cards in imported.items():
        for number, count in cards.items():
            merged = edits.add(merged, zone, number, count)
    return merged


#: Candidates the ambiguous-name picker offers per line (the message names how many there are).
PICKER_CHOICES = 12


def _keep_problems(request: HttpRequest, text: str, problems, game: str, refused: str = "") -> None:
    """Nothing lost: the lines that could not be read come back, under their zone, for correcting;
    a name that fits several cards comes back as a choice between them (the picker). With
    `refused` (the import's mode), nothing was imported: the whole text comes back, and the
    choices are made in the import form, written into the text when it is imported again."""
    lines = text.splitlines()
    request.session["import_choices"] = _ambiguous_choices(game, lines, problems)
    request.session["import_problems"] = problem_entries(game, problems, request_language(request))
    if refused:
        request.session["import_refused"] = True
        request.session["import_retry"] = {"decklist": text, "mode": refused}
        messages.warning(
            request,
            ngettext(
                "Nothing was imported, the deck is unchanged: %(count)d line could not be read "
                "or needs a choice of card. Correct it below and import again.",
                "Nothing was imported, the deck is unchanged: %(count)d lines could not be read "
                "or need a choice of card. Correct them below and import again.",
                len(problems),
            )
            % {"count": len(problems)},
        )
        return
    game_zone_lines: dict[str, list[str]] = {}
    for problem in problems:
        if problem.line and problem.line <= len(lines):
            game_zone_lines.setdefault(problem.zone or "", []).append(
                lines[problem.line - 1].strip()
            )
    retry = "\n\n".join(
        (f"{zone}:\n" if zone else "") + "\n".join(found) for zone, found in game_zone_lines.items()
    )
    request.session["import_retry"] = {"decklist": retry, "mode": "add"}
    messages.warning(
        request,
        ngettext(
            "%(count)d line could not be read; the rest was imported. "
            "Correct it below and import again.",
            "%(count)d lines could not be read; the rest was imported. "
            "Correct them below and import again.",
            len(problems),
        )
        % {"count": len(problems)},
    )


@require_GET
def search(request: HttpRequest, game: str) -> HttpResponse:
    """Search results as a fragment for the editor's search panel (add buttons per allowed zone)."""
    game_obj = _game_or_404(game)
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
    if shown.has_next():
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


# -- history ------------------------------------------------------------------------------------


def _diff(game: str, old: edits.Zones, new: edits.Zones) -> list[dict]:
    """Per zone of the game, the cards added and removed from `old` to `new`, in number order."""
    names = selectors.cards_by_number(game, edits.numbers(old) | edits.numbers(new))
    zones = {zone.slug: zone for zone in get_game(game).zones}
    return [
        {
            "zone": zone,
            "label": zones[zone].label if zone in zones else zone,
            "label_ja": zones[zone].label_ja if zone in zones else "",
            "added": [(n, c, names.get(n)) for n, c in _in_number_order(change["added"])],
            "removed": [(n, c, names.get(n)) for n, c in _in_number_order(change["removed"])],
        }
        for zone, change in edits.diff(old, new).items()
    ]


def _against_other_deck(request: HttpRequest, deck: Deck) -> dict | None:
    """The history's "compare with another deck": a version of this deck (`a`) against a version
    (`wv`, else its current one) of another deck named by code or link (`with`) or picked (`mine`)."""
    wanted = (request.GET.get("with") or request.GET.get("mine") or "").strip()[:300]
    if not wanted:
        return None
    base = whole_number(request.GET.get("a", ""))
    result: dict = {"wanted": wanted, "other_version": request.GET.get("wv", "")}
    try:
        this = selectors.version_of(deck, deck.version if base is None else base)
        other = selectors.other_version(request.user, wanted, whole_number(result["other_version"]))
    except Http404:
        result["error"] = gettext(
            "No deck or version you can see matches that: give one of your decks, or the code or "
            "link of a public or unlisted deck (someone else's deck only in its current version)."
        )
        return result
    if other.deck.game != deck.game:
        result["error"] = gettext(
            "“%(name)s” is a %(game)s deck: only decks of the same game can be compared."
        ) % {"name": other.deck.name, "game": get_game(other.deck.game).name}
        return result
    result.update(old=this, new=other, zones=_diff(deck.game, this.zones, other.zones))
    result["pair"] = _pair(deck, this.number, f"code:{other.deck.code}:{other.number}")
    return result


def _pair(deck: Deck, base: int, target: str) -> dict:
    """What a diff's "Simulate both side by side" posts (`decks:simulate`), and the editor set up
    for the same pair, to choose the goals first."""
    return {"base": base, "with": target, "choose": _simulate_pair_url(deck, base, target)}


def _simulate_pair_url(deck: Deck, base: int, target: str) -> str:
    """The editor with its goldfish panel set to run `base` of this deck and `target` side by side."""
    query = urlencode({"base": base, "with": target})
    return f"{reverse('decks:editor', args=[deck.pk])}?{query}#goldfish"


@require_GET
@login_required
def history(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    page = Paginator(deck.versions.all(), HISTORY_PAGE).get_page(request.GET.get("page"))
    diff = None
    against = _against_other_deck(request, deck)
    a, b = whole_number(request.GET.get("a", "")), whole_number(request.GET.get("b", ""))
    if against is None and a is not None and b is not None:
        old, new_ = selectors.version_of(deck, a), selectors.version_of(deck, b)
        diff = {
            "old": old,
            "new": new_,
            "zones": _diff(deck.game, old.zones, new_.zones),
            "pair": _pair(deck, b, f"version:{a}"),
        }
    others = selectors.decks_of(request.user).filter(game=deck.game).exclude(pk=deck.pk)
    return render(
        request,
        "decks/history.html",
        {
            "deck": deck,
            "page": page,
            "diff": diff,
            "against": against,
            "my_decks": others.only("code", "name", "version")[:100],
            # The compare form starts on the last step: the version before the current one → current.
            "compare_a": diff["old"].number if diff else max(deck.version - 1, 1),
            "compare_b": diff["new"].number if diff else deck.version,
            "other_base": against["old"].number if against and "old" in against else deck.version,
        },
    )


@require_POST
def save_version(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Save version": close the open draft of this sitting, with the player's optional note."""
    deck = selectors.deck_for_owner(request.user, pk)
    closed = services.deck_close_draft(deck=deck, note=request.POST.get("note", "")[:200])
    if closed is None:
        messages.info(
            request, gettext("There are no unsaved changes: the current version is kept.")
        )
    else:
        messages.success(request, gettext("Version %(number)d saved.") % {"number": closed.number})
    return redirect("decks:editor", pk=deck.pk)


def _in_number_order(counts: dict[str, int]) -> list[tuple[str, int]]:
    """(number, count) with numbers in number order: BT2 before BT10."""
    return sorted(counts.items(), key=lambda item: natural_key(item[0]))


@require_POST
def revert(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    number = request.POST.get("number", "")
    revert_to = whole_number(number)
    try:
        services.deck_revert(
            deck=deck,
            number=-1 if revert_to is None else revert_to,
            expected_version=_expected_version(request),
            expected_revision=_expected_revision(request),
        )
        messages.success(
            request,
            gettext("Version %(number)s is now the current version (%(version)s).")
            % {"number": number, "version": deck.version},
        )
    except services.DeckError as refused:
        messages.error(request, str(refused))
    return redirect("decks:editor", pk=deck.pk)


# -- sharing ------------------------------------------------------------------------------------


@require_GET
def shared(request: HttpRequest, code: str) -> HttpResponse:
    deck = selectors.deck_by_code(request.user, code)
    ws = _workspace(request, deck)
    return render(
        request,
        "decks/shared.html",
        {"ws": ws, "deck": deck, "urls": _urls(ws), "is_owner": deck.owner_id == request.user.pk},
    )


@require_POST
@login_required
def fork(request: HttpRequest, code: str) -> HttpResponse:
    deck = selectors.deck_by_code(request.user, code)
    copy = services.deck_fork(source=selectors.current_version(deck), owner=request.user)
    messages.success(request, f"“{deck.name}” copied into your decks.")
    return redirect("decks:editor", pk=copy.pk)


@require_GET
def public(request: HttpRequest, game: str) -> HttpResponse:
    """Public decks of a game, searchable by card (the card query language) and format."""
    game_obj = _game_or_404(game)
    card_query = request.GET.get("card", "").strip()
    format_slug = request.GET.get("format", "")
    if format_slug not in {f.slug for f in game_obj.formats}:
        format_slug = ""
    error = None
    numbers = None
    if card_query:
        try:
            numbers = set(
                card_search.search(game, card_query).values_list("number", flat=True)[:500]
            )
        except QueryError as query_error:
            error = query_error
            numbers = set()
    decks = selectors.public_decks(game, card_numbers=numbers, format=format_slug or None)
    page = Paginator(decks, 30).get_page(request.GET.get("page"))
    return render(
        request,
        "decks/public.html",
        {
            "game": game_obj,
            "page": page,
            "card_query": card_query,
            "format_slug": format_slug,
            "error": error,
        },
    )


# -- exports of a saved deck (anyone who may see it) ----------------------------------------------


def _shared_workspace(request: HttpRequest, code: str) -> Workspace:
    return _workspace(request, selectors.deck_by_code(request.user, code))


#: The content type of each export shape (`cards.games.decklist.EXPORT_FORMATS`).
EXPORT_TYPES = {
    "text": "text/plain",
    "recipe": "text/plain",
    "markdown": "text/markdown",
    "csv": "text/csv",
}


def _text_response(request: HttpRequest, ws: Workspace) -> HttpResponse:
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


def _refuse_too_large(view):
    """A deck or deck code past the caps (`limits`) answers 400 with the limit, before any work."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except limits.TooLarge as error:
            return HttpResponseBadRequest(f"{error}\n", content_type="text/plain; charset=utf-8")

    return wrapper


def _image_response(ws: Workspace, title: str) -> HttpResponse:
    limits.check_deck(ws.zones)  # a deck saved before the caps: no minute-long PNG
    return HttpResponse(images.deck_png(ws, title=title), content_type="image/png")


def _sheet_response(request: HttpRequest, ws: Workspace, title: str) -> HttpResponse:
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
    return _text_response(request, _shared_workspace(request, code))


@require_GET
@_refuse_too_large
def image(request: HttpRequest, code: str) -> HttpResponse:
    deck = selectors.deck_by_code(request.user, code)
    return _image_response(_workspace(request, deck), deck.name)


@require_GET
@_refuse_too_large
def sheet(request: HttpRequest, code: str) -> HttpResponse:
    deck = selectors.deck_by_code(request.user, code)
    return _sheet_response(request, _workspace(request, deck), deck.name)


# -- the stateless builder: the deck lives in a deck code in the URL --------------------------------


def _stateless(request: HttpRequest, game: str, code: str | None) -> Workspace:
    """The builder's deck from its code; a broken or foreign code is a clear error page, not a 500."""
    game_obj = _game_or_404(game)
    if not code:
        return Workspace(game, game_obj.default_format.slug, {}, lang=request_language(request))
    limits.check_code(code)  # too long: a 400 with the limit (`_refuse_too_large`)
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


@require_http_methods(["GET", "POST"])
@_refuse_too_large
def build(request: HttpRequest, game: str) -> HttpResponse:
    if request.method == "GET":
        return _editor_page(request, _stateless(request, game, request.GET.get("c")))
    ws = _stateless(request, game, request.POST.get("code"))
    error = ""
    try:
        ws = _apply_stateless(request, ws)
    except (edits.EditError, services.DeckError) as refused:
        error = str(refused)
    if request.htmx:
        response = _deck_panel(request, ws, error=error, status=400 if error else 200)
        return replace_url(response, _build_url(ws))
    if error:
        messages.error(request, error)
    return HttpResponseRedirect(_build_url(ws))


def _apply_stateless(request: HttpRequest, ws: Workspace) -> Workspace:
    """One builder action (a card change, an import, the format) applied to the code's deck."""
    zones, format_slug = ws.zones, ws.format_slug
    if "decklist" in request.POST:
        form = ImportForm(request.POST)
        if not form.is_valid():
            raise services.DeckError(" ".join(e for errs in form.errors.values() for e in errs))
        text = _with_picks(form.cleaned_data["decklist"], request.POST, ws.game_slug)
        mode = form.cleaned_data["mode"]
        imported, problems = load(ws.game, text, DatabasePool(ws.game_slug))
        if _refused_import(request, text, mode, imported.quantities(), problems, ws.game_slug):
            return ws
        zones = _imported_zones(zones, imported.quantities(), mode)
        if problems:
            _keep_problems(request, text, problems, ws.game_slug)
    elif "format" in request.POST:
        if request.POST["format"] not in {f.slug for f in ws.formats}:
            raise services.DeckError(
                gettext("%(game)s has no format %(format)r.")
                % {"game": game_name(ws.game_slug), "format": request.POST["format"]}
            )
        format_slug = request.POST["format"]
    else:
        form = ChangeForm(request.POST)
        if not form.is_valid():
            raise services.DeckError(
                " ".join(form.non_field_errors()) or gettext("That change is not possible.")
            )
        zones, _ = services.apply_action(
            ws.game_slug,
            zones,
            form.cleaned_data["action"],
            format_slug=ws.format_slug,
            **form.params(),
        )
        zones = edits.normalize(ws.game, zones)
        unknown = edits.numbers(zones) - set(
            selectors.cards_by_number(ws.game_slug, edits.numbers(zones))
        )
        if unknown:
            raise services.DeckError(
                gettext("No %(game)s card has the number %(numbers)s.")
                % {"game": game_name(ws.game_slug), "numbers": ", ".join(sorted(unknown))}
            )
    return Workspace(ws.game_slug, format_slug, edits.normalize(ws.game, zones), lang=ws.lang)


@require_GET
@_refuse_too_large
def build_panel(request: HttpRequest, game: str, name: str) -> HttpResponse:
    return _panel(request, _stateless(request, game, request.GET.get("c")), name)


@require_GET
@_refuse_too_large
def build_text(request: HttpRequest, game: str) -> HttpResponse:
    return _text_response(request, _stateless(request, game, request.GET.get("c")))


@require_GET
@_refuse_too_large
def build_image(request: HttpRequest, game: str) -> HttpResponse:
    ws = _stateless(request, game, request.GET.get("c"))
    return _image_response(ws, ws.game.name)


@require_GET
@_refuse_too_large
def build_sheet(request: HttpRequest, game: str) -> HttpResponse:
    ws = _stateless(request, game, request.GET.get("c"))
    return _sheet_response(request, ws, ws.game.name)


@require_POST
@_refuse_too_large
def build_save(request: HttpRequest, game: str) -> HttpResponse:
    """Saving needs an account: the builder's deck becomes a private deck of the signed-in user."""
    ws = _stateless(request, game, request.POST.get("code"))
    if not request.user.is_authenticated:
        messages.info(
            request, gettext("Sign in (or sign up) to save this deck; your deck stays in the link.")
        )
        return redirect(f"{reverse('login')}?{urlencode({'next': _build_url(ws)})}")
    try:
        deck = services.deck_create(
            owner=request.user,
            game=game,
            name=request.POST.get("name", "") or f"{ws.game.name} deck",
            format=ws.format_slug,
            zones=ws.zones,
            note=notes.FROM_CODE,
        )
    except services.DeckError as refused:
        messages.error(request, str(refused))
        return HttpResponseRedirect(_build_url(ws))
    return redirect("decks:editor", pk=deck.pk)


# -- goldfish -----------------------------------------------------------------------------------


def _compare_choices(
    request: HttpRequest, ws: Workspace, wanted: tuple[str, str] | None = None
) -> list[tuple[str, str]]:
    """Other decks of the same game and older versions of this one, to run the same goals on;
    first the one the history page asked for (`wanted`: value and label), if any."""
    if not request.user.is_authenticated:
        return []
    choices = [wanted] if wanted else []
    if ws.deck is not None:
        older = ws.deck.versions.exclude(number=ws.deck.version).only("number", "note", "note_text")
        for version in older[:COMPARE_VERSIONS]:
            label = gettext("This deck, version %(number)d") % {"number": version.number}
            note = version.shown_note
            choices.append((f"version:{version.number}", f"{label} — {note}" if note else label))
    others = selectors.decks_of(request.user).filter(game=ws.game_slug)
    if ws.deck is not None:
        others = others.exclude(pk=ws.deck.pk)
    choices += [(f"deck:{d.pk}", d.name) for d in others.only("pk", "name")[:20]]
    return choices


def _base_target(
    request: HttpRequest, deck: Deck, ws: Workspace, base: int | None
) -> tuple[str, Workspace]:
    """What the goldfish panel runs first: the deck as it is, or a version the history picked."""
    if base is None or base == deck.version:
        return _version_label(deck.name, deck.version), ws
    try:
        version = selectors.version_of(deck, base)
    except Http404:
        raise services.DeckError(
            gettext("This deck has no version %(number)s.") % {"number": base}
        ) from None
    return _version_label(deck.name, base), Workspace(deck.game, deck.format, version.zones)


def _compare_target(request: HttpRequest, deck: Deck, value: str) -> tuple[str, Workspace] | None:
    """The "Compare with" choice: `version:<n>` of this deck, `deck:<id>` of yours (as it is), or
    `code:<code>:<n>`, a version of a deck you may read (from the history's compare)."""
    kind, _, rest = value.partition(":")
    try:
        if kind == "version" and (number := whole_number(rest)) is not None:
            old = selectors.version_of(deck, number)
            return _version_label(deck.name, number), Workspace(deck.game, deck.format, old.zones)
        if kind == "deck" and (pk := whole_number(rest)) is not None:
            other = selectors.deck_for_owner(request.user, pk)
            return _version_label(other.name, other.version), _workspace(request, other)
        if kind == "code":
            code, _, number_text = rest.partition(":")
            found = selectors.other_version(request.user, code, whole_number(number_text))
        else:
            return None
    except Http404:
        raise services.DeckError(gettext("That deck or version is not there any more.")) from None
    if found.deck.game != deck.game:
        raise services.DeckError(gettext("Only decks of the same game can be compared."))
    label = _version_label(found.deck.name, found.number)
    return label, Workspace(found.deck.game, found.deck.format, found.zones)


def _simulate(
    request: HttpRequest,
    targets: list[tuple[str, Workspace]],
    form: SimulationForm,
    *,
    goals: list[dict] | None = None,
    pair: tuple[str, str] | None = None,
) -> HttpResponse:
    """Queue one run per target with the same goals and the same seed, so they compare fairly.

    `goals` are the posted ones unless given. A plain (not htmx) POST lands on the first run's
    page; a `pair` (the side-by-side page's address without its runs, and the editor's set up for
    the pair) lands on that page, or on refusal back on the editor."""
    seed = form.cleaned_data["seed"]
    if seed is None:
        seed = random.randrange(2**31)
    runs, error, status = [], "", 200
    try:
        if goals is None:
            goals = goals_from_data(goal_forms(targets[0][1].game_slug), request.POST)
        for label, target in targets:
            run = simulation_request(
                user=request.user,
                game=target.game_slug,
                format=target.format_slug,
                decklist=target.text,
                goals=goals,
                trials=form.cleaned_data["trials"],
                seed=seed,
            )
            runs.append((label, run))
    except SimulationRefused as refused:
        error, status = refused.message, 429 if refused.retry_later else 400
    except forms.ValidationError as invalid:
        error, status = " ".join(invalid.messages), 400
    if not request.htmx:
        if pair is not None and len(runs) == 2:
            runs_query = urlencode({"a": runs[0][1].pk, "b": runs[1][1].pk})
            return redirect(f"{pair[0]}&{runs_query}")
        if runs:
            return redirect("goldfish:run", pk=runs[0][1].pk)
        messages.error(request, error)
        if pair is not None:
            return redirect(pair[1])
        return HttpResponseRedirect(_urls(targets[0][1])["page"])
    context = {"runs": runs, "error": error, "seed": seed}
    return render(request, "decks/_simulation.html", context, status=status)


def _version_label(name: str, version: int) -> str:
    return gettext("%(name)s (version %(version)s)") % {"name": name, "version": version}


def _readable_pair(
    first: SimulationRun, second: SimulationRun
) -> tuple[list, list, dict[str, str] | None]:
    """Both runs' results as the run page shows them (goals in form order, the page's words)."""
    results_a, names_a = charts.readable(first.results.get("results", []), first.game)
    results_b, names_b = charts.readable(second.results.get("results", []), second.game)
    names = {**(names_a or {}), **(names_b or {})}
    return results_a, results_b, names or None


def _compare_context(
    first: SimulationRun, second: SimulationRun, labels: tuple[str, str]
) -> dict[str, Any]:
    """What `_compare.html` shows of two runs, and where it polls until both have finished."""
    done = first.status == second.status == "done"
    query = urlencode({"a": first.pk, "b": second.pk, "la": labels[0], "lb": labels[1]})
    return {
        "labels": labels,
        "differences": compare.differences(*_readable_pair(first, second)) if done else None,
        "finished": first.finished and second.finished,
        "poll_url": f"{reverse('decks:compare-runs')}?{query}",
    }


@require_GET
@login_required
def compare_runs(request: HttpRequest) -> HttpResponse:
    """The two runs of a "Compare with", side by side once both are done (htmx polls until then)."""
    first, second = (
        refreshed(run_for_user(request.user, whole_number(request.GET.get(key, "")) or 0))
        for key in ("a", "b")
    )
    labels = (request.GET.get("la", "")[:120], request.GET.get("lb", "")[:120])
    context = _compare_context(first, second, labels)
    response = render(request, "decks/_compare.html", context)
    if context["finished"]:
        response.status_code = HTMX_STOP_POLLING
    return response


@require_POST
def simulate(request: HttpRequest, pk: int) -> HttpResponse:
    """The goldfish panel's run (`base` and `compare` pick a pair). With `goals=starting` (the
    history's "Simulate both side by side") the pair runs the panel's first defaults that fit."""
    deck = selectors.deck_for_owner(request.user, pk)
    ws = _workspace(request, deck)
    form = SimulationForm(request.POST)
    if not form.is_valid():
        return render(
            request,
            "decks/_simulation.html",
            {"error": gettext("Check trials and seed.")},
            status=400,
        )
    base = whole_number(request.POST.get("base", ""))
    try:
        targets = [_base_target(request, deck, ws, base)]
        other = _compare_target(request, deck, form.cleaned_data["compare"])
    except services.DeckError as refused:
        return render(request, "decks/_simulation.html", {"error": str(refused)}, status=400)
    if other is None:
        return _simulate(request, targets, form)
    targets.append(other)
    pair = (deck.version if base is None else base, form.cleaned_data["compare"])
    goals = None
    if request.POST.get("goals") == "starting":
        try:
            goals = _starting_goals(targets)
        except forms.ValidationError as invalid:
            messages.error(request, " ".join(invalid.messages))
            return redirect(_simulate_pair_url(deck, *pair))
    side_by_side = reverse("decks:side-by-side", args=[deck.pk])
    return _simulate(
        request,
        targets,
        form,
        goals=goals,
        pair=(
            f"{side_by_side}?{urlencode({'base': pair[0], 'with': pair[1]})}",
            _simulate_pair_url(deck, *pair),
        ),
    )


def _starting_goals(targets: list[tuple[str, Workspace]]) -> list[dict]:
    """The goldfish form's defaults as the panel shows them, for the first goal type that runs on
    every target; cards fields take the card of the zone drawn from that the first deck plays most
    among those every target plays (else its most-played)."""
    first = targets[0][1]
    forms_of_game = goal_forms(first.game_slug)
    drawn = first.zones.get(first.game.default_zone, {})
    shared = set(drawn).intersection(
        *(target.zones.get(target.game.default_zone, {}) for _, target in targets[1:])
    )
    key_card = max(sorted(shared or drawn, key=natural_key), key=drawn.__getitem__, default="")
    for data in starting_data(forms_of_game, key_card):
        goals = goals_from_data(forms_of_game, data)
        try:
            for _, target in targets:
                build_plan(target.game_slug, target.text, goals)
        except GoalError:
            continue
        return goals
    raise forms.ValidationError(
        gettext("No goal runs on its defaults for these decks: choose the goals, then run.")
    )


@require_GET
@login_required
def side_by_side(request: HttpRequest, pk: int) -> HttpResponse:
    """Two runs of a pair (`a`, `b`; `base` and `with` as the panel's): the difference of their
    estimates with its interval, each run's results and chart, and the goals to run again."""
    deck = selectors.deck_for_owner(request.user, pk)
    ws = _workspace(request, deck)
    first, second = (
        refreshed(run_for_user(request.user, whole_number(request.GET.get(key, "")) or 0))
        for key in ("a", "b")
    )
    base, wanted = whole_number(request.GET.get("base", "")), request.GET.get("with", "")[:40]
    labels = (gettext("First"), gettext("Second"))
    error, targets = "", []
    try:
        targets = [_base_target(request, deck, ws, base)]
        other = _compare_target(request, deck, wanted)
        if other is None:
            raise Http404("No deck to compare with.")
        targets.append(other)
        labels = (targets[0][0], targets[1][0])
    except services.DeckError as refused:
        error = str(refused)
    forms_of_game = goal_forms(deck.game)
    cards = {}
    for _, target in targets:
        for zone in target.zone_views:
            if zone.slug == target.game.default_zone:
                cards.update({row.number: row.name for row in zone.rows})
    return render(
        request,
        "decks/side_by_side.html",
        {
            "deck": deck,
            "runs": list(zip(labels, (first, second), strict=True)),
            "seed": first.seed,
            **_compare_context(first, second, labels),
            "error": error,
            "base": deck.version if base is None else base,
            "wanted": wanted if targets else "",
            "goal_fieldsets": goal_fieldsets(forms_of_game, goal_data(forms_of_game, first.goals)),
            "card_options": sorted(cards.items(), key=lambda item: natural_key(item[0])),
            "card_zone": ws.default_zone_label,
            "simulation_form": SimulationForm(
                trial_choices=TRIALS_CHOICES, initial={"trials": first.trials}
            ),
        },
    )


@require_POST
@_refuse_too_large
def build_simulate(request: HttpRequest, game: str) -> HttpResponse:
    ws = _stateless(request, game, request.POST.get("code"))
    form = SimulationForm(request.POST)
    if not form.is_valid():
        return render(
            request,
            "decks/_simulation.html",
            {"error": gettext("Check trials and seed.")},
            status=400,
        )
    return _simulate(request, [(gettext("This deck"), ws)], form)

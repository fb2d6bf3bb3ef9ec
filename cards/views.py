"""Card pages: the games, each game's searchable card list, one card, its face, staff uploads."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import urlencode
from django.utils.translation import get_language, pgettext, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards import faces, search, uploads, writes
from cards.coverage import completeness
from cards.forms import CARD_FILE_MAX_BYTES, CardFileForm, CardImageForm
from cards.games.factsheet import PROVENANCE, SHEET_COLUMNS
from cards.games.fields import Field
from cards.games.game import Game
from cards.games.goldfish import goal_forms
from cards.games.messages import choose_language
from cards.games.query import QueryError
from cards.games.registry import all_games
from cards.http import HtmxHttpRequest
from cards.importers import ImportFailed, Problem, read_upload
from cards.models import Card, CardImport, to_game_card
from cards.paging import CappedPaginator
from cards.selectors import card_as_printed_or_404, card_counts, card_or_404, game_or_404

#: Cards per page of a card list.
PAGE_SIZE = 60
#: What a card list reads of each card: not the search columns, nor a file's extra columns
#: (which may hold long texts).
LIST_COLUMNS = ("game", "number", "name", "type", "data", "cost", "power")
#: Faces change only when the card does (the URL stays, the ETag changes): a day is safe.
FACE_MAX_AGE = 24 * 60 * 60


def home(request: HttpRequest) -> HttpResponse:
    counts = card_counts()
    games = [
        (game, counts.get(game.slug, 0), completeness(game.slug, counts.get(game.slug, 0)))
        for game in all_games()
    ]
    return render(request, "home.html", {"game_counts": games})


def _list_columns(game: Game) -> list[Field]:
    """The fields a card list shows besides number and name: type, colour-like and stats."""
    shown = {"type", "kind", "color", "cluster", "attr", "cost", "power", "bp", "set"}
    return [f for f in search.fields(game.slug) if f.name in shown]


#: The sort menu's words (the keys of `search.SORTS`); English shows the keys as they are.
SORT_LABELS = {
    "number": pgettext_lazy("sort", "number"),
    "name": pgettext_lazy("sort", "name"),
    "type": pgettext_lazy("sort", "type"),
    "cost": pgettext_lazy("sort", "cost"),
    "power": pgettext_lazy("sort", "power"),
}


def card_list(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """A game's cards: searched with the query language, sorted, paginated; htmx gets the table."""
    the_game = game_or_404(game)
    query = request.GET.get("q", "").strip()
    sort = request.GET.get("sort", "number")
    sort = sort if sort in search.SORTS else "number"
    descending = request.GET.get("dir") == "desc"
    context: dict[str, Any] = {
        "game": the_game,
        "query": query,
        "sort": sort,
        "descending": descending,
        "sorts": [(key, SORT_LABELS.get(key, key)) for key in search.SORTS],
        "columns": _list_columns(the_game),
        "example": search.example_query(game),
        "hints": _hints(game),
    }
    try:
        cards = search.ordered(search.search(game, query), sort, descending).only(*LIST_COLUMNS)
    except QueryError as error:
        context["error"] = _error_context(query, error)
    else:
        number = request.GET.get("page")
        paginator = CappedPaginator(
            cards, PAGE_SIZE, page=number, order=search.page_order(game, sort, descending)
        )
        page = paginator.get_page(number)
        columns = context["columns"]
        context["page"] = page
        context["rows"] = [(card, _row_values(card, columns)) for card in page.object_list]
        # The unfiltered list's count past the paginator's cap: the cached count of the game.
        context["all_cards"] = None if query else card_counts().get(game, 0)
    template = "cards/_results.html" if request.htmx else "cards/list.html"
    return render(request, template, context)


def _hints(game: str) -> str:
    """The search box's hint examples, each a link that runs it: the game's own fields, in the
    page's language (`search.hint_examples`)."""
    address = reverse("cards:list", args=[game])
    return format_html_join(
        pgettext("between search examples", ", "),
        '<a href="{}"><code>{}</code></a>',
        (
            (f"{address}?{urlencode({'q': e})}", e)
            for e in search.hint_examples(game, get_language())
        ),
    )


def _row_values(card: Card, columns: list[Field]) -> list[str]:
    facts = to_game_card(card.number, card.name, card.type, card.data, {})
    lang = get_language()
    return [" / ".join(search.shown_values(f, facts, lang)) for f in columns]


def _error_context(query: str, error: QueryError) -> dict[str, Any]:
    """The message, and the query cut around the offending character to highlight it."""
    at = min(error.position, len(query))
    return {
        "message": search.error_message(error),
        "position": at + 1,
        "before": query[:at],
        "at": query[at : at + 1] or " ",
        "after": query[at + 1 :],
    }


def card_detail(request: HttpRequest, game: str, number: str) -> HttpResponse:
    the_game = game_or_404(game)
    card = card_as_printed_or_404(game, number)
    if card.number != number:
        # A number as printed (`XD1-01`, `BT1-010_PR`) leads to its card's page.
        return redirect("cards:detail", game=game, number=card.number)
    context = {
        "game": the_game,
        "card": card,
        "facts": search.facts(game, card.to_game_card(), get_language()),
        **_extra_columns(the_game, card.extra),
        "image_form": CardImageForm() if request.user.is_staff else None,
        "odds_goal": _card_odds_goal(game),
    }
    return render(request, "cards/detail.html", context)


def _extra_columns(game: Game, extra: dict[str, Any]) -> dict[str, list[tuple[str, str, Any]]]:
    """A card's extra columns as (column, label, value), the label empty where DeckLab does not
    know the column: `extra`, shown as facts, and `provenance`, the columns a game's fact-sheet
    conversion writes about its sources (`factsheet.PROVENANCE`), which the card page folds away
    under "Data source". A game imported from plain card files has no such columns: all of its
    extra columns are the file's own (CONTRACT §2), shown under their names."""
    if game.shipped is None:
        return {
            "extra": [(key, "", value) for key, value in sorted(extra.items())],
            "provenance": [],
        }
    return {
        "extra": [
            (key, SHEET_COLUMNS.get(key, ""), value)
            for key, value in sorted(extra.items())
            if key not in PROVENANCE
        ],
        "provenance": [
            (key, label, extra[key])
            for key, label in PROVENANCE.items()
            if extra.get(key) not in (None, "")
        ],
    }


def _card_odds_goal(game: str) -> str | None:
    """The game's first goal type that asks about chosen cards (`drawn`, `dealt`), if any:
    the card page links to a simulation of it with this card filled in."""
    for form in goal_forms(game):
        if any(spec["kind"] == "cards" for spec in form["fields"]):
            return form["type"]
    return None


def card_face(request: HttpRequest, game: str, number: str) -> HttpResponse:
    """The card's face as PNG, with an ETag so browsers revalidate instead of downloading.
    `?lang=ja` labels it in Japanese (Japanese pages ask for it: `{% face_url %}`); the language
    is in the address, not negotiated, so shared caches keep one copy per address."""
    card = card_or_404(game, number)
    lang = choose_language(request.GET.get("lang"))
    etag = f'"{faces.face_key(card, lang)}"'
    headers = {"ETag": etag, "Cache-Control": f"public, max-age={FACE_MAX_AGE}"}
    if etag in _etags(request.headers.get("If-None-Match", "")):
        return HttpResponse(status=304, headers=headers)
    return HttpResponse(faces.face(card, lang).png, content_type="image/png", headers=headers)


def _etags(header: str) -> set[str]:
    return {part.strip().removeprefix("W/") for part in header.split(",") if part.strip()}


def search_help(request: HttpRequest, game: str) -> HttpResponse:
    the_game = game_or_404(game)
    examples = search.syntax_examples(game, get_language() or "en")
    if "name" in examples:
        examples["phrase"] = f'"{examples["name"]}"'
    codes = {key: _code(example) for key, example in examples.items()}
    numbers = [examples[key] for key in ("number1", "number2") if key in examples]
    codes["numbers"] = format_html_join(", ", "{}", ((_code(n),) for n in numbers))
    context = {
        "game": the_game,
        "fields": search.fields(game),
        "games": all_games(),
        "japanese_examples": the_game.japanese_examples,
        "codes": codes,
    }
    return render(request, "cards/help.html", context)


def _code(example: str) -> str:
    return format_html("<code>{}</code>", example)


def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    """The game's deck rules in DeckLab's words, an anchor per numbered rule (`#r2-1-3`)."""
    the_game = game_or_404(game)
    sections = the_game.rules_text
    if not sections:
        raise Http404("no rules page for this game")
    return render(request, "cards/rules.html", {"game": the_game, "sections": sections})


def _require_staff(request: HttpRequest) -> None:
    if not request.user.is_staff:
        raise PermissionDenied("Only staff can upload cards and card images.")


@login_required
def upload_cards(request: HttpRequest) -> HttpResponse:
    """Staff upload a card file; a Celery task imports it (`cards.uploads`) and its page shows the
    outcome, with the same row errors as `import_cards`."""
    _require_staff(request)
    context: dict[str, Any] = {"max_mib": CARD_FILE_MAX_BYTES // (1024 * 1024)}
    form = CardFileForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            content = read_upload(upload, CARD_FILE_MAX_BYTES)
        except ImportFailed as failure:
            context["failure"] = failure
            context["filename"] = upload.name
        else:
            started = uploads.upload_start(
                game=form.cleaned_data["game"],
                kind=form.cleaned_data["content"],
                filename=upload.name,
                content=content,
                author=request.user,
            )
            return redirect("cards:upload-progress", pk=started.pk)
    context["form"] = form
    return render(
        request, "cards/upload.html", context, status=400 if "failure" in context else 200
    )


@login_required
def upload_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """Where a staff upload's import stands: queued, importing, its report or its problems."""
    _require_staff(request)
    upload = get_object_or_404(CardImport.objects.defer("content"), pk=pk)
    problems = [Problem(*problem) for problem in upload.problems]
    return render(request, "cards/upload_progress.html", {"upload": upload, "problems": problems})


@require_POST
@login_required
def card_image(request: HttpRequest, game: str, number: str) -> HttpResponse:
    """Staff upload (or remove) a real image of a card; a bad image is refused with the reason."""
    _require_staff(request)
    card = card_or_404(game, number)
    if request.POST.get("remove"):
        writes.card_image_remove(card=card, author=request.user)
        messages.success(request, "The image is removed; the generated face is shown again.")
        return redirect("cards:detail", game=game, number=number)
    form = CardImageForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, "Choose an image file to upload.")
        return redirect("cards:detail", game=game, number=number)
    try:
        content = form.cleaned_data["image"].read(faces.MAX_IMAGE_BYTES + 1)
        writes.card_image_store(
            card=card, content=content, author=request.user, note=_("staff upload")
        )
    except faces.ImageRejected as error:
        messages.error(request, f"Image refused: {error}")
    else:
        messages.success(request, "Image stored; it replaces the generated face.")
    return redirect("cards:detail", game=game, number=number)

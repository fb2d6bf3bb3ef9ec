"""My cards: the collection page and its changes, its unlisted page, a deck's owned/needed actions,
the decks a player can build, and the trade list. Each view reads the request, calls one service
and maps a `CollectionError` to a message."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from cards.games.registry import UnknownGame, get_game
from cards.http import AuthenticatedHttpRequest
from decklab.collections import selectors, services
from decklab.collections.models import Collection
from decklab.decks import selectors as deck_selectors
from decklab.decks.models import Deck, Visibility
from decklab.decks.workspace import Workspace

#: "missing at most N": the default N, and the largest the page accepts.
DEFAULT_MOST_MISSING = 0
LARGEST_MOST_MISSING = 999


def _game(slug: str):
    try:
        return get_game(slug)
    except UnknownGame:
        raise Http404("No such game.") from None


def _back(request: HttpRequest, game: str) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return redirect(target)
    return redirect("collections:mine", game=game)


def _change(
    request: AuthenticatedHttpRequest, game: str, change: Callable[[Collection], str]
) -> HttpResponse:
    _game(game)
    collection = services.collection_get_or_create(owner=request.user, game=game)
    try:
        messages.success(request, change(collection))
    except services.CollectionError as error:
        messages.error(request, str(error))
    return _back(request, game)


@require_GET
@login_required
def mine(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    game_obj = _game(game)
    collection = services.collection_get_or_create(owner=request.user, game=game)
    page = Paginator(selectors.rows(collection), 100).get_page(request.GET.get("page"))
    return render(
        request,
        "collections/mine.html",
        {
            "game": game_obj,
            "collection": collection,
            "page": page,
            "products": services.products(game),
            "wishlist": selectors.wishlist(collection),
            "trade_list": selectors.trade_list(collection),
            "built": collection.built.select_related("deck"),
        },
    )


@require_POST
@login_required
def set_quantity(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    def change(collection: Collection) -> str:
        services.collection_set_quantity(
            collection=collection,
            number=request.POST.get("number", ""),
            quantity=request.POST.get("quantity", ""),
            wanted=request.POST.get("wanted"),
        )
        return _("Collection updated.")

    return _change(request, game, change)


@require_POST
@login_required
def paste(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    def change(collection: Collection) -> str:
        added = services.collection_add_list(
            collection=collection, text=request.POST.get("text", "")
        )
        return ngettext("%(count)d card added.", "%(count)d cards added.", added) % {"count": added}

    return _change(request, game, change)


@require_POST
@login_required
def product(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    def change(collection: Collection) -> str:
        added = services.collection_add_product(
            collection=collection,
            key=request.POST.get("product", ""),
            times=request.POST.get("times", "1"),
        )
        return ngettext("%(count)d card added.", "%(count)d cards added.", added) % {"count": added}

    return _change(request, game, change)


@require_POST
@login_required
def import_csv(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    def change(collection: Collection) -> str:
        upload = request.FILES.get("file")
        try:
            text = upload.read().decode("utf-8-sig") if upload else request.POST.get("csv", "")
        except UnicodeDecodeError:
            raise services.CollectionError(_("The CSV must be UTF-8 text.")) from None
        count = services.collection_import_csv(
            collection=collection, text=text, replace=bool(request.POST.get("replace"))
        )
        return ngettext("%(count)d row read.", "%(count)d rows read.", count) % {"count": count}

    return _change(request, game, change)


@require_GET
@login_required
def export_csv(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    _game(game)
    collection = services.collection_get_or_create(owner=request.user, game=game)
    response = HttpResponse(
        services.collection_export_csv(collection=collection), content_type="text/csv"
    )
    response["Content-Disposition"] = f'attachment; filename="collection-{game}.csv"'
    return response


@require_POST
@login_required
def share(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    def change(collection: Collection) -> str:
        shared = request.POST.get("shared") == "1"
        services.collection_share(collection=collection, shared=shared)
        return _("Anyone with the link can see it.") if shared else _("Private again.")

    return _change(request, game, change)


@require_POST
@login_required
def trades(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    def change(collection: Collection) -> str:
        listed = request.POST.get("trades") == "1"
        services.collection_set_trades(collection=collection, trades=listed)
        return _("Your surplus is listed for trades.") if listed else _("Trades turned off.")

    return _change(request, game, change)


@require_POST
@login_required
def offer(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    """Offer fewer or more copies of a card than the surplus (empty: the surplus again)."""

    def change(collection: Collection) -> str:
        services.collection_set_offer(
            collection=collection,
            number=request.POST.get("number", ""),
            offered=request.POST.get("offered"),
        )
        return _("Trade list updated.")

    return _change(request, game, change)


@require_GET
def shared(request: HttpRequest, code: str) -> HttpResponse:
    collection = selectors.collection_by_share_code(code)
    return render(
        request,
        "collections/shared.html",
        {
            "collection": collection,
            "game": get_game(collection.game),
            "rows": selectors.rows(collection),
        },
    )


@require_GET
@login_required
def offers(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    """Who lists one of my wanted cards as surplus."""
    game_obj = _game(game)
    collection = services.collection_get_or_create(owner=request.user, game=game)
    wanted = list(selectors.wishlist(collection))
    chosen = next((row for row in wanted if row.number == request.GET.get("card")), None)
    players = selectors.offers(request.user, game, chosen.identity) if chosen else []
    return render(
        request,
        "collections/offers.html",
        {"game": game_obj, "wanted": wanted, "chosen": chosen, "players": players},
    )


def _game_deck(deck: Deck):
    return Workspace(
        deck.game, deck.format, deck_selectors.zones_of(deck_selectors.current_version(deck))
    ).game_deck


@require_GET
@login_required
def holdings(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    """The "My cards" panel of a deck: owned, needed and missing per card."""
    deck = deck_selectors.deck_by_code(request.user, code)
    return render(
        request,
        "collections/_holdings_body.html",
        {
            "holdings": selectors.holdings(request.user, deck.game, _game_deck(deck), deck),
            "deck": deck,
            "game_slug": deck.game,
            "back": request.headers.get("HX-Current-URL") or reverse("decks:shared", args=[code]),
        },
    )


@require_POST
@login_required
def wish(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    """The wishlist becomes what this deck misses."""
    deck = deck_selectors.deck_by_code(request.user, code)

    def change(collection: Collection) -> str:
        found = selectors.holdings(request.user, deck.game, _game_deck(deck), deck)
        missing = {line.need.card: line.missing for line in found.lines}
        count = services.collection_wish_missing(collection=collection, missing=missing)
        return ngettext(
            "%(count)d missing card is on your wishlist.",
            "%(count)d missing cards are on your wishlist.",
            count,
        ) % {"count": count}

    return _change(request, deck.game, change)


@require_POST
@login_required
def built(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    """Mark one's own deck built (its cards reserved) or not."""
    deck = deck_selectors.deck_by_code(request.user, code)
    is_built = request.POST.get("built") == "1"

    def change(collection: Collection) -> str:
        services.collection_set_built(collection=collection, deck=deck, built=is_built)
        return _("Its cards are reserved.") if is_built else _("Its cards are free again.")

    return _change(request, deck.game, change)


def most_missing(value: str | None) -> int:
    try:
        return min(max(int(value or DEFAULT_MOST_MISSING), 0), LARGEST_MOST_MISSING)
    except ValueError:
        return DEFAULT_MOST_MISSING


@require_GET
@login_required
def buildable(request: AuthenticatedHttpRequest, game: str) -> HttpResponse:
    """Decks I can build: public decks or my own, missing at most N copies, fewest first."""
    game_obj = _game(game)
    collection = services.collection_get_or_create(owner=request.user, game=game)
    scope = "mine" if request.GET.get("scope") == "mine" else "public"
    most = most_missing(request.GET.get("missing"))
    decks = Deck.objects.filter(game=game)
    decks = (
        decks.filter(owner=request.user)
        if scope == "mine"
        else decks.filter(visibility=Visibility.PUBLIC)
    )
    found = selectors.buildable(collection, decks, most)
    page = Paginator(found, 30).get_page(request.GET.get("page"))
    by_id = Deck.objects.select_related("owner").in_bulk([deck_id for deck_id, _m in page])
    return render(
        request,
        "collections/buildable.html",
        {
            "game": game_obj,
            "scope": scope,
            "most": most,
            "page": page,
            "decks": [(by_id[deck_id], missing) for deck_id, missing in page if deck_id in by_id],
        },
    )

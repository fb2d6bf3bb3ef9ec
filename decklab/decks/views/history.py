"""A saved deck's history: its versions, a diff of two (or against another deck), saving a
version, and going back to one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from cards.games.registry import get_game
from cards.games.text import whole_number
from cards.http import AuthenticatedHttpRequest
from decklab.decks import selectors, services
from decklab.decks.models import Deck
from decklab.decks.views.base import (
    expected_revision,
    expected_version,
    refused,
    simulate_pair_url,
)

#: Versions per page of a deck's history.
HISTORY_PAGE = 20


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
    except selectors.DeckNotFound:
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
    result.update(
        old=this, new=other, zones=selectors.zone_diff(deck.game, this.zones, other.zones)
    )
    result["pair"] = _pair(deck, this.number, f"code:{other.deck.code}:{other.number}")
    return result


def _pair(deck: Deck, base: int, target: str) -> dict:
    """What a diff's "Simulate both side by side" posts (`decks:simulate`), and the editor set up
    for the same pair, to choose the goals first."""
    return {"base": base, "with": target, "choose": simulate_pair_url(deck, base, target)}


@require_GET
@login_required
def history(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    page = Paginator(deck.versions.all(), HISTORY_PAGE).get_page(request.GET.get("page"))
    diff = old = new_ = None
    against = _against_other_deck(request, deck)
    a, b = whole_number(request.GET.get("a", "")), whole_number(request.GET.get("b", ""))
    if against is None and a is not None and b is not None:
        old, new_ = selectors.version_of(deck, a), selectors.version_of(deck, b)
        diff = {
            "old": old,
            "new": new_,
            "zones": selectors.zone_diff(deck.game, old.zones, new_.zones),
            "pair": _pair(deck, b, f"version:{a}"),
        }
    others = selectors.decks_of(request.user).filter(game=deck.game).exclude(pk=deck.pk)
    return render(
        request,
        "decks/history.html",
        {
            "deck": deck,
            "page": page,
            "noted": selectors.history_notes(deck, list(page)),
            "diff": diff,
            "against": against,
            "my_decks": others.only("code", "name", "version")[:100],
            # The compare form starts on the last step: the version before the current one → current.
            "compare_a": old.number if old is not None else max(deck.version - 1, 1),
            "compare_b": new_.number if new_ is not None else deck.version,
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


@require_POST
def revert(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(request.user, pk)
    number = request.POST.get("number", "")
    revert_to = whole_number(number)
    try:
        services.deck_revert(
            deck=deck,
            number=-1 if revert_to is None else revert_to,
            expected_version=expected_version(request),
            expected_revision=expected_revision(request),
        )
    except services.DeckError as error:
        return refused(request, error, "decks:editor", pk=deck.pk)
    messages.success(
        request,
        gettext("Version %(number)s is now the current version (%(version)s).")
        % {"number": number, "version": deck.version},
    )
    return redirect("decks:editor", pk=deck.pk)

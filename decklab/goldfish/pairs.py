"""What a deck's goldfish panel runs: the deck (or a version the history picked) first, then the
"Compare with" choice (an older version, another of your decks, a version of a deck you may read)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext

from cards.games.text import whole_number
from decklab.decks import selectors, services
from decklab.decks.models import Deck
from decklab.decks.views.base import workspace
from decklab.decks.workspace import Workspace

#: Older versions offered to the goldfish panel's "Compare with" (each is a sitting or a save).
COMPARE_VERSIONS = 100


def compare_choices(
    request: HttpRequest, ws: Workspace, wanted: tuple[str, str] | None = None
) -> list[tuple[str, str]]:
    """Other decks of the same game and older versions of this one, to run the same goals on;
    first the one the history page asked for (`wanted`: value and label), if any."""
    user = request.user
    if not user.is_authenticated:
        return []
    choices = [wanted] if wanted else []
    key = compare_choices_key(request, ws)
    if key is None:
        return choices + _choices(user, ws)
    cached: list[tuple[str, str]] | None = cache.get_or_set(
        key, lambda: _choices(user, ws), ws.cache_seconds
    )
    # A cache answers None only for a stored None, which this never stores.
    return choices + (_choices(user, ws) if cached is None else cached)


def compare_choices_key(request: HttpRequest, ws: Workspace) -> str | None:
    """The cache key of the owner's "Compare with" choices: the deck's version (older versions'
    notes never change), how many decks of the game the owner has and their newest change (a new,
    renamed or deleted deck is a new key), the language. None without those figures (a deck not
    read by `selectors.current_version_for_owner`, or another reader's)."""
    deck, current = ws.deck, ws.current
    decks = getattr(current, "owner_decks", None)
    changed = getattr(current, "owner_decks_changed", None)
    if deck is None or decks is None or changed is None or deck.owner_id != request.user.pk:
        return None
    return f"decklab:compare:{deck.pk}:{deck.version}:{decks}:{changed.isoformat()}:{ws.lang}"


def _choices(user: User, ws: Workspace) -> list[tuple[str, str]]:
    choices = []
    if ws.deck is not None:
        older = ws.deck.versions.exclude(number=ws.deck.version).only("number", "note", "note_text")
        for version in older[:COMPARE_VERSIONS]:
            label = gettext("This deck, version %(number)d") % {"number": version.number}
            note = version.shown_note
            choices.append((f"version:{version.number}", f"{label} — {note}" if note else label))
    others = selectors.decks_of(user).filter(game=ws.game_slug)
    if ws.deck is not None:
        others = others.exclude(pk=ws.deck.pk)
    choices += [(f"deck:{d.pk}", d.name) for d in others.only("pk", "name")[:20]]
    return choices


def base_target(deck: Deck, ws: Workspace, base: int | None) -> tuple[str, Workspace]:
    """What the goldfish panel runs first: the deck as it is, or a version the history picked."""
    if base is None or base == deck.version:
        return version_label(deck.name, deck.version), ws
    try:
        version = selectors.version_of(deck, base)
    except selectors.DeckNotFound:
        raise services.DeckError(
            gettext("This deck has no version %(number)s.") % {"number": base}
        ) from None
    return version_label(deck.name, base), Workspace(deck.game, deck.format, version.zones)


def compare_target(request: HttpRequest, deck: Deck, value: str) -> tuple[str, Workspace] | None:
    """The "Compare with" choice: `version:<n>` of this deck, `deck:<id>` of yours (as it is), or
    `code:<code>:<n>`, a version of a deck you may read (from the history's compare)."""
    kind, _, rest = value.partition(":")
    try:
        if kind == "version" and (number := whole_number(rest)) is not None:
            old = selectors.version_of(deck, number)
            return version_label(deck.name, number), Workspace(deck.game, deck.format, old.zones)
        if kind == "deck" and (pk := whole_number(rest)) is not None:
            other = selectors.deck_for_owner(request.user, pk)
            return version_label(other.name, other.version), workspace(request, other)
        if kind == "code":
            code, _, number_text = rest.partition(":")
            found = selectors.other_version(request.user, code, whole_number(number_text))
        else:
            return None
    except selectors.DeckNotFound:
        raise services.DeckError(gettext("That deck or version is not there any more.")) from None
    if found.deck.game != deck.game:
        raise services.DeckError(gettext("Only decks of the same game can be compared."))
    label = version_label(found.deck.name, found.number)
    return label, Workspace(found.deck.game, found.deck.format, found.zones)


def version_label(name: str, version: int) -> str:
    return gettext("%(name)s (version %(version)s)") % {"name": name, "version": version}

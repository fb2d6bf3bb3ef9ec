"""Writes to decks (HackSoft style: keyword-only functions; views and the API stay thin).

Card operations (`deck_edit`: add, set, move, deal) apply to the newest cards and never conflict;
those of one sitting gather in one draft `DeckVersion`, which `deck_close_draft` ("Save version")
closes. Every other save is a new version numbered one above the last.
A whole-deck save (`deck_save`) names the version and the revision it was based on: if another tab
or client changed the cards in between (a new version, or more operations in the same open draft),
it is refused with `StaleDeck`, which carries the current version so the player can see what changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from cards.games.game import UnknownFormat
from cards.games.messages import Text
from cards.games.registry import UnknownGame, get_game
from cards.languages import game_name, listed, translated
from cards.models import Card
from decklab.decks import edits, notes, selectors
from decklab.decks.actions import apply_action
from decklab.decks.errors import DeckError, StaleDeck
from decklab.decks.models import Deck, DeckCard, DeckVersion, Visibility
from decklab.decks.notes import Note
from decklab.decks.signals import deck_cards_saved, deck_listing_changed

MAX_NAME = 120


def _check_based_on(
    locked: Deck, expected_version: int | None, expected_revision: int | None
) -> None:
    """Refuse a whole-deck save that was not based on the current cards (`StaleDeck`); None: the
    save names no version, and replaces the cards whatever they are."""
    if expected_version is None:
        return
    if locked.version != expected_version:
        reason = StaleDeck.SAVED
    elif expected_revision is not None:
        if expected_revision == locked.revision:
            return
        reason = StaleDeck.EXTENDED
    else:
        # A closed version never changes, so its number alone is enough; an open draft's is not.
        if not locked.versions.filter(number=locked.version, draft=True).exists():
            return
        reason = StaleDeck.OPEN_DRAFT
    raise StaleDeck(locked.versions.get(number=locked.version), expected_version, reason)


def _visibility_error() -> str:
    return gettext("Visibility is one of %(values)s.") % {"values": ", ".join(Visibility.values)}


def _checked_zones(game_slug: str, zones: Mapping) -> edits.Zones:
    game = get_game(game_slug)
    try:
        clean = edits.normalize(game, zones)
    except edits.EditError as error:
        raise DeckError(str(error)) from None
    wanted = edits.numbers(clean)
    known = set(
        Card.objects.filter(game=game_slug, number__in=wanted).values_list("number", flat=True)
    )
    unknown = sorted(wanted - known)
    if unknown:
        raise DeckError(
            gettext("No %(game)s card has the number %(numbers)s.")
            % {"game": game_name(game.slug), "numbers": listed(unknown[:10])}
        )
    return clean


def _checked_format(game_slug: str, format_slug: str | None) -> str:
    try:
        return get_game(game_slug).format(format_slug or None).slug
    except UnknownFormat as error:
        raise DeckError(translated(error.text)) from None


def _checked_name(name: str) -> str:
    clean = " ".join((name or "").split())
    if not clean:
        raise DeckError(gettext("A deck needs a name."))
    if len(clean) > MAX_NAME:
        raise DeckError(
            gettext("A deck name has at most %(limit)d characters.") % {"limit": MAX_NAME}
        )
    return clean


def _mirror_cards(deck: Deck, zones: edits.Zones) -> None:
    DeckCard.objects.filter(deck=deck).delete()
    DeckCard.objects.bulk_create(
        DeckCard(deck=deck, zone=zone, number=number, count=count)
        for zone, cards in zones.items()
        for number, count in cards.items()
    )
    deck_cards_saved.send(sender=Deck, deck=deck, zones=zones)


def _note_fields(note: Note) -> dict[str, Any]:
    """A version's `note` (English words, or the player's) and `note_text` (DeckLab's note to
    translate when shown)."""
    if isinstance(note, Text):
        return {"note": str(note)[:200], "note_text": note.to_json()}
    return {"note": note[:200], "note_text": None}


def _write_version(
    deck: Deck, zones: edits.Zones, note: Note, *, draft: bool = False
) -> DeckVersion:
    deck.versions.filter(draft=True).update(draft=False)
    version = DeckVersion.objects.create(
        deck=deck, number=deck.version + 1, zones=zones, draft=draft, **_note_fields(note)
    )
    deck.version = version.number
    deck.revision += 1
    deck.save(update_fields=["version", "revision", "updated_at"])
    _mirror_cards(deck, zones)
    return version


def _write_operation(deck: Deck, zones: edits.Zones, note: Note) -> DeckVersion:
    """A card operation: extends the open draft of this sitting, or opens a new draft version."""
    latest = deck.versions.get(number=deck.version)
    now = timezone.now()
    sitting = timedelta(minutes=settings.DECKLAB_EDIT_SITTING_MINUTES)
    if not (latest.draft and now - latest.edited_at < sitting):
        return _write_version(deck, zones, note, draft=True)
    latest.zones, latest.edited_at = zones, now
    for name, value in _note_fields(note).items():
        setattr(latest, name, value)
    latest.changes += 1
    latest.save(update_fields=["zones", "note", "note_text", "edited_at", "changes"])
    deck.revision += 1
    deck.save(update_fields=["revision", "updated_at"])
    _mirror_cards(deck, zones)
    return latest


@transaction.atomic
def deck_create(
    *,
    owner: User,
    game: str,
    name: str,
    format: str | None = None,
    zones: Mapping | None = None,
    visibility: str = Visibility.PRIVATE,
    note: Note = notes.CREATED,
    forked_from: DeckVersion | None = None,
) -> Deck:
    try:
        get_game(game)
    except UnknownGame as error:
        raise DeckError(translated(error.text)) from None
    if visibility not in Visibility.values:
        raise DeckError(_visibility_error())
    deck = Deck.objects.create(
        owner=owner,
        game=game,
        format=_checked_format(game, format),
        name=_checked_name(name),
        visibility=visibility,
        forked_from=forked_from,
    )
    _write_version(deck, _checked_zones(game, zones or {}), note)
    return deck


@transaction.atomic
def deck_save(
    *,
    deck: Deck,
    zones: Mapping,
    expected_version: int | None,
    expected_revision: int | None = None,
    note: Note = notes.SAVED,
) -> DeckVersion:
    """Save new quantities as the next version, unless the cards changed since the player loaded
    `expected_version` at `expected_revision` (without a revision, only a closed version will do;
    without a version, whatever the cards are now)."""
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    _check_based_on(locked, expected_version, expected_revision)
    version = _write_version(locked, _checked_zones(locked.game, zones), note)
    deck.version, deck.revision, deck.updated_at = (
        locked.version,
        locked.revision,
        locked.updated_at,
    )
    return version


@transaction.atomic
def deck_edit(*, deck: Deck, action: str, **params) -> DeckVersion:
    """One editor action (`add`, `set`, `move`, `deal`) applied to the latest cards and saved.

    These are operations, not whole-deck saves: each is applied to whatever the newest version holds,
    under a row lock, so a tab's quick clicks (or two tabs' clicks) all land and never conflict.
    Only whole-deck replacements (`deck_save`: import, revert, API card lists) name a version.
    Within one sitting (`DECKLAB_EDIT_SITTING_MINUTES`) the operations extend one draft version.
    """
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    new, note = apply_action(
        locked.game, selectors.current_zones(locked), action, format_slug=locked.format, **params
    )
    version = _write_operation(locked, _checked_zones(locked.game, new), note)
    deck.version, deck.revision, deck.updated_at = (
        locked.version,
        locked.revision,
        locked.updated_at,
    )
    return version


@transaction.atomic
def deck_close_draft(*, deck: Deck, note: str = "") -> DeckVersion | None:
    """ "Save version": close the open draft, with the player's note; None when there is none."""
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    latest = locked.versions.get(number=locked.version)
    if not latest.draft:
        return None
    latest.draft = False
    clean = " ".join(note.split())[:200]
    if clean:
        latest.note, latest.note_text = clean, None
    latest.save(update_fields=["draft", "note", "note_text"])
    return latest


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    name: str | None = None,
    format: str | None = None,
    visibility: str | None = None,
) -> Deck:
    """Change what is not a card: name, format, visibility (not versioned).

    Only the fields given and different from the row are written, under the row lock: a save that
    changes the name never writes back a visibility read before another request made it private.
    """
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    wanted = {}
    if name is not None:
        wanted["name"] = _checked_name(name)
    if format is not None:
        wanted["format"] = _checked_format(locked.game, format)
    if visibility is not None:
        if visibility not in Visibility.values:
            raise DeckError(_visibility_error())
        wanted["visibility"] = visibility
    changed = [field for field, value in wanted.items() if getattr(locked, field) != value]
    for field in changed:
        setattr(locked, field, wanted[field])
    if changed:
        locked.save(update_fields=[*changed, "updated_at"])
    if {"format", "visibility"} & set(changed):
        deck_listing_changed.send(sender=Deck, deck=locked)
    for field in ("name", "format", "visibility", "updated_at"):
        setattr(deck, field, getattr(locked, field))
    return deck


def deck_revert(
    *, deck: Deck, number: int, expected_version: int, expected_revision: int | None = None
) -> DeckVersion:
    """Make an old version's cards the newest version (history is never rewritten)."""
    try:
        old = deck.versions.get(number=number)
    except DeckVersion.DoesNotExist:
        raise DeckError(
            gettext("This deck has no version %(number)s.") % {"number": number}
        ) from None
    return deck_save(
        deck=deck,
        zones=old.zones,
        expected_version=expected_version,
        expected_revision=expected_revision,
        note=notes.reverted(number),
    )


def deck_fork(*, source: DeckVersion, owner: User, name: str | None = None) -> Deck:
    """Copy a deck version into a new private deck of `owner`."""
    deck = source.deck
    return deck_create(
        owner=owner,
        game=deck.game,
        format=deck.format,
        name=name or f"{deck.name} (copy)"[:MAX_NAME],
        zones=source.zones,
        note=notes.forked(deck.code, source.number),
        forked_from=source,
    )


def deck_delete(*, deck: Deck) -> None:
    deck.delete()

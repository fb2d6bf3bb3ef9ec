"""Writes to events (keyword-only `<entity>_<action>` functions; views and the API stay thin).

Every refusal is an `EventError` whose message is for the person who asked, raised before anything
is written (each service runs in one transaction), so a refused request changes nothing.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext

from cards.decklists import DecklistTooLarge, decklist_load
from cards.games.base import Deck as GameDeck
from cards.games.base import Violation
from cards.games.decklist import export
from cards.games.game import UnknownFormat
from cards.games.messages import choose_language
from cards.games.registry import UnknownGame, get_game
from cards.languages import translated
from cards.validation import check, quantities_text, report
from decklab.decks import edits
from decklab.decks.models import Deck
from decklab.decks.selectors import current_zones
from decklab.events.models import (
    Event,
    ListVisibility,
    LockedList,
    Registration,
    Status,
)

MAX_NAME = 120
#: The most players an event seats (a stored count; PostgreSQL refuses a larger integer outright).
MAX_CAPACITY = 4096
MAX_GAMES = 5


class EventError(ValueError):
    """A request about an event that cannot be done; the message says why."""


class IllegalList(EventError):
    """The list breaks the format's rules: `report` is the CONTRACT §4 object with the violations."""

    def __init__(self, report: dict[str, Any]):
        self.report = report
        super().__init__(
            gettext("This list is not legal in the event's format, so it cannot be registered.")
        )


def event_create(
    *,
    organiser: User,
    game: str,
    name: str,
    date: date,
    format: str | None = None,
    place: str = "",
    capacity: int | None = None,
    deadline: datetime | None = None,
    top_cut: int = 0,
    visibility: str = ListVisibility.PUBLIC,
) -> Event:
    try:
        fmt = get_game(game).format(format or None)
    except (UnknownGame, UnknownFormat) as error:
        raise EventError(translated(error.text)) from None
    name = name.strip()
    if not name or len(name) > MAX_NAME:
        raise EventError(gettext("An event needs a name of 1 to 120 characters."))
    if top_cut not in (0, 4, 8):
        raise EventError(gettext("The top cut is 0, 4 or 8 players."))
    if capacity is not None and not 2 <= capacity <= MAX_CAPACITY:
        raise EventError(
            gettext("An event seats 2 to %(most)s players.") % {"most": f"{MAX_CAPACITY:,}"}
        )
    if visibility not in ListVisibility.values:
        raise EventError(gettext("Unknown list visibility."))
    return Event.objects.create(
        organiser=organiser,
        game=game,
        format=fmt.slug,
        name=name,
        date=date,
        place=place.strip()[:200],
        capacity=capacity,
        deadline=deadline,
        top_cut=top_cut,
        visibility=visibility,
        seed=secrets.randbits(48),
    )


def list_check(
    *,
    event: Event,
    player: User,
    deck: Deck | None = None,
    decklist: str | None = None,
    lang: str = "en",
) -> tuple[str, dict, dict[str, Any]]:
    """A list read and checked for the event, nothing written: (canonical text, zones, CONTRACT §4
    report). `deck` must be the player's own and of the event's game."""
    if deck is not None:
        if deck.owner_id != player.pk:
            raise EventError(gettext("You can only register one of your own decks."))
        if deck.game != event.game:
            raise EventError(
                gettext("This deck is for another game: the event plays %(game)s.")
                % {"game": get_game(event.game).name}
            )
        decklist = quantities_text(event.game, current_zones(deck))
    if not decklist or not decklist.strip():
        raise EventError(gettext("Give one of your decks or paste a decklist."))
    game = get_game(event.game)
    loaded, problems = _read(game.slug, decklist)
    # RULES.md §6.1: the list is legal by the format as it stood at the event's date.
    violations = problems + check(game, event.format, loaded, at=event.date)
    result = report(game, event.format, loaded, violations, lang, at=event.date)
    return export(game, loaded), loaded.quantities(), result


def _read(game: str, decklist: str) -> tuple[GameDeck, list[Violation]]:
    """A registration's decklist, read by the one intake (`cards.decklists`) under its cap."""
    try:
        return decklist_load(game=game, text=decklist)
    except DecklistTooLarge as error:
        raise EventError(translated(error.text)) from None


def _seat_is_free(event: Event) -> bool:
    return event.capacity is None or (
        event.registrations.filter(waiting=False).count() < event.capacity
    )


def _open_for_lists(event: Event) -> None:
    if event.status != Status.REGISTRATION:
        raise EventError(gettext("The lists of this event are locked: registration is closed."))


@transaction.atomic
def registration_create(
    *,
    event: Event,
    player: User,
    deck: Deck | None = None,
    decklist: str | None = None,
    lang: str = "en",
) -> tuple[Registration, dict[str, Any]]:
    """Register a player with a legal list (`IllegalList` otherwise); past the capacity, on the
    waiting list."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _open_for_lists(event)
    if event.registrations.filter(player=player).exists():
        raise EventError(
            gettext("You are already registered for this event: replace your list instead.")
        )
    text, zones, result = list_check(
        event=event, player=player, deck=deck, decklist=decklist, lang=lang
    )
    if not result["legal"]:
        raise IllegalList(result)
    try:
        with transaction.atomic():
            registration = Registration.objects.create(
                event=event,
                player=player,
                deck=deck,
                decklist=text,
                zones=zones,
                waiting=not _seat_is_free(event),
            )
    except IntegrityError:
        raise EventError(gettext("You are already registered for this event.")) from None
    return registration, result


@transaction.atomic
def registration_reserve(*, event: Event, player: User) -> Registration:
    """Take a seat now and submit the list before the deadline (未提出 until then); a player
    without a list when the lists lock does not play."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _open_for_lists(event)
    if event.registrations.filter(player=player).exists():
        raise EventError(gettext("You are already registered for this event."))
    return Registration.objects.create(event=event, player=player, waiting=not _seat_is_free(event))


@transaction.atomic
def registration_replace(
    *,
    registration: Registration,
    deck: Deck | None = None,
    decklist: str | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """Replace a registered list before the lock (`IllegalList` leaves the old one)."""
    _open_for_lists(registration.event)
    text, zones, result = list_check(
        event=registration.event,
        player=registration.player,
        deck=deck,
        decklist=decklist,
        lang=lang,
    )
    if not result["legal"]:
        raise IllegalList(result)
    registration.deck, registration.decklist, registration.zones = deck, text, zones
    registration.save(update_fields=["deck", "decklist", "zones"])
    return result


@transaction.atomic
def registration_drop(*, registration: Registration) -> None:
    """Before the lock the player leaves (the first one waiting takes the seat); after it the
    player is dropped: kept in the standings, never paired again."""
    event = registration.event
    if event.status == Status.FINISHED:
        raise EventError(gettext("The event is over."))
    if event.status != Status.REGISTRATION:
        Registration.objects.filter(pk=registration.pk).update(dropped=True)
        return
    had_seat = not registration.waiting
    registration.delete()
    if had_seat:
        first = event.registrations.filter(waiting=True).first()
        if first is not None:
            Registration.objects.filter(pk=first.pk).update(waiting=False)


def _lock_one(registration: Registration) -> LockedList:
    text = registration.decklist
    return LockedList.objects.create(
        registration=registration,
        decklist=text,
        zones=registration.zones,
        hash=hashlib.sha256(text.encode()).hexdigest(),
    )


@transaction.atomic
def registration_lock(*, registration: Registration) -> LockedList:
    """Freeze one player's list now (the organiser's "lock" on one row)."""
    if hasattr(registration, "locked"):
        raise EventError(gettext("This list is already locked."))
    if not registration.decklist:
        raise EventError(gettext("This player has not submitted a list."))
    if registration.waiting:
        raise EventError(gettext("This player is on the waiting list."))
    return _lock_one(registration)


@transaction.atomic
def event_lock(*, event: Event) -> Event:
    """Freeze every seated list; players without a list or still waiting do not play."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    _open_for_lists(event)
    for registration in event.registrations.filter(locked__isnull=True):
        if registration.waiting or not registration.decklist:
            Registration.objects.filter(pk=registration.pk).update(dropped=True)
        else:
            _lock_one(registration)
    event.status = Status.LOCKED
    event.save(update_fields=["status"])
    return event


def event_lock_if_due(*, event: Event) -> Event:
    """Lock the lists if the deadline has passed (called when the event is read)."""
    if event.status == Status.REGISTRATION and event.deadline and event.deadline <= timezone.now():
        return event_lock(event=event)
    return event


def deck_check(*, registration: Registration, decklist: str) -> tuple[edits.Zones, edits.Zones]:
    """The organiser's deck check: (the locked list's cards, the given list's), to compare with
    `edits.diff` (per zone, the copies added and removed)."""
    locked = getattr(registration, "locked", None)
    if locked is None:
        raise EventError(
            gettext("This player's list is not locked yet: there is nothing to check against.")
        )
    loaded, problems = _read(registration.event.game, decklist)
    if problems:
        raise EventError(
            gettext("The list has lines that cannot be read: %(problems)s")
            % {
                "problems": " ".join(
                    p.message(choose_language(get_language())) for p in problems[:10]
                )
            }
        )
    return locked.zones, loaded.quantities()

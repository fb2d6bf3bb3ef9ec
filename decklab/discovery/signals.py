"""Keeping discovery's facts in step: a deck's on each save, event places when an event finishes.

A deck's facts follow Django's `post_save` of `Deck`, not the deck app's own signals: a save by any
path (the admin's visibility or format included) must refresh or withdraw them. decklab/decks/
signals.py lists these receivers with the deck app's signals.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from decklab.decks.models import Deck
from decklab.discovery import facts, stats
from decklab.events import selectors as events
from decklab.events.models import Event, ListVisibility, Status


@receiver(post_save, sender=Deck, dispatch_uid="discovery-deck-facts")
def deck_saved(sender: type[Deck], instance: Deck, **kwargs: Any) -> None:
    if facts.facts_refresh(deck=instance) is None and facts.facts_withdraw(deck=instance):
        stats.meta_forget(game=instance.game)  # it was public: out of the cached counts now


@receiver(post_delete, sender=Deck, dispatch_uid="discovery-deck-deleted")
def deck_deleted(sender: type[Deck], instance: Deck, **kwargs: Any) -> None:
    stats.meta_forget(game=instance.game)


@receiver(post_save, sender=Event, dispatch_uid="discovery-event-places")
def event_saved(sender: type[Event], instance: Event, **kwargs: Any) -> None:
    """A finished event with public lists gives its registered decks their places."""
    if instance.status != Status.FINISHED or instance.visibility != ListVisibility.PUBLIC:
        return
    places = events.placements(instance)
    decks = {
        registration.deck_id: places[registration.player.username]
        for registration in events.registrations(instance).select_related("player")
        if registration.deck_id and registration.player.username in places
    }
    facts.facts_place(deck_places=decks)

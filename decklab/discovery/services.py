"""What players do in discovery: like a public deck, tag their own, and count a view."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext

from decklab.decks.models import Deck, Visibility
from decklab.discovery import facts
from decklab.discovery.models import DeckFacts, DeckTag, Like

MAX_TAGS = 5
_TAG = re.compile(r"[^\w-]+", re.UNICODE)


class DiscoveryError(ValueError):
    """A discovery action that cannot be done; the message is for the player."""


def like_toggle(*, deck: Deck, user: User) -> bool:
    """Like a public deck, or take the like back; True when it is now liked. Only public decks
    take likes: an unlisted deck's likes would be a count nobody may see."""
    if deck.visibility != Visibility.PUBLIC:
        raise DiscoveryError(gettext("Only public decks can be liked."))
    with transaction.atomic():
        removed, _ = Like.objects.filter(deck=deck, user=user).delete()
        if not removed:
            try:
                with transaction.atomic():
                    Like.objects.create(deck=deck, user=user)
            except IntegrityError:  # a double click: the other request liked it
                pass
        facts.facts_count_likes(deck=deck)
    return not removed


def tag_of(text: str) -> str:
    """A tag as stored: lower case, words joined by hyphens, at most 32 characters."""
    return _TAG.sub("-", text.strip().lower()).strip("-")[:32]


def tags_set(*, deck: Deck, text: str) -> list[str]:
    """The owner's tags for their deck, from words separated by commas or spaces."""
    names = list(
        dict.fromkeys(tag for word in re.split(r"[,\s、，]+", text) if (tag := tag_of(word)))
    )
    if len(names) > MAX_TAGS:
        raise DiscoveryError(gettext("At most %(count)d tags.") % {"count": MAX_TAGS})
    with transaction.atomic():
        DeckTag.objects.filter(deck=deck).exclude(name__in=names).delete()
        have = set(DeckTag.objects.filter(deck=deck).values_list("name", flat=True))
        DeckTag.objects.bulk_create(
            DeckTag(deck=deck, name=name) for name in names if name not in have
        )
    return names


def deck_view_count(*, deck: Deck, seen: set[int]) -> bool:
    """Count one view of a public deck, once per visitor's session (`seen` holds the deck ids the
    session has counted, and is updated); True when counted."""
    if deck.visibility != Visibility.PUBLIC or deck.pk in seen:
        return False
    seen.add(deck.pk)
    DeckFacts.objects.filter(deck=deck).update(views=F("views") + 1)
    return True

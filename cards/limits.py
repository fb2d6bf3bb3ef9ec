"""Caps on the size of decks and texts people send: the checks, in one place.

The numbers are settings (`DECKLAB_MAX_*`, docs/operators.md "Limits"). The largest legal deck of
any game holds 68 cards (a DBSCG ZENKAI deck: a leader, 60 main, 7 Z-cards), at most 68 of them
different; the caps are generous multiples of that, so no real deck meets them, while an oversized
deck is refused before it costs a worker anything (parsing, card queries, a PNG of thousands of
faces).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.utils.translation import gettext as _


class TooLarge(ValueError):
    """Past a cap; the message says which and by how much."""


def _check_length(text: str, limit: int, message: str) -> None:
    if len(text) > limit:
        raise TooLarge(message % {"limit": f"{limit:,}", "length": f"{len(text):,}"})


def check_text(text: str) -> None:
    """A pasted decklist (editor import, new deck, goldfish run, API `decklist`)."""
    _check_length(
        text,
        settings.DECKLAB_MAX_DECKLIST_CHARS,
        _("A decklist has at most %(limit)s characters; this one has %(length)s."),
    )


def check_code(code: str) -> None:
    """A deck code of the builder's links (`?c=…`), before it is decoded."""
    _check_length(
        code,
        settings.DECKLAB_MAX_DECK_CODE_CHARS,
        _("A deck code has at most %(limit)s characters; this one has %(length)s."),
    )


def check_distinct(zones: Mapping) -> None:
    """The number of entries (different cards, over all zones), counted before any entry is read."""
    limit = settings.DECKLAB_MAX_DISTINCT_CARDS
    entries = sum(len(cards) for cards in zones.values() if isinstance(cards, Mapping))
    if entries > limit:
        raise TooLarge(
            _("A deck holds at most %(limit)s different cards; this one has %(count)s.")
            % {"limit": f"{limit:,}", "count": f"{entries:,}"}
        )


def check_counts(zones: Mapping[str, Mapping[str, int]]) -> None:
    """Cards per zone and per deck, of quantities whose counts are whole numbers."""
    zone_limit, deck_limit = settings.DECKLAB_MAX_ZONE_CARDS, settings.DECKLAB_MAX_DECK_CARDS
    total = 0
    for zone, cards in zones.items():
        size = sum(cards.values())
        if size > zone_limit:
            raise TooLarge(
                _("A zone holds at most %(limit)s cards; %(zone)s has %(count)s.")
                % {"limit": f"{zone_limit:,}", "zone": zone, "count": f"{size:,}"}
            )
        total += size
    if total > deck_limit:
        raise TooLarge(
            _("A deck holds at most %(limit)s cards; this one has %(count)s.")
            % {"limit": f"{deck_limit:,}", "count": f"{total:,}"}
        )


def check_deck(zones: Mapping[str, Mapping[str, int]]) -> None:
    """Every cap on a deck's quantities (exports of decks saved before the caps, simulations)."""
    check_distinct(zones)
    check_counts(zones)

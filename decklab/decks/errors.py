"""The refusals of deck writes (`decklab.decks.services`, `decklab.decks.actions`): messages for
the player, which the API and the pages turn into HTTP answers."""

from __future__ import annotations

from django.utils.translation import gettext

from decklab.decks.models import DeckVersion


class DeckError(ValueError):
    """A deck change that cannot be made; the message is for the player."""


class StaleDeck(DeckError):
    """The save was based on old cards: someone changed them in between."""

    SAVED = "saved"
    EXTENDED = "extended"
    OPEN_DRAFT = "open draft"

    def __init__(self, current: DeckVersion, expected: int, reason: str = SAVED):
        self.current = current
        self.expected = expected
        self.reason = reason
        if reason == self.SAVED:
            message = gettext(
                "This deck changed since you loaded it: you edited version %(expected)s, but "
                "version %(current)s was saved meanwhile. Your change was not saved; the current "
                "version is shown — apply your change again."
            )
        elif reason == self.EXTENDED:
            message = gettext(
                "This deck changed since you loaded it: version %(current)s got more card "
                "changes (in another tab or on another device) after you loaded it. Your change "
                "was not saved; the current cards are shown — apply your change again."
            )
        else:
            message = gettext(
                "Version %(current)s is an open draft that can still change: to replace its "
                "cards, also send the revision you read (the deck's revision), or save the "
                "version first."
            )
        super().__init__(message % {"expected": expected, "current": current.number})

"""Deck rules of DRAWS◎TROIDAL (RULES.md §5.1): the beta states a deck size and nothing else."""

from __future__ import annotations

from cards.games.base import Format
from cards.games.game import slug_of
from cards.games.messages import gettext_noop
from cards.games.rules import Sizes, ZoneSize

GAME = slug_of(__package__ or __name__)
DECK_SIZE = 60

FORMATS = (
    Format(
        "beta",
        gettext_noop("β"),
        rules=(
            ZoneSize(
                GAME,
                "main",
                Sizes.exactly(DECK_SIZE),
                "Deck: exactly 60 cards; the beta states no copy limit (RULES.md §5.1).",
            ),
        ),
        description=gettext_noop("The beta rules: exactly 60 cards, any number of copies."),
    ),
)

"""The statistics panel's charts for Dragon Ball Super Card Game decks (`cards.games.charts`)."""

from __future__ import annotations

from collections.abc import Iterable

from cards.games.base import Card
from cards.games.charts import NONE, Charts, card_type, many, one
from cards.games.messages import gettext_noop

from .schema import COST_LETTERS


def _specified(card: Card) -> Iterable[object]:
    """Each colour the card's specified cost asks for, once (`RRG`: Red, Green), by its colour's
    name: the chart counts cards that need a colour, not letters."""
    letters = dict.fromkeys(card["specified_cost"] or "")
    return tuple(COST_LETTERS.get(letter, letter) for letter in letters) or (NONE,)


def _keywords(card: Card) -> Iterable[object]:
    return tuple(card["keywords"] or ())


CHARTS: Charts = (
    (gettext_noop("Energy cost"), one("energy_cost")),
    (gettext_noop("Colours"), many("colors")),
    (gettext_noop("Types"), card_type),
    (gettext_noop("Specified colours"), _specified),
    (gettext_noop("Keywords"), _keywords),
)

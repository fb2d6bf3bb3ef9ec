"""The statistics panel's charts for Dragon Ball Super Card Game decks (`cards.games.charts`)."""

from __future__ import annotations

from collections.abc import Iterable

from cards.games.base import Card
from cards.games.charts import NONE, Charts, card_type, many, one
from cards.games.messages import gettext_noop


def _specified(card: Card) -> Iterable[object]:
    return tuple(card["specified_cost"] or "") or (NONE,)


def _keywords(card: Card) -> Iterable[object]:
    return tuple(card["keywords"] or ())


CHARTS: Charts = (
    (gettext_noop("Energy cost"), one("energy_cost")),
    (gettext_noop("Colours"), many("colors")),
    (gettext_noop("Types"), card_type),
    (gettext_noop("Specified colours"), _specified),
    (gettext_noop("Keywords"), _keywords),
)
